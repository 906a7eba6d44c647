/**
 * The start-up check that the encryption key is the one the database's secrets were
 * written with. Without it, a start with another key (a changed REELAY_ENCRYPTION_KEY, or
 * a development key generated in another data folder) ran normally, wrote new tokens
 * with the new key, and left every older one unreadable. The database keeps a
 * fingerprint of its key; a start with another key is refused with a message naming the
 * variable to set.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserLanguage } from '@reelay/core/runtime';
import type { Clock } from '../clock';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import { logStartUpNotice } from '../start-up-texts';
import {
  findKeyFingerprint,
  sampleEncryptedValues,
  storeKeyFingerprint,
} from '../store/key-checks';
import type { Db } from '../store/schema';
import type { TokenCipher } from './token-cipher';

/** The `key_checks` row of the encryption key (backups read it too). */
export const ENCRYPTION_KEY_CHECK = 'encryption';
const KEY_NAME = ENCRYPTION_KEY_CHECK;

/** Refused start: the key does not fit the database. The message names what to set. */
export class EncryptionKeyMismatchError extends ConfigError {}

/**
 * An HMAC of a fixed text under the key: equal for equal keys, and it tells nothing
 * about the key itself.
 *
 * @example
 * ```ts
 * encryptionKeyFingerprint(randomBytes(32)); // 'q1Z…' (43 base64url characters)
 * ```
 */
export function encryptionKeyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('reelay/encryption-key-check/v1').digest('base64url');
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readable(cipher: TokenCipher, value: string): boolean {
  try {
    cipher.decrypt(value);
    return true;
  } catch {
    return false;
  }
}

/** The refusal, in the user's language (start-up texts follow the locale). */
function mismatchMessage(
  reason: 'fingerprint' | 'unreadable',
  keyFile: string | null,
  language: UserLanguage,
): string {
  if (language === 'en') {
    const key = keyFile ? `The development key in ${keyFile}` : 'The REELAY_ENCRYPTION_KEY set';
    const problem =
      reason === 'fingerprint'
        ? `${key} is not the key this database stored its secrets with`
        : `${key} cannot read the secrets stored in this database`;
    return `${problem}: Instagram tokens and webhook secrets would become unreadable, so the server does not start. Set REELAY_ENCRYPTION_KEY to the original key (in development, the content of encryption.key in the data folder used before), or point REELAY_DATA_DIR at that folder.`;
  }
  const key = keyFile
    ? `A chave de desenvolvimento em ${keyFile}`
    : 'A REELAY_ENCRYPTION_KEY definida';
  const problem =
    reason === 'fingerprint'
      ? `${key} não é a chave com que este banco de dados guardou seus segredos`
      : `${key} não consegue ler os segredos guardados neste banco de dados`;
  return `${problem}: os tokens do Instagram e os segredos de webhook ficariam ilegíveis, por isso o servidor não inicia. Defina REELAY_ENCRYPTION_KEY com a chave original (em desenvolvimento, o conteúdo de encryption.key na pasta de dados usada antes) ou aponte REELAY_DATA_DIR para essa pasta.`;
}

/**
 * Checks the encryption key against the database, or records it on the first start.
 * A database from before the check (secrets, no fingerprint) adopts the key when the key
 * reads one of its stored secrets, and refuses it otherwise; one with no secret adopts
 * any key.
 *
 * @example
 * ```ts
 * await checkEncryptionKey({ db, key, keyFile: null, cipher, clock, logger, language: 'en' });
 * ```
 */
export async function checkEncryptionKey(input: {
  db: Db;
  key: Buffer;
  /** The development key file the key came from, named in the refusal; `null` for the variable. */
  keyFile: string | null;
  cipher: TokenCipher;
  clock: Clock;
  logger: Logger;
  /** The operator's language, for the refusal and the notice (`config.language`). */
  language: UserLanguage;
}): Promise<void> {
  const { db, keyFile, cipher } = input;
  const fingerprint = encryptionKeyFingerprint(input.key);
  const stored = await findKeyFingerprint(db, KEY_NAME);
  if (stored !== null) {
    if (!same(stored, fingerprint)) {
      throw new EncryptionKeyMismatchError(mismatchMessage('fingerprint', keyFile, input.language));
    }
    return;
  }
  const samples = await sampleEncryptedValues(db);
  if (samples.length > 0) {
    if (!samples.some((value) => readable(cipher, value))) {
      throw new EncryptionKeyMismatchError(mismatchMessage('unreadable', keyFile, input.language));
    }
    logStartUpNotice(input.logger, 'info', input.language, 'ENCRYPTION_KEY_RECORDED');
  }
  await storeKeyFingerprint(db, KEY_NAME, fingerprint, input.clock.now());
  // Several instances may start at once on a new database: the first fingerprint stored
  // wins, and an instance started with another key stops here.
  const winner = await findKeyFingerprint(db, KEY_NAME);
  if (winner === null || !same(winner, fingerprint)) {
    throw new EncryptionKeyMismatchError(mismatchMessage('fingerprint', keyFile, input.language));
  }
}
