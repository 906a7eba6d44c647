/**
 * The HMAC pieces both signature formats share: the key of a secret in either form (the
 * whole `whsec_…` string as UTF-8, spec §6; or the bytes its base64 tail encodes, see
 * `standard-webhooks.ts`), the signed bytes, and hex and base64 without Node's `Buffer`,
 * so signing runs in Node, Deno, Bun, browsers and edge runtimes alike. Internal to the
 * webhooks module: `signing.ts` and `standard-webhooks.ts` expose it.
 */

/** The raw body as received: text or bytes, never a parsed object. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export interface WebhookCryptoOptions {
  /** Web Crypto implementation; defaults to `globalThis.crypto.subtle`. */
  subtle?: SubtleCrypto;
}

/**
 * How a secret becomes HMAC key bytes: `text`, the UTF-8 bytes of the whole string, prefix
 * included; `base64`, the bytes the standard base64 after the `whsec_` prefix encodes.
 */
export type WebhookKeyForm = 'text' | 'base64';

/** Prefix of every subscription secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const encoder = new TextEncoder();

/**
 * The Web Crypto to use.
 *
 * @example
 * ```ts
 * const subtle = subtleOf(options);
 * ```
 */
export function subtleOf(options?: WebhookCryptoOptions): SubtleCrypto {
  const subtle = options?.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto indisponível: informe options.subtle');
  return subtle;
}

/**
 * The body's bytes, exactly as given.
 *
 * @example
 * ```ts
 * toBytes('{}'); // Uint8Array [123, 125]
 * ```
 */
export function toBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(body);
}

/**
 * What a signature covers: a text prefix (`<timestamp>.`, or `<id>.<timestamp>.`) and
 * then the raw body bytes, untouched.
 *
 * @example
 * ```ts
 * signedContent('1763726400.', body);
 * ```
 */
export function signedContent(prefix: string, body: RawBody): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(prefix);
  const bytes = toBytes(body);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head, 0);
  out.set(bytes, head.length);
  return out;
}

/**
 * The key bytes of a secret in the given form. A `base64` form is only asked for a secret
 * whose tail is standard base64 (`standardWebhookKeyForm` decides).
 *
 * @example
 * ```ts
 * keyBytes('whsec_/w==', 'base64'); // Uint8Array [255]
 * keyBytes('whsec_/w==', 'text').length; // 10
 * ```
 */
export function keyBytes(secret: string, form: WebhookKeyForm): Uint8Array<ArrayBuffer> {
  if (form === 'text') return encoder.encode(secret);
  return fromBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length));
}

// Importing a key costs more than the HMAC itself; a dispatcher signs many deliveries
// with the same few secrets. Bounded so a long-running process does not grow forever.
const KEY_CACHE_LIMIT = 256;
const keyCache = new Map<string, { subtle: SubtleCrypto; key: Promise<CryptoKey> }>();

/**
 * The HMAC-SHA256 key of a secret, by default from the UTF-8 bytes of the whole string,
 * prefix included (spec §6).
 *
 * @example
 * ```ts
 * const key = await importSecret(subtle, 'whsec_…', 'sign');
 * ```
 */
export function importSecret(
  subtle: SubtleCrypto,
  secret: string,
  usage: 'sign' | 'verify',
  form: WebhookKeyForm = 'text',
): Promise<CryptoKey> {
  const cacheKey = `${usage}:${form}:${secret}`;
  const cached = keyCache.get(cacheKey);
  if (cached && cached.subtle === subtle) return cached.key;
  const key = subtle.importKey(
    'raw',
    keyBytes(secret, form),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value!);
  keyCache.set(cacheKey, { subtle, key });
  key.catch(() => keyCache.delete(cacheKey));
  return key;
}

/**
 * HMAC-SHA256 of `content` with the secret's key in the given form (default `text`).
 *
 * @example
 * ```ts
 * const mac = await hmac(options, 'whsec_…', signedContent('1763726400.', body));
 * ```
 */
export async function hmac(
  options: WebhookCryptoOptions | undefined,
  secret: string,
  content: Uint8Array<ArrayBuffer>,
  form: WebhookKeyForm = 'text',
): Promise<Uint8Array> {
  const subtle = subtleOf(options);
  const key = await importSecret(subtle, secret, 'sign', form);
  return new Uint8Array(await subtle.sign('HMAC', key, content));
}

/**
 * Lowercase hex.
 *
 * @example
 * ```ts
 * toHex(new Uint8Array([255, 1])); // 'ff01'
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The 32 bytes of a SHA-256 MAC written as 64 lowercase hex digits, or `null`.
 *
 * @example
 * ```ts
 * macFromHex('zz'); // null
 * ```
 */
export function macFromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Standard base64, with padding (RFC 4648 §4).
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([255])); // '/w=='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The bytes of standard base64 text (RFC 4648 §4), which the caller has checked.
 *
 * @example
 * ```ts
 * fromBase64('/w=='); // Uint8Array [255]
 * ```
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * The 32 bytes of a SHA-256 MAC written in standard padded base64, or `null`.
 *
 * @example
 * ```ts
 * macFromBase64('not base64'); // null
 * ```
 */
export function macFromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return null;
  return fromBase64(text);
}
