/**
 * The PostgreSQL database of a backup: a `pg_dump --format=custom` file, made with the
 * `pg_dump` found on PATH when its major version is at least the server's (an older
 * `pg_dump` refuses a newer server). Otherwise nothing is written and the command to run
 * is handed back. A restore runs `pg_restore` only into a database with no Reelay table.
 */
import { openStore } from '../store/database';
import { postgresMajorVersion, reelayTablesPresent } from '../store/database-facts';
import { BackupError } from './backup-error';
import { clientMajorVersion, run, shellQuote } from './pg-tools';

/** The PostgreSQL programs to run; tests name a missing one to take the by-hand path. */
export interface PgPrograms {
  pgDump: string;
  pgRestore: string;
}

export const DEFAULT_PG_PROGRAMS: PgPrograms = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

export type PgDumpOutcome =
  | { written: true }
  | {
      written: false;
      /** `missing`: no pg_dump on PATH; `too-old`: its major version is below the server's. */
      reason: 'missing' | 'too-old';
      clientVersion: number | null;
      serverVersion: number;
      /** The command to run by hand (the connection string read from `$DATABASE_URL`). */
      command: string;
    };

async function serverMajorVersion(connectionString: string): Promise<number> {
  const store = openStore({ dialect: 'postgres', connectionString }, { poolSize: 1 });
  try {
    return await postgresMajorVersion(store.db);
  } finally {
    await store.close();
  }
}

/**
 * Dumps the database to `file`, or answers the command to run by hand.
 *
 * @example
 * ```ts
 * await dumpPostgres(process.env.DATABASE_URL!, '/backups/1/database.pgdump');
 * ```
 */
export async function dumpPostgres(
  connectionString: string,
  file: string,
  programs: PgPrograms = DEFAULT_PG_PROGRAMS,
): Promise<PgDumpOutcome> {
  const serverVersion = await serverMajorVersion(connectionString);
  const clientVersion = await clientMajorVersion(programs.pgDump);
  const args = ['--format=custom', '--no-owner', `--file=${file}`];
  if (clientVersion === null || clientVersion < serverVersion) {
    return {
      written: false,
      reason: clientVersion === null ? 'missing' : 'too-old',
      clientVersion,
      serverVersion,
      // The URL may hold a password: the printed line reads it from the environment.
      command: `pg_dump ${args.map(shellQuote).join(' ')} --dbname="$DATABASE_URL"`,
    };
  }
  const result = await run(programs.pgDump, [...args, `--dbname=${connectionString}`]);
  if (result.code !== 0) {
    throw new BackupError('PG_DUMP_FAILED', `pg_dump falhou: ${result.stderr.trim()}`, {
      output: result.stderr.trim(),
    });
  }
  return { written: true };
}

/** Throws `DATABASE_NOT_EMPTY` when the database already holds Reelay's tables. */
export async function assertPostgresEmpty(connectionString: string): Promise<void> {
  const store = openStore({ dialect: 'postgres', connectionString }, { poolSize: 1 });
  try {
    const tables = await reelayTablesPresent(store.db);
    if (tables.length > 0) {
      throw new BackupError(
        'DATABASE_NOT_EMPTY',
        'o banco de dados PostgreSQL de DATABASE_URL já tem tabelas do Reelay; restaure num banco vazio.',
        { tables: tables.join(', ') },
      );
    }
  } finally {
    await store.close();
  }
}

/**
 * Restores a `pg_dump --format=custom` file into the (empty) database.
 *
 * @example
 * ```ts
 * await restorePostgres(process.env.DATABASE_URL!, '/backups/1/database.pgdump');
 * ```
 */
export async function restorePostgres(
  connectionString: string,
  file: string,
  programs: PgPrograms = DEFAULT_PG_PROGRAMS,
): Promise<void> {
  const args = ['--no-owner', '--exit-on-error', '--single-transaction'];
  const result = await run(programs.pgRestore, [
    ...args,
    `--dbname=${connectionString}`,
    file,
  ]).catch(() => null);
  if (result === null || result.code !== 0) {
    const output = result === null ? 'pg_restore não está no PATH' : result.stderr.trim();
    throw new BackupError('PG_RESTORE_FAILED', `pg_restore falhou: ${output}`, {
      output,
      command: `pg_restore ${args.join(' ')} --dbname="$DATABASE_URL" ${shellQuote(file)}`,
    });
  }
}
