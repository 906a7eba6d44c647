/**
 * The fingerprint of the encryption key the server would start with: the variable's, or
 * in development the key file in the data folder. Read only: unlike the server's start,
 * a backup or a restore never generates a key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReelayConfig } from '../reelay-config';
import { encryptionKeyFingerprint } from '../security/encryption-key-check';
import { parseEncryptionKey } from '../security/secrets';

/** The fingerprint, or `null` when no key is set and no development key file exists. */
export function currentKeyFingerprint(config: ReelayConfig): string | null {
  let text = config.encryptionKey;
  if (text === null) {
    const file = join(config.dataDir, 'encryption.key');
    if (!existsSync(file)) return null;
    text = readFileSync(file, 'utf8').trim();
  }
  return encryptionKeyFingerprint(parseEncryptionKey(text));
}
