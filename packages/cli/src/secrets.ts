/**
 * Keeping secrets off the screen: masks for `config get`, and a scrubber for anything
 * printed when a command fails (messages may quote a request or a header).
 */
import { redactCredentials } from '@reelay/core';

const registered = new Set<string>();

/**
 * Remembers secrets this process holds (from the context, the environment, a login), so
 * that error output scrubs them even where their shape is unknown.
 *
 * @example
 * ```ts
 * registerSecrets([settings.apiKey, settings.accessToken]);
 * ```
 */
export function registerSecrets(secrets: ReadonlyArray<string | undefined>): void {
  for (const secret of secrets) if (secret) registered.add(secret);
}

/** Every secret registered so far. */
export function registeredSecrets(): string[] {
  return [...registered];
}

/**
 * Replaces every known secret, and anything shaped like one, with `[redacted]`: core's
 * scrubber, the one the SDK uses for its errors and logs.
 *
 * @example
 * ```ts
 * redact('chave rly_live_abc123def456 recusada', []); // 'chave [redacted] recusada'
 * ```
 */
export function redact(text: string, known: ReadonlyArray<string | undefined>): string {
  return redactCredentials(text, known);
}

/**
 * A masked form of a secret that lets a person recognise it without revealing it: the
 * visible prefix of a Reelay key and the last four characters.
 *
 * @example
 * ```ts
 * maskSecret('rly_live_8f2k3j4h5g6f7d8s9a0q'); // 'rly_live_…9a0q'
 * maskSecret('eyJhbGciOi…'); // '…(4 últimos)'
 * ```
 */
export function maskSecret(secret: string | undefined): string | null {
  if (!secret) return null;
  const prefix = /^(rly_[a-z]+_|whsec_)/.exec(secret)?.[0] ?? '';
  const tail = secret.length > prefix.length + 8 ? secret.slice(-4) : '';
  return `${prefix}…${tail}`;
}
