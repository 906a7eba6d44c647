/**
 * Where the database and the data folder are when the environment does not say: SQLite
 * beside its data, and a data folder that does not depend on the current folder.
 */
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ConfigError, type DatabaseSettings } from './reelay-config';

/**
 * The data folder when REELAY_DATA_DIR is unset. Never the current folder: `pnpm start`,
 * `reelay serve` and a service manager start in different folders, and each generated
 * its own development encryption key against the same database. Beside a SQLite file
 * named by DATABASE_URL, so its secrets stay with it; otherwise the user's data folder.
 *
 * @example
 * ```ts
 * defaultDataDir('/srv/reelay/reelay.db', {}); // '/srv/reelay'
 * defaultDataDir(undefined, { HOME: '/home/ana' }); // '/home/ana/.local/share/reelay'
 * ```
 */
export function defaultDataDir(
  databaseUrl: string | undefined,
  env: Record<string, string | undefined>,
): string {
  if (databaseUrl !== undefined) {
    const database = databaseSettings(databaseUrl, '');
    if (database.dialect === 'sqlite' && database.filename !== ':memory:') {
      return dirname(database.filename);
    }
  }
  if (env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME)) return join(env.XDG_DATA_HOME, 'reelay');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'reelay');
  return join(env.HOME || homedir(), '.local', 'share', 'reelay');
}

/**
 * The database a `DATABASE_URL` names; unset means SQLite in the data folder.
 *
 * @example
 * ```ts
 * databaseSettings('postgres://db/reelay', '/data'); // { dialect: 'postgres', connectionString: 'postgres://db/reelay' }
 * databaseSettings(undefined, '/data'); // { dialect: 'sqlite', filename: '/data/reelay.db' }
 * ```
 */
export function databaseSettings(url: string | undefined, dataDir: string): DatabaseSettings {
  if (url === undefined) return { dialect: 'sqlite', filename: resolve(dataDir, 'reelay.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file:')) {
    throw new ConfigError(
      'DATABASE_URL: use postgres://… para PostgreSQL, ou um caminho de arquivo (ou file:…) para SQLite.',
    );
  }
  const path = url.replace(/^file:(\/\/)?/, '');
  if (path === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
  return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(path) };
}
