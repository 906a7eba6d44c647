/**
 * The server program speaks the language of the locale (docs/language.md): its banner,
 * its shutdown line and the configuration errors it refuses to start with, in English
 * for LANG=en_US.UTF-8 and in Portuguese for LANG=pt_BR.UTF-8. Runs `src/main.ts` as a
 * real process (tsx as a loader, so no build is needed), plus every configuration message
 * through the English table.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { configErrorText } from '../src/start-up-texts';
import { freePort } from './helpers/free-port';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = join(root, 'packages', 'server', 'src', 'main.ts');

/** Words and letters that only a Portuguese text has. */
const PORTUGUESE = /[ãõçáéíóúâêô]|\b(ou|de|para|com|não|em|uma|um|exige|vão|deve|use um)\b/i;

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
    for (const [lang, listening, stopping] of [
      [
        'en_US.UTF-8',
        /^Reelay listening on http:\/\/\S+ \(SQLite at .+\); public address /m,
        'SIGTERM received: shutting down…',
      ],
      [
        'pt_BR.UTF-8',
        /^Reelay ouvindo em http:\/\/\S+ \(SQLite em .+\); endereço público /m,
        'SIGTERM recebido: encerrando…',
      ],
    ] as const) {
      const port = await freePort();
      const run = await runServer(
        {
          LANG: lang,
          PORT: String(port),
          HOST: '127.0.0.1',
          REELAY_DATA_DIR: mkdtempSync(join(tmpdir(), 'reelay-lang-')),
        },
        /listening on|ouvindo em/,
      );
      expect(run.stdout, run.stderr).toMatch(listening);
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
