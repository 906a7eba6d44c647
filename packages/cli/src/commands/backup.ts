/**
 * `reelay backup <dir>` and `reelay restore <dir> [--force]`: the server's own backup and
 * restore (`@reelay/server`'s `createBackup` and `restoreBackup`), with the configuration
 * read from the environment exactly as `reelay serve` reads it. Refusals keep their stable
 * code (`KEY_MISMATCH`, `DATABASE_NOT_EMPTY`, …) and change nothing.
 */
import { CliError } from '../cli-error';
import type { CommandContext } from '../command-context';
import type { CliErrorKind } from '../cli-error';
import { t, type MessageKey } from '../i18n';
import { serverEnvironment } from './serve';

export interface RestoreOptions {
  force?: boolean;
}

/** The exit code's kind of each refusal: a wrong folder is usage, a wrong key is configuration. */
const REFUSAL_KINDS: Record<string, CliErrorKind> = {
  NOT_A_BACKUP: 'usage',
  BACKUP_EXISTS: 'usage',
  KEY_MISMATCH: 'auth',
  KEY_MISSING: 'auth',
};

async function loadServer() {
  // The server and its dependencies load only here, as for `reelay serve`.
  const server = await import('@reelay/server');
  const config = (() => {
    try {
      return server.loadConfig(serverEnvironment(process.env, {}));
    } catch (error) {
      if (error instanceof server.ConfigError) {
        throw new CliError('auth', error.message, {
          code: 'SERVER_CONFIG_INVALID',
          hint: t('serve.configHint'),
        });
      }
      throw error;
    }
  })();
  /** A refusal of the server's backup code, in the person's language. */
  const refusal = (error: unknown) => {
    if (!(error instanceof server.BackupError)) return error;
    return new CliError(
      REFUSAL_KINDS[error.code] ?? 'failure',
      t(`backup.refused.${error.code}` as MessageKey, error.details),
      { code: error.code, details: error.details },
    );
  };
  return { server, config, refusal };
}

/**
 * Backs up the configured server into `dir`.
 *
 * @example
 * ```ts
 * await backup('/backups/2026-11-28', ctx);
 * ```
 */
export async function backup(dir: string, ctx: CommandContext): Promise<void> {
  const { server, config, refusal } = await loadServer();
  let result;
  try {
    result = await server.createBackup(config, dir);
  } catch (error) {
    throw refusal(error);
  }
  const { manifest, database } = result;
  ctx.out.line({ dir: result.dir, manifest, database }, () => {
    const lines = [
      t('backup.done', {
        dir: result.dir,
        dialect: manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        migration: manifest.lastMigration ?? '-',
        count: manifest.media.count,
        bytes: manifest.media.bytes,
      }),
    ];
    if (config.storage.kind === 's3') {
      lines.push(
        t('backup.bucket', {
          bucket: config.storage.bucket,
          count: manifest.media.count,
          dir: result.dir,
        }),
      );
    }
    if (!database.written) {
      const why =
        database.reason === 'missing'
          ? t('backup.pgDumpMissing')
          : t('backup.pgDumpTooOld', {
              client: database.clientVersion ?? '?',
              server: database.serverVersion,
            });
      lines.push(t('backup.databaseByHand', { why, command: database.command }));
    }
    return lines.join('\n');
  });
  if (!database.written) {
    throw new CliError('manualStep', t('backup.databaseByHandFailed'), {
      code: 'PG_DUMP_UNAVAILABLE',
      details: { command: database.command },
    });
  }
}

/**
 * Restores the backup in `dir` for the configured (stopped) server.
 *
 * @example
 * ```ts
 * await restore('/backups/2026-11-28', { force: false }, ctx);
 * ```
 */
export async function restore(
  dir: string,
  options: RestoreOptions,
  ctx: CommandContext,
): Promise<void> {
  const { server, config, refusal } = await loadServer();
  let result;
  try {
    result = await server.restoreBackup(config, dir, { force: options.force ?? false });
  } catch (error) {
    throw refusal(error);
  }
  ctx.out.line(
    { dir, database: result.database, mediaFiles: result.mediaFiles, manifest: result.manifest },
    () =>
      t('backup.restored', {
        dir,
        createdAt: result.manifest.createdAt,
        database: result.database,
        count: result.mediaFiles,
      }),
  );
}
