/**
 * Checks of what the server keeps on its own machine and services: the data folder's
 * free space, the database and the mail server.
 */
import { statfs } from 'node:fs/promises';
import type { Mailer } from '../mail/mailer';
import { errorText, result, type SetupCheck } from './setup-check';

const MIB = 1024 * 1024;
/** Below this the disk check warns. */
export const DISK_WARNING_BYTES = 1024 * MIB;
/** Below this the disk check fails: uploads and renditions no longer fit. */
export const DISK_ERROR_BYTES = 100 * MIB;

/**
 * `disk`: free space of the data folder.
 *
 * @example
 * ```ts
 * await checkDisk('/var/lib/reelay');
 * ```
 */
export async function checkDisk(dataDir: string): Promise<SetupCheck> {
  const id = 'disk';
  let freeBytes: number;
  try {
    const stats = await statfs(dataDir);
    freeBytes = stats.bavail * stats.bsize;
  } catch (error) {
    return result(id, 'error', 'disk_unreadable', { dataDir, error: errorText(error) });
  }
  const details = { dataDir, freeBytes };
  if (freeBytes < DISK_ERROR_BYTES) return result(id, 'error', 'disk_low', details);
  if (freeBytes < DISK_WARNING_BYTES) return result(id, 'warning', 'disk_low', details);
  return result(id, 'ok', 'disk_ok', details);
}

/** What the database check asks the store. */
export interface DatabaseProbe {
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Names of migrations this version has that the database has not run. */
  pendingMigrations(): Promise<string[]>;
}

/**
 * `database`: reachable, and every migration of this version has run.
 *
 * @example
 * ```ts
 * await checkDatabase(probe);
 * ```
 */
export async function checkDatabase(probe: DatabaseProbe): Promise<SetupCheck> {
  const id = 'database';
  try {
    await probe.ping();
  } catch (error) {
    return result(id, 'error', 'database_unreachable', { error: errorText(error) });
  }
  const pending = await probe.pendingMigrations();
  if (pending.length > 0) return result(id, 'error', 'database_pending', { pending });
  return result(id, 'ok', 'database_ok');
}

/**
 * `smtp`: connects and greets the mail server when one is configured.
 *
 * @example
 * ```ts
 * await checkSmtp(undefined); // warning: invitations are shown as links
 * ```
 */
export async function checkSmtp(mailer: Mailer | undefined): Promise<SetupCheck> {
  const id = 'smtp';
  if (!mailer) return result(id, 'warning', 'smtp_missing');
  const failure = await mailer.verify();
  if (failure) return result(id, 'error', 'smtp_refused', { error: failure });
  return result(id, 'ok', 'smtp_ok');
}
