/**
 * The server program speaks the language of the locale (docs/language.md): the notices it
 * logs while starting, its banner, its shutdown line and the configuration errors it
 * refuses to start with, in English for LANG=en_US.UTF-8 and in Portuguese for
 * LANG=pt_BR.UTF-8. Runs `src/main.ts` as a real process (tsx as a loader, so no build is
 * needed), plus every configuration message through the English table and every start-up
 * notice in both languages.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createReelay } from '../src/create-reelay';
import { createLogger } from '../src/logger';
import {
  configErrorText,
  startFailureText,
  START_UP_NOTICES,
  startUpNoticeText,
  type StartUpNotice,
} from '../src/start-up-texts';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = join(root, 'packages', 'server', 'src', 'main.ts');

/** Words and letters that only a Portuguese text has. */
const PORTUGUESE = /[ãõçáéíóúâêô]|\b(ou|de|para|com|não|em|uma|um|exige|vão|deve|use um)\b/i;
/** Words that only an English text has. */
const ENGLISH = /\b(the|and|is|are|not|only|with|of|several|using|no request)\b/i;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Starts the server; `stopWhen` sees stdout and says when to send SIGTERM. */
function runServer(env: Record<string, string>, stopWhen?: RegExp): Promise<Run> {
  // Node itself (tsx as a loader), so the signal reaches the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@reelay/source', MAIN], {
    env: { PATH: process.env.PATH ?? '', REELAY_LOG_LEVEL: 'error', ...env },
    cwd: root,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stopWhen?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ stdout, stderr, code })));
}

describe('server start-up texts', { timeout: 90_000 }, () => {
  it('greets and says goodbye in the locale language', async () => {
    for (const [lang, listening, metrics, stopping] of [
      [
        'en_US.UTF-8',
        /^Reelay listening on http:\/\/\S+ \(SQLite at .+\); public address /m,
        'metrics at',
        'SIGTERM received: shutting down…',
      ],
      [
        'pt_BR.UTF-8',
        /^Reelay ouvindo em http:\/\/\S+ \(SQLite em .+\); endereço público /m,
        'métricas em',
        'SIGTERM recebido: encerrando…',
      ],
    ] as const) {
      const port = await freePort();
      const metricsPort = await freePort();
      const run = await runServer(
        {
          LANG: lang,
          PORT: String(port),
          HOST: '127.0.0.1',
          REELAY_METRICS_PORT: String(metricsPort),
          REELAY_DATA_DIR: mkdtempSync(join(tmpdir(), 'reelay-lang-')),
        },
        /listening on|ouvindo em/,
      );
      expect(run.stdout, run.stderr).toMatch(listening);
      expect(run.stdout).toContain(`; ${metrics} http://127.0.0.1:${metricsPort}/metrics`);
      expect(run.stdout).toContain(stopping);
      expect(run.code).toBe(0);
    }
  });

  it('refuses a bad configuration in the locale language', async () => {
    const english = await runServer({ LANG: 'en_US.UTF-8', REELAY_COLOUR: 'blue' });
    expect(english.code).toBe(1);
    expect(english.stderr.trim()).toBe(
      'Unknown variable: REELAY_COLOUR. Check the name; the accepted ones are in docs/self-hosting.md.',
    );
    const portuguese = await runServer({ LC_ALL: 'pt_BR.UTF-8', LANG: 'en_US.UTF-8', PORT: 'x' });
    expect(portuguese.code).toBe(1);
    expect(portuguese.stderr.trim()).toBe('Configuração inválida: PORT: use um número de porta');
  });
});

/** A JSON log line, as the server writes them on stderr. */
interface LogLine {
  level: string;
  message: string;
  code?: string;
}

const logLines = (stderr: string): LogLine[] =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * A database as one from before the encryption-key check: a secret stored with `key`,
 * and no record of the key, so the next start checks the key against the secret and
 * records it (a start-up notice).
 */
