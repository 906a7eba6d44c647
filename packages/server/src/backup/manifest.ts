/**
 * `manifest.json`, what a backup folder holds: enough for a restore to check, before it
 * changes anything, that the backup is complete and that the encryption key in the
 * environment is the one its secrets were written with.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './backup-error';

/** Raised when the layout of a backup folder changes; a restore refuses newer formats. */
export const BACKUP_FORMAT_VERSION = 1;

/** The database file of a backup, by dialect. */
export const DATABASE_FILES = { sqlite: 'reelay.db', postgres: 'database.pgdump' } as const;
/** Local media files are copied under this folder of the backup. */
export const MEDIA_FOLDER = 'media';
/** The bucket listing of S3 storage. */
export const BUCKET_LISTING_FILE = 's3-objects.json';

export interface BackupManifest {
  formatVersion: number;
  /** ISO 8601. */
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** `false` when `pg_dump` could not run here: the dump is to be made by hand. */
  databaseWritten: boolean;
  /** The newest migration the database had; a restore onto a newer server migrates on. */
  lastMigration: string | null;
  media: { storage: 'local' | 's3'; count: number; bytes: number };
  /**
   * The fingerprint of the encryption key (an HMAC of a constant under it, the one the
   * database keeps in `key_checks`): equal keys give equal fingerprints, and it tells
   * nothing about the key. `null` for a database that never stored one.
   */
  keyCheck: string | null;
}

const MANIFEST_FILE = 'manifest.json';

/** Writes the manifest last: a folder without one is an unfinished backup. */
export function writeManifest(dir: string, manifest: BackupManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function hasManifest(dir: string): boolean {
  return existsSync(join(dir, MANIFEST_FILE));
}

/** The manifest of a backup folder, or a `NOT_A_BACKUP` refusal. */
export function readManifest(dir: string): BackupManifest {
  const path = join(dir, MANIFEST_FILE);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('NOT_A_BACKUP', `${path} não é o manifesto de um backup do Reelay.`, {
      dir,
    });
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      'NOT_A_BACKUP',
      `o backup em ${dir} tem o formato ${String(manifest.formatVersion)}, que esta versão não lê.`,
      { dir },
    );
  }
  return manifest;
}
