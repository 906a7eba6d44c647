/**
 * The SQLite database of a backup. The copy is made with SQLite's online backup API
 * (better-sqlite3's `backup`), which reads a consistent snapshot through the WAL while the
 * server keeps writing. A restore writes a temporary file next to the target and renames
 * it into place, so the target is either the old database or the whole new one.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { BackupError } from './backup-error';

/**
 * Copies the live database at `source` to `target`.
 *
 * @example
 * ```ts
 * await backUpSqlite('/var/lib/reelay/reelay.db', '/backups/1/reelay.db');
 * ```
 */
export async function backUpSqlite(source: string, target: string): Promise<void> {
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // The server may hold the write lock for a moment; wait like the server does.
    database.pragma('busy_timeout = 5000');
    await database.backup(target);
  } finally {
    database.close();
  }
}

/**
 * Puts the backup's database file at `target`. Refuses an existing target unless `force`.
 *
 * @example
 * ```ts
 * restoreSqlite('/backups/1/reelay.db', '/var/lib/reelay/reelay.db', { force: false });
 * ```
 */
export function restoreSqlite(source: string, target: string, options: { force: boolean }): void {
  const companions = [`${target}-wal`, `${target}-shm`, `${target}-journal`];
  if (existsSync(target) && !options.force) {
    // A -wal or -shm file next to it means a server has it open, or was killed with it open.
    const inUse = companions.some((file) => existsSync(file));
    throw new BackupError(
      'TARGET_EXISTS',
      `${target} já existe${inUse ? ' e parece estar em uso por um servidor' : ''}; pare o servidor e use --force para substituí-lo.`,
      { file: target, inUse: String(inUse) },
    );
  }
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    copyFileSync(source, temporary);
    // A WAL left by the old database would be replayed onto the new one and corrupt it:
    // gone before the new file takes the name.
    for (const file of companions) rmSync(file, { force: true });
    renameSync(temporary, target);
  } finally {
    rmSync(temporary, { force: true });
  }
}
