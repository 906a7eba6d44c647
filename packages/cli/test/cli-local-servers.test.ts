/**
 * `reelay serve` and `reelay emulator` as subprocesses: each starts, answers over HTTP,
 * and stops cleanly on a signal. `serve` reads the same environment as `pnpm start`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '@reelay/test-support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliFor, freshConfigDir } from '@reelay/test-support/cli';

const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-serve-'));
const reelay = cliFor(freshConfigDir());

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(reelay.configDir, { recursive: true, force: true });
});

describe('reelay serve', () => {
  it('starts the server from the environment, prints the pnpm start line, and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = reelay.start(['serve', '--port', String(port), '--host', '127.0.0.1'], {
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: join(scratch, 'reelay.db'),
        REELAY_DATA_DIR: join(scratch, 'data'),
        REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
        REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
        REELAY_LOG_LEVEL: 'silent',
        // The CLI's own variables are not the server's: they must not stop it from starting.
        REELAY_API_KEY: 'rly_live_not_for_the_server',
      },
      timeoutMs: 60_000,
    });
    const [line] = await server.waitFor('stdout', /^Reelay ouvindo em .+$/m, 30_000);
    expect(line).toBe(
      `Reelay ouvindo em http://127.0.0.1:${port} (SQLite em ${join(scratch, 'reelay.db')}); endereço público http://127.0.0.1:${port}`,
    );
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    server.child.kill('SIGTERM');
    const result = await server.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('SIGTERM recebido: encerrando…');
  });

  it('refuses a bad server configuration with exit 3, naming the variable', async () => {
    const result = await reelay.run(['serve', '--json'], { env: { REELAY_LOG_LEVL: 'debug' } });
    expect(result.code).toBe(3);
    expect(result.errorJson()).toMatchObject({ code: 'SERVER_CONFIG_INVALID' });
    expect(result.errorJson().message).toContain('REELAY_LOG_LEVL');
  });

  it('refuses a port that is not a number (exit 2)', async () => {
    expect((await reelay.run(['serve', '--port', 'oito'])).code).toBe(2);
  });
});

describe('reelay emulator', () => {
  it('starts the emulator, answers its control API, and stops on Ctrl-C', async () => {
    const emulator = reelay.start(['emulator', '--port', '0', '--seed', 'cli', '--json'], {
      timeoutMs: 30_000,
    });
    const [line] = await emulator.waitFor('stdout', /^\{.+\}$/m);
    const started = JSON.parse(line);
    expect(started).toMatchObject({ appId: 'emulator-app-id' });
    const config = await fetch(`${started.url}/_emulator/config`);
    expect(config.status).toBe(200);
    const account = await fetch(`${started.url}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cafe.aurora' }),
    });
    expect(account.status).toBe(201);
    emulator.child.kill('SIGINT');
    const result = await emulator.done;
    expect(result.code).toBe(0);
  });

  it('prints the same lines as reelay-emulator without --json, in the user language', async () => {
    const emulator = reelay.start(['emulator', '--port', '0'], { env: { LANG: 'en_US.UTF-8' } });
    const [, url] = await emulator.waitFor('stdout', /listening on (http:\/\/\S+)/);
    await emulator.waitFor('stdout', /Control API: .+\/_emulator \(app id emulator-app-id\)/);
    expect((await fetch(`${url}/_emulator/clock`)).status).toBe(200);
    emulator.child.kill('SIGTERM');
    expect((await emulator.done).code).toBe(0);

    const emulador = reelay.start(['emulator', '--port', '0']);
    const [, address] = await emulador.waitFor('stdout', /ouvindo em (http:\/\/\S+)/);
    await emulador.waitFor('stdout', /API de controle: .+\/_emulator \(app id emulator-app-id\)/);
    expect((await fetch(`${address}/_emulator/clock`)).status).toBe(200);
    emulador.child.kill('SIGTERM');
    expect((await emulador.done).code).toBe(0);
  });
});
