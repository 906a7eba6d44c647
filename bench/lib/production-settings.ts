/**
 * The environment of a server a bench measures: production settings, fresh secrets, its
 * own port and data folder, and the platform at the emulator's address.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET } from '@reelay/emulator';

/**
 * Variables for `loadConfig`, before a fixture's own.
 *
 * @example
 * ```ts
 * const config = loadConfig({ ...productionSettings({ port, dataDir, databaseUrl, emulatorUrl }), REELAY_INBOX_DAYS: '30' });
 * ```
 */
export function productionSettings(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  emulatorUrl: string;
}): Record<string, string | undefined> {
  const { port, dataDir, databaseUrl, emulatorUrl } = options;
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REELAY_DATA_DIR: dataDir,
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    REELAY_ALLOW_SIGNUP: 'true',
    INSTAGRAM_APP_ID: DEFAULT_APP_ID,
    INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
    INSTAGRAM_AUTHORIZE_URL: emulatorUrl,
    INSTAGRAM_API_URL: emulatorUrl,
    INSTAGRAM_GRAPH_URL: emulatorUrl,
  };
}
