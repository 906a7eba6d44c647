/**
 * Why a backup or a restore stopped without changing anything. The `code` is stable (the
 * CLI turns it into text in the person's language and an exit code); `details` names the
 * files, versions or commands involved.
 */

/** Every reason a backup or a restore is refused. */
export type BackupErrorCode =
  /** The folder holds no `manifest.json` of a Reelay backup, or one of a newer format. */
  | 'NOT_A_BACKUP'
  /** The backup folder already holds a backup. */
  | 'BACKUP_EXISTS'
  /** The encryption key in the environment is not the one the backup was made with. */
  | 'KEY_MISMATCH'
  /** No encryption key to check: neither REELAY_ENCRYPTION_KEY nor a development key file. */
  | 'KEY_MISSING'
  /** The SQLite file to restore into exists (`--force` replaces it). */
  | 'TARGET_EXISTS'
  /** The PostgreSQL database to restore into already holds Reelay tables. */
  | 'DATABASE_NOT_EMPTY'
  /** The backup's database was made for the other dialect. */
  | 'DIALECT_MISMATCH'
  /** `pg_restore` is missing from PATH, or failed. */
  | 'PG_RESTORE_FAILED'
  /** `pg_dump` failed while running. */
  | 'PG_DUMP_FAILED';

/**
 * @example
 * ```ts
 * throw new BackupError('KEY_MISMATCH', 'a chave não é a do backup', { dir: '/backups/1' });
 * ```
 */
export class BackupError extends Error {
  readonly code: BackupErrorCode;
  readonly details: Record<string, string>;

  constructor(code: BackupErrorCode, message: string, details: Record<string, string> = {}) {
    super(message);
    this.name = 'BackupError';
    this.code = code;
    this.details = details;
  }
}
