/**
 * `reelay logout` ends the stored session on the server, not only on this machine: the
 * refresh token it kept is refused afterwards. A server that cannot be reached does not
 * keep the credentials on disk.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';
import { call } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

const password = 'correct horse battery staple';

describe('reelay logout', { timeout: 60_000 }, () => {
  let server: TestServer;
  const folders: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(testDialects()[0]!, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
  });
  afterAll(async () => {
    await server.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function signedIn(): Promise<{ reelay: Cli; refreshToken: string }> {
    const folder = freshConfigDir();
    folders.push(folder);
    const reelay = cliFor(folder, { REELAY_SERVER: server.url });
    const email = `sair-${folders.length}-${Date.now()}@example.com`;
    const signup = await reelay.run(['signup', '--email', email, '--password-stdin', '--json'], {
      input: password,
    });
    expect(signup.code, signup.stderr).toBe(0);
    return { reelay, refreshToken: stored(reelay).refreshToken! };
  }

  const stored = (reelay: Cli) =>
    (
      JSON.parse(readFileSync(join(reelay.configDir, 'contexts.json'), 'utf8')) as {
        contexts: Record<string, Record<string, string | undefined>>;
      }
    ).contexts.default!;

  it('revokes the stored refresh token on the server, then forgets it', async () => {
    const { reelay, refreshToken } = await signedIn();
    expect(refreshToken).toMatch(/^rrt_/);

    const result = await reelay.run(['logout', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toEqual({ success: true, context: 'default' });
    expect(stored(reelay)).not.toHaveProperty('refreshToken');

    const refused = await call(server.url, 'POST', '/v1/auth/refresh', { refreshToken });
    expect(refused).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('forgets the credentials with a note when the server cannot be reached', async () => {
    const { reelay, refreshToken } = await signedIn();
    const nowhere = `http://127.0.0.1:${await freePort()}`;

    const result = await reelay.run(['logout'], { env: { REELAY_SERVER: nowhere } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('o servidor não confirmou o fim da sessão');
    expect(stored(reelay)).not.toHaveProperty('refreshToken');
    // Nothing reached the server: that session still renews there.
    expect((await call(server.url, 'POST', '/v1/auth/refresh', { refreshToken })).status).toBe(200);
  });
});
