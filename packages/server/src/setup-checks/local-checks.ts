/**
 * Checks of what the server keeps on its own machine and services: the data folder's
 * free space, the database and the mail server.
 */
import { statfs } from 'node:fs/promises';
import type { Mailer } from '../mail/mailer';
import { result, type SetupCheck } from './setup-check';

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
    return result(
      id,
      'error',
      `Não foi possível ler a pasta de dados ${dataDir}: ${error instanceof Error ? error.message : String(error)}.`,
      'Confira REELAY_DATA_DIR e as permissões da pasta.',
    );
  }
  const details = { dataDir, freeBytes };
  const free = `${Math.floor(freeBytes / MIB)} MiB livres em ${dataDir}`;
  const fix = 'Libere espaço no disco da pasta de dados (REELAY_DATA_DIR) ou aumente o volume.';
  if (freeBytes < DISK_ERROR_BYTES) return result(id, 'error', `Só ${free}.`, fix, details);
  if (freeBytes < DISK_WARNING_BYTES) return result(id, 'warning', `Só ${free}.`, fix, details);
  return result(id, 'ok', `${free}.`, undefined, details);
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
    return result(
      id,
      'error',
      `O banco de dados não respondeu: ${error instanceof Error ? error.message : String(error)}.`,
      'Confira DATABASE_URL e se o banco está no ar.',
    );
  }
  const pending = await probe.pendingMigrations();
  if (pending.length > 0) {
    return result(
      id,
      'error',
      `Faltam ${pending.length} migrações no banco de dados.`,
      'Reinicie o servidor: ele aplica as migrações ao iniciar.',
      { pending },
    );
  }
  return result(id, 'ok', 'O banco de dados responde e as migrações estão em dia.');
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
  if (!mailer) {
    return result(
      id,
      'warning',
      'SMTP não configurado: convites não são enviados por e-mail, só mostrados como links para copiar.',
      'Defina REELAY_SMTP_URL (por exemplo smtp://usuario:senha@smtp.example.com:587) e, se quiser, REELAY_SMTP_FROM.',
    );
  }
  const failure = await mailer.verify();
  if (failure) {
    return result(
      id,
      'error',
      `O servidor SMTP não aceitou a conexão: ${failure}.`,
      'Confira o endereço, a porta, o usuário e a senha em REELAY_SMTP_URL.',
    );
  }
  return result(id, 'ok', 'O servidor SMTP aceitou a conexão e a autenticação.');
}
