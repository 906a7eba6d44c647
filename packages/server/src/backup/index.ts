/** Backups of a Reelay server's data, and their restore (`reelay backup`, `reelay restore`). */
export { BackupError, type BackupErrorCode } from './backup-error';
export { createBackup, type BackupOptions, type BackupResult } from './create-backup';
export { restoreBackup, type RestoreOptions, type RestoreResult } from './restore-backup';
export type { BackupManifest } from './manifest';
export type { PgDumpOutcome, PgPrograms } from './postgres-backup';
