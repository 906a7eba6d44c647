/**
 * A server started without the Instagram app credentials says what to do about it: the
 * `PLATFORM_CREDENTIALS_MISSING` answer (spec §7) names the variables to set and the
 * development alternative (`pnpm dev`, the emulator wired to the server), `details`
 * lists the variables, and the start-up log warns before anyone tries to connect.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, createReelay, loadConfig } from '../src';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer } from '@reelay/test-support/test-server';

const VARIABLES = ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'];

describe.each(testDialects())('without Instagram app credentials on $name', (dialect) => {
  it('tells to set INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET, or to use pnpm dev, when connecting', async () => {
    const server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    try {
      const account = await createAccount(server.url);
      const answer = await call(server.url, 'GET', '/v1/connect/instagram', undefined, account.key);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({
        statusCode: 500,
        code: 'PLATFORM_CREDENTIALS_MISSING',
        details: { variables: VARIABLES },
      });
      expect(answer.body.message).toContain('defina INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET');
      expect(answer.body.message).toContain('pnpm dev');

      // The platform's callbacks answer the same way.
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const callback = await call(
        server.url,
        'POST',
        '/v1/meta/deauthorize',
        'signed_request=a.b',
        form,
      );
      expect(callback.body).toMatchObject({
        statusCode: 500,
        code: 'PLATFORM_CREDENTIALS_MISSING',
        details: { variables: VARIABLES },
      });
    } finally {
      await server.close();
    }
  });

  /** Starts and stops a server with these extra settings; returns its log lines. */
  async function startUpLog(env: Record<string, string> = {}): Promise<string[]> {
    const database = await dialect.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-data-'));
    const lines: string[] = [];
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REELAY_DATA_DIR: dataDir,
        REELAY_PUBLIC_URL: 'http://127.0.0.1:9',
        REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
        ...env,
      });
      const reelay = await createReelay(config, {
        workers: false,
        logger: createLogger('warn', (line) => lines.push(line)),
      });
      await reelay.close();
      return lines;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }

  it('warns at start-up which variables are missing', async () => {
    const warnings = (await startUpLog())
      .map((line) => JSON.parse(line) as { level: string; message: string })
      .filter((entry) => entry.message.includes('INSTAGRAM_APP_ID'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe('warn');
    expect(warnings[0]!.message).toContain('INSTAGRAM_APP_SECRET');
    expect(warnings[0]!.message).toContain('pnpm dev');
  });

  it('says nothing about them when both are set', async () => {
    const lines = await startUpLog({ INSTAGRAM_APP_ID: '123', INSTAGRAM_APP_SECRET: 'segredo' });
    expect(lines.filter((line) => line.includes('INSTAGRAM_APP_ID'))).toEqual([]);
  });
});
