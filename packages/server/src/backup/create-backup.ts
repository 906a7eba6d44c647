/**
 * `createBackup`: a backup of a running (or stopped) server's data into a folder — the
 * database, the media (files, or a bucket's listing) and `manifest.json`, written last.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ReelayConfig } from '../reelay-config';
import { BackupError } from './backup-error';
import { readDatabaseFacts } from './database-facts';
import { currentKeyFingerprint } from './key-fingerprint';
import {
  BACKUP_FORMAT_VERSION,
  BUCKET_LISTING_FILE,
  DATABASE_FILES,
  hasManifest,
  MEDIA_FOLDER,
  writeManifest,
  type BackupManifest,
} from './manifest';
import { copyMediaFiles, writeBucketListing } from './media-backup';
import {
  DEFAULT_PG_PROGRAMS,
  dumpPostgres,
  type PgDumpOutcome,
  type PgPrograms,
} from './postgres-backup';
import { backUpSqlite } from './sqlite-backup';

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** For PostgreSQL without a usable `pg_dump`: what to run by hand. */
  database: PgDumpOutcome;
}

export interface BackupOptions {
  /** The PostgreSQL programs (tests name a missing one). */
  programs?: PgPrograms;
  /** For `createdAt`. */
  now?: () => Date;
}

/**
 * Backs up the server configured by `config` into `dir` (created if needed). Refuses a
 * folder that holds a backup already; a folder with media files of an earlier, unfinished
 * backup is reused, its files not copied again.
 *
 * @example
 * ```ts
 * const result = await createBackup(loadConfig(), '/backups/2026-11-28');
 * if (!result.database.written) console.log(result.database.command);
 * ```
 */
export async function createBackup(
  config: ReelayConfig,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  if (hasManifest(dir)) {
    throw new BackupError('BACKUP_EXISTS', `${dir} já tem um backup; escolha outra pasta.`, {
      dir,
    });
  }
  mkdirSync(dir, { recursive: true });
  const settings = config.database;
  let database: PgDumpOutcome;
  let facts;
  if (settings.dialect === 'sqlite') {
    const copy = join(dir, DATABASE_FILES.sqlite);
    rmSync(copy, { force: true });
    await backUpSqlite(settings.filename, copy);
    // Read from the copy, so the manifest tells what the copy holds.
    facts = await readDatabaseFacts({ dialect: 'sqlite', filename: copy });
    database = { written: true };
  } else {
    facts = await readDatabaseFacts(settings);
    database = await dumpPostgres(
      settings.connectionString,
      join(dir, DATABASE_FILES.postgres),
      options.programs ?? DEFAULT_PG_PROGRAMS,
    );
  }
  const media =
    config.storage.kind === 'local'
      ? copyMediaFiles(join(config.dataDir, 'media', 'files'), join(dir, MEDIA_FOLDER))
      : await writeBucketListing(config.storage, join(dir, BUCKET_LISTING_FILE));
  const manifest: BackupManifest = {
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    dialect: settings.dialect,
    databaseWritten: database.written,
    lastMigration: facts.lastMigration,
    media: { storage: config.storage.kind, ...media },
    // A database that never started fully has no stored fingerprint yet: the key in use now.
    keyCheck: facts.keyCheck ?? currentKeyFingerprint(config),
  };
  writeManifest(dir, manifest);
  return { dir, manifest, database };
}
