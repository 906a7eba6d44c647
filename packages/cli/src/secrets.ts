/**
 * Keeping secrets off the screen: masks for `config get`, and a scrubber for anything
 * printed when a command fails (messages may quote a request or a header).
 */

// Shapes of Reelay secrets and of bearer material, as the SDK's own redaction knows them.
const SECRET_SHAPES: readonly RegExp[] = [
  /\brly_[A-Za-z0-9_-]{8,}/g,
  /\bwhsec_[A-Za-z0-9_-]{8,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g,
];

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
 * Replaces every known secret, and anything shaped like one, with `[redacted]`.
 *
 * @example
 * ```ts
 * redact('chave rly_live_abc123def456 recusada', []); // 'chave [redacted] recusada'
 * ```
 */
export function redact(text: string, known: ReadonlyArray<string | undefined>): string {
  let result = text;
  for (const secret of known) {
    if (secret && secret.length >= 6) result = result.split(secret).join('[redacted]');
  }
  for (const shape of SECRET_SHAPES) result = result.replace(shape, '[redacted]');
  return result;
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
