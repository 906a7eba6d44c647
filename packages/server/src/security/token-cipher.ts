/**
 * Encryption at rest for platform access tokens: AES-256-GCM with a random 96-bit nonce
 * per value. The stored text is `v1.<nonce>.<tag>.<ciphertext>` in base64url, so a
 * future key or algorithm can be told apart by its version.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface TokenCipher {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

/**
 * Creates a cipher for a 32-byte key.
 *
 * @example
 * ```ts
 * const cipher = createTokenCipher(key);
 * cipher.decrypt(cipher.encrypt('IGAA…')); // 'IGAA…'
 * ```
 */
export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('a chave de criptografia deve ter 32 bytes');
  return {
    encrypt(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, nonce, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || !nonce || !tag || ciphertext === undefined) {
        throw new Error('token armazenado em formato desconhecido');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
