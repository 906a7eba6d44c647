/**
 * `reelay doctor`, as the built binary, against real servers wired to the emulator: a
 * good setup exits 0 and lists the checks; a wrong one (http on 127.0.0.1 without private
 * URLs allowed, a wrong app secret) exits 2 with each problem named; `--json` parses.
 */
import { DEFAULT_APP_ID, startEmulator, type Emulator } from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { startWithEmulator, type Platform } from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir } from '@reelay/test-support/cli';

describe('reelay doctor', { timeout: 60_000 }, () => {
  let good: Platform;
  let goodOwner: Account;
  let emulator: Emulator;
  let wrong: TestServer;
  let wrongOwner: Account;

  beforeAll(async () => {
    const sqlite = testDialects()[0]!;
    good = await startWithEmulator(sqlite, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    goodOwner = await createAccount(good.server.url);
    emulator = await startEmulator({ port: 0, host: '127.0.0.1', fetchMedia: false });
    wrong = await startTestServer(sqlite, {
      reelay: { workers: false },
      env: {
        INSTAGRAM_APP_ID: DEFAULT_APP_ID,
        INSTAGRAM_APP_SECRET: 'segredo-errado',
        INSTAGRAM_GRAPH_URL: emulator.url,
      },
    });
    wrongOwner = await createAccount(wrong.url);
  });
  afterAll(async () => {
    await good?.close();
    await wrong?.close();
    await emulator?.close();
  });

  const cliOf = (url: string, owner: Account) =>
    cliFor(freshConfigDir(), { REELAY_SERVER: url, REELAY_API_KEY: owner.apiKey });

  it('exits 0 on a good setup, warnings allowed, in English with --lang en', async () => {
    const result = await cliOf(good.server.url, goodOwner).run(['doctor', '--lang', 'en']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ App credentials: /m);
    // The server speaks Portuguese; the CLI says the same in the person's language.
    expect(result.stdout).toMatch(
      /^! Public URL: REELAY_PUBLIC_URL uses http, not https; 127\.0\.0\.1 resolves to 127\.0\.0\.1 \(loopback address\)\. Accepted for development only/m,
    );
    expect(result.stdout).toMatch(
      /^✓ Database: The database answers and its migrations are up to date\.$/m,
    );
    expect(result.stdout).not.toMatch(/ não | já | está |endereço/);
    expect(result.stdout).toMatch(/^✓ Redirect URI: .*\/v1\/connect\/instagram\/callback/m);
    expect(result.stdout).toMatch(/\d+ ok, \d+ warning\(s\), 0 error\(s\)/);
  });

  it('exits 2 on a wrong setup and names each problem with its fix', async () => {
    const result = await cliOf(wrong.url, wrongOwner).run(['doctor']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^✗ URL pública: /m);
    expect(result.stdout).toMatch(/^✗ Credenciais do app: /m);
    expect(result.stdout).toMatch(/^- Mídia pela URL pública: /m);
    expect(result.stdout).toMatch(/^! E-mail \(SMTP\): /m);
    expect(result.stdout).toContain('como corrigir: Defina REELAY_PUBLIC_URL');
    expect(result.stderr).toContain('SETUP_ERRORS');
  });

  it('prints the raw answer with --json', async () => {
    const result = await cliOf(wrong.url, wrongOwner).run(['doctor', '--json']);
    expect(result.code).toBe(2);
    const answer = JSON.parse(result.stdout) as { ok: boolean; checks: { id: string }[] };
    expect(answer.ok).toBe(false);
    expect(answer.checks.map((check) => check.id)).toContain('platform_credentials');
  });
});
