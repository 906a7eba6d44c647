/**
 * `reelay accounts connect --login facebook` and the login column of `reelay accounts
 * list`, as the built binary, against a real server with the Facebook Login app wired to
 * the emulator.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import type { Platform } from '@reelay/test-support/with-emulator';
import { facebookPerson, startWithFacebook } from '@reelay/test-support/with-facebook';
import { createLiveClock } from './helpers/platform';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('reelay accounts with Facebook Login', { timeout: 60_000 }, () => {
  let platform: Platform;
  let owner: Account;
  let reelay: Cli;

  beforeAll(async () => {
    // The subprocess reads the real time; the server follows it.
    platform = await startWithFacebook(testDialects()[0]!, { clock: createLiveClock() });
    owner = await createAccount(platform.server.url);
    reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
  });
  afterAll(async () => {
    await platform?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
  });

  it('prints the Facebook dialog, waits for the Pages chosen, and lists the account with its login', async () => {
    const running = reelay.start([
      'accounts',
      'connect',
      '--login',
      'facebook',
      '--no-open',
      '--timeout',
      '30',
      '--interval',
      '200',
      '--json',
    ]);
    const [link] = await running.waitFor('stderr', /https?:\/\/\S+\/facebook\/\S+dialog\/oauth\S+/);
    const { person } = facebookPerson(platform.emulator, ['cli.pagina']);
    const dialog = new URL(link);
    dialog.searchParams.set('user', person.id);
    const redirect = await fetch(dialog, { redirect: 'manual' });
    const callback = await fetch(redirect.headers.get('location')!, { redirect: 'manual' });
    expect(callback.status).toBe(200);
    const result = await running.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().integration).toMatchObject({
      displayName: 'cli.pagina',
      loginMode: 'facebook',
    });

    const table = await reelay.run(['accounts', 'list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+USUÁRIO\s+STATUS\s+AUTORIZAÇÃO\s+PERFIL\s+LOGIN\s+/m);
    expect(table.stdout).toMatch(/@cli\.pagina\s+connected\s+active\s+\S+\s+facebook/);
  });

  it('refuses a login mode it does not know (exit 2)', async () => {
    const result = await reelay.run(['accounts', 'connect', '--login', 'tiktok', '--no-open']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tiktok');
  });
});
