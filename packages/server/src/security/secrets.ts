/**
 * The server's own secrets: the key that encrypts platform tokens at rest and the secret
 * that signs access tokens and OAuth state. In production both come from the
 * environment; in development, when absent, they are generated once and kept in the data
 * folder so restarts keep working, with a warning in the user's language.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type ReelayConfig } from '../config';
import type { Logger } from '../logger';
import { logStartUpNotice } from '../start-up-texts';

export interface ServerSecrets {
  /** 32 bytes for AES-256-GCM. */
  readonly encryptionKey: Buffer;
  /** The development key file the encryption key was read from; `null` when it came from REELAY_ENCRYPTION_KEY. */
  readonly encryptionKeyFile: string | null;
  readonly authSecret: string;
}

/**
 * Reads a 32-byte key written as base64 (44 characters) or hex (64 characters).
 *
 * @example
 * ```ts
 * parseEncryptionKey(randomBytes(32).toString('base64')).length; // 32
 * ```
 */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-f]{64}$/i.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (key?.length !== 32) {
    throw new ConfigError(
      'REELAY_ENCRYPTION_KEY deve ter 32 bytes em base64 (44 caracteres) ou hex (64 caracteres); gere uma com: openssl rand -base64 32',
    );
  }
  return key;
}

function readOrCreate(path: string, create: () => string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const value = create();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return value;
}

/**
 * Resolves the secrets for a configuration, generating development ones when allowed.
 *
 * @example
 * ```ts
 * const secrets = resolveSecrets(config, logger);
 * ```
 */
export function resolveSecrets(config: ReelayConfig, logger: Logger): ServerSecrets {
  let encryptionKey = config.encryptionKey;
  let encryptionKeyFile: string | null = null;
  let authSecret = config.authSecret;
  if (encryptionKey === null || authSecret === null) {
    mkdirSync(config.dataDir, { recursive: true });
    if (encryptionKey === null) {
      encryptionKeyFile = join(config.dataDir, 'encryption.key');
      encryptionKey = readOrCreate(encryptionKeyFile, () => randomBytes(32).toString('base64'));
      logStartUpNotice(logger, 'warn', config.language, 'DEV_ENCRYPTION_KEY', {
        file: encryptionKeyFile,
      });
    }
    if (authSecret === null) {
      authSecret = readOrCreate(join(config.dataDir, 'auth.secret'), () =>
        randomBytes(48).toString('base64url'),
      );
      logStartUpNotice(logger, 'warn', config.language, 'DEV_AUTH_SECRET', {
        file: join(config.dataDir, 'auth.secret'),
      });
    }
  }
  return { encryptionKey: parseEncryptionKey(encryptionKey), encryptionKeyFile, authSecret };
}
