/**
 * `restoreBackup`: puts a backup back for a stopped server. Every check comes first (the
 * manifest, the encryption key, the target database), so a refusal changes nothing. The
 * database is written last; the server migrates it on its next start, as after any
 * upgrade.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ReelayConfig } from '../reelay-config';
import { BackupError } from './backup-error';
import { currentKeyFingerprint } from './key-fingerprint';
import { DATABASE_FILES, MEDIA_FOLDER, readManifest, type BackupManifest } from './manifest';
import {
  assertPostgresEmpty,
  DEFAULT_PG_PROGRAMS,
  restorePostgres,
  type PgPrograms,
} from './postgres-backup';
import { restoreSqlite } from './sqlite-backup';

export interface RestoreOptions {
  /** Replace an existing SQLite file (the server must be stopped). */
  force?: boolean;
  programs?: PgPrograms;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database went: the SQLite file, or `PostgreSQL`. */
  database: string;
  /** Media files of the backup put back, files already there kept (0 for S3: the bucket is restored by its own means). */
  mediaFiles: number;
}

function checkKey(config: ReelayConfig, manifest: BackupManifest, dir: string): void {
  if (manifest.keyCheck === null) return;
  const current = currentKeyFingerprint(config);
  if (current === null) {
    throw new BackupError(
      'KEY_MISSING',
      'defina REELAY_ENCRYPTION_KEY com a chave com que o backup foi feito.',
      { dir },
    );
  }
  if (current !== manifest.keyCheck) {
    throw new BackupError(
      'KEY_MISMATCH',
      `a REELAY_ENCRYPTION_KEY definida não é a chave com que o backup em ${dir} foi feito: os tokens do Instagram e os segredos de webhook ficariam ilegíveis. Nada foi alterado.`,
      { dir },
    );
  }
}

/**
 * Restores the backup in `dir` into the database and media storage `config` names.
 *
 * @example
 * ```ts
 * await restoreBackup(loadConfig(), '/backups/2026-11-28', { force: false });
 * ```
 */
export async function restoreBackup(
  config: ReelayConfig,
  dir: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const manifest = readManifest(dir);
  const settings = config.database;
  if (manifest.dialect !== settings.dialect) {
    throw new BackupError(
      'DIALECT_MISMATCH',
      `o backup é de ${manifest.dialect} e o servidor está configurado para ${settings.dialect}.`,
      { backup: manifest.dialect, server: settings.dialect },
    );
  }
  const databaseFile = join(dir, DATABASE_FILES[manifest.dialect]);
  if (!existsSync(databaseFile)) {
    throw new BackupError('NOT_A_BACKUP', `${databaseFile} não existe: o backup não tem o banco.`, {
      dir,
    });
  }
  checkKey(config, manifest, dir);
  if (settings.dialect === 'postgres') await assertPostgresEmpty(settings.connectionString);
  else if (existsSync(settings.filename) && !options.force) {
    // The same refusal restoreSqlite makes, before the media are copied.
    restoreSqlite(databaseFile, settings.filename, { force: false });
  }
  let mediaFiles = 0;
  const media = join(dir, MEDIA_FOLDER);
  if (manifest.media.storage === 'local' && existsSync(media)) {
    // Files already there are kept: a media file's key never names different content.
    cpSync(media, join(config.dataDir, 'media', 'files'), { recursive: true, force: false });
    mediaFiles = manifest.media.count;
  }
  if (settings.dialect === 'sqlite') {
    restoreSqlite(databaseFile, settings.filename, { force: options.force ?? false });
    return { manifest, database: settings.filename, mediaFiles };
  }
  await restorePostgres(
    settings.connectionString,
    databaseFile,
    options.programs ?? DEFAULT_PG_PROGRAMS,
  );
  return { manifest, database: 'PostgreSQL', mediaFiles };
}