async function databaseWithUncheckedKey(database: TestDatabase, key: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-lang-db-'));
  const reelay = await createReelay(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REELAY_DATA_DIR: dataDir,
      REELAY_ENCRYPTION_KEY: key,
      REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    }),
    { logger: createLogger('silent'), workers: false },
  );
  const db = reelay.context.db as unknown as Kysely<any>;
  const now = Date.now();
  await db
    .insertInto('webhook_subscriptions')
    .values({
      id: `whs_${randomBytes(6).toString('hex')}`,
      project_id: 'prj_lang',
      url: 'https://hooks.example.com/reelay',
      event_types: '["post.published"]',
      profile_id: null,
      only_scheduled_posts: 0,
      paused: 0,
      secret: reelay.context.cipher.encrypt(`whsec_${randomBytes(32).toString('base64')}`),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.deleteFrom('key_checks').execute();
  await reelay.close();
  rmSync(dataDir, { recursive: true, force: true });
}

describe('start-up notices', { timeout: 120_000 }, () => {
  const LANGUAGES = [
    ['en_US.UTF-8', 'en', PORTUGUESE],
    ['pt_BR.UTF-8', 'pt-BR', ENGLISH],
  ] as const;

  /** Starts the server until it listens, and answers the log lines it wrote meanwhile. */
  async function startUpLog(env: Record<string, string>): Promise<LogLine[]> {
    const port = await freePort();
    const run = await runServer(
      { PORT: String(port), HOST: '127.0.0.1', REELAY_LOG_LEVEL: 'info', ...env },
      /listening on|ouvindo em/,
    );
    expect(run.code, run.stderr).toBe(0);
    return logLines(run.stderr);
  }

  it.each(LANGUAGES)(
    'are logged in the locale language: %s (development keys, private URLs, no limits, no app)',
    async (lang, language, otherLanguage) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reelay-lang-'));
      const lines = await startUpLog({
        LANG: lang,
        REELAY_DATA_DIR: dataDir,
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        REELAY_RATE_LIMITS: 'off',
      });
      rmSync(dataDir, { recursive: true, force: true });
      for (const line of lines) expect(line.message).not.toMatch(otherLanguage);
      expect(lines.map((line) => line.code)).toEqual([
        'DEV_ENCRYPTION_KEY',
        'DEV_AUTH_SECRET',
        'PRIVATE_URLS_ALLOWED',
        'RATE_LIMITS_OFF',
        'PLATFORM_CREDENTIALS_MISSING',
      ]);
      for (const line of lines) {
        expect(line.message).toBe(startUpNoticeText(language, line.code as StartUpNotice));
      }
    },
  );

  const postgres = testDialects().find((dialect) => dialect.name === 'postgres');
  it.skipIf(!postgres).each(LANGUAGES)(
    'are logged in the locale language: %s (PostgreSQL with local files, a key recorded)',
    async (lang, language, otherLanguage) => {
      const database = await postgres!.create();
      const key = randomBytes(32).toString('base64');
      const dataDir = mkdtempSync(join(tmpdir(), 'reelay-lang-'));
      try {
        await databaseWithUncheckedKey(database, key);
        const lines = await startUpLog({
          LANG: lang,
          DATABASE_URL: database.url,
          REELAY_DATA_DIR: dataDir,
          REELAY_ENCRYPTION_KEY: key,
          REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
          INSTAGRAM_APP_ID: '1',
          INSTAGRAM_APP_SECRET: 'app-secret',
        });
        for (const line of lines) expect(line.message).not.toMatch(otherLanguage);
        expect(lines.map((line) => line.code)).toEqual([
          'LOCAL_STORAGE_WITH_SHARED_DATABASE',
          'ENCRYPTION_KEY_RECORDED',
        ]);
        for (const line of lines) {
          expect(line.message).toBe(startUpNoticeText(language, line.code as StartUpNotice));
        }
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('exist in both languages, each in its own words', () => {
    for (const notice of START_UP_NOTICES) {
      const en = startUpNoticeText('en', notice);
      const pt = startUpNoticeText('pt-BR', notice);
      expect(en, notice).not.toMatch(PORTUGUESE);
      expect(pt, notice).not.toMatch(ENGLISH);
      expect(en, notice).not.toBe(pt);
    }
  });
});

describe('startFailureText', () => {
  it("says the database's refusals in English, and nothing else", () => {
    const newer = new Error(
      'o banco de dados foi migrado por uma versão mais nova do Reelay (migração 2026-12-01-030-x, desconhecida desta versão); inicie a versão mais nova ou restaure o backup feito antes da atualização',
    );
    expect(startFailureText('en', newer)).toBe(
      'the database was migrated by a newer version of Reelay (migration 2026-12-01-030-x, unknown to this version); start the newer version or restore the backup taken before the upgrade',
    );
    expect(startFailureText('pt-BR', newer)).toBe(newer.message);
    expect(
      startFailureText('en', new Error('migração 2026-11-28-025-list-indexes falhou: boom')),
    ).toBe('migration 2026-11-28-025-list-indexes failed: boom');
    expect(startFailureText('en', new Error('migração falhou: boom'))).toBe(
      'migration failed: boom',
    );
    expect(startFailureText('en', new Error('ECONNREFUSED 127.0.0.1:5432'))).toBeNull();
    expect(startFailureText('en', 'not an error')).toBeNull();
  });
});

describe('configErrorText', () => {
  /** Environments that each make loadConfig refuse with one of its messages. */
  const REFUSED: Array<Record<string, string>> = [
    { REELAY_NOPE: '1' },
    { NODE_ENV: 'production' },
    { NODE_ENV: 'production', REELAY_ENCRYPTION_KEY: 'a'.repeat(64) },
    { INSTAGRAM_APP_ID: '1' },
    { FACEBOOK_APP_ID: '1' },
    {
      FACEBOOK_CONFIG_ID: '1',
      FACEBOOK_SCOPES: 'x',
      FACEBOOK_APP_ID: '1',
      FACEBOOK_APP_SECRET: 'y',
    },
    { REELAY_OIDC_AUDIENCE: 'x' },
    { DATABASE_URL: 'mysql://db' },
    { REELAY_S3_BUCKET: 'b' },
    { REELAY_STORAGE: 's3' },
    { REELAY_MEDIA_DELIVERY: 'presigned' },
    { PORT: '99999', REELAY_RATE_LIMITS: 'maybe', REELAY_PUBLIC_URL: 'ftp://x' },
  ];

  it('has English for every message loadConfig refuses with', () => {
    for (const env of REFUSED) {
      let message = '';
      try {
        loadConfig({ REELAY_DATA_DIR: tmpdir(), ...env });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        message = error.message;
      }
      expect(message, JSON.stringify(env)).not.toBe('');
      const english = configErrorText('en', message);
      expect(english, message).not.toMatch(PORTUGUESE);
      expect(configErrorText('pt-BR', message)).toBe(message);
    }
  });

  it("has English for every message of the variables' schema", () => {
    const sources = ['config-schema.ts', 'rate-limit-settings.ts'].map((file) =>
      readFileSync(join(root, 'packages', 'server', 'src', file), 'utf8'),
    );
    const messages = sources.flatMap((source) =>
      [...source.matchAll(/(?:error: |digits\()'([^']+)'/g)].map((match) => match[1]!),
    );
    expect(messages.length).toBeGreaterThan(10);
    for (const message of new Set(messages)) {
      const english = configErrorText('en', `Configuração inválida: SOME_VAR: ${message}`);
      expect(english, message).toMatch(/^Invalid configuration: SOME_VAR: /);
      expect(english, message).not.toMatch(PORTUGUESE);
    }
  });
});
