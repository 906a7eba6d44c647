/**
 * Webhook signatures exactly as spec §6: `X-Service-Signature` is `sha256=` followed by
 * the lowercase hex HMAC-SHA256, keyed with the subscription secret (the whole `whsec_…`
 * string, as UTF-8), of the text `<timestamp>.<raw body>`. Receivers compare in constant
 * time over the raw bytes and refuse timestamps more than 300 s from their clock, in
 * either direction.
 *
 * Built on Web Crypto (`crypto.subtle`), so the same code runs in Node 22+, Deno, Bun,
 * browsers and edge runtimes; Node's `webcrypto` can be passed explicitly.
 */

/** Delivery headers of spec §6, lower-cased as HTTP servers present them. */
export const WEBHOOK_HEADERS = {
  eventId: 'x-service-event-id',
  eventType: 'x-service-event-type',
  timestamp: 'x-service-timestamp',
  signature: 'x-service-signature',
} as const;

/** Largest distance, in seconds, between the signed timestamp and the receiver's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Prefix of every subscription secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SIGNATURE_PREFIX = 'sha256=';

/** Why a delivery failed verification; stable, for code to branch on. */
export type WebhookVerificationReason =
  | 'body_not_raw'
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'invalid_signature_format'
  | 'body_reserialized'
  | 'signature_mismatch';

/**
 * Thrown by {@link verifyWebhook}. `reason` names the usual mistake: a parsed or
 * re-serialised body, the wrong secret, a stale timestamp.
 *
 * @example
 * ```ts
 * try { await verifyWebhook(body, headers, secret); }
 * catch (error) { if (error instanceof WebhookVerificationError) res.writeHead(400).end(error.reason); }
 * ```
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The raw body as received: text or bytes, never a parsed object. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Request headers: a Fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type HeadersLike =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface WebhookCryptoOptions {
  /** Web Crypto implementation; defaults to `globalThis.crypto.subtle`. */
  subtle?: SubtleCrypto;
}

export interface VerifyWebhookOptions extends WebhookCryptoOptions {
  /** Allowed clock distance in seconds; default 300 (spec §6). */
  toleranceSeconds?: number;
  /** The receiver's clock, in milliseconds; defaults to `Date.now`. */
  now?: () => number;
}

export interface SignWebhookOptions extends WebhookCryptoOptions {
  /** The subscription secret (`whsec_…`). */
  secret: string;
  /** The event to send: an object is serialised once with `JSON.stringify`; a string is sent as is. */
  payload: unknown;
  /** Unix time in seconds; defaults to now. */
  timestamp?: number;
  /** Event id header; defaults to `payload.id`. */
  eventId?: string;
  /** Event type header; defaults to `payload.type`. */
  eventType?: string;
}

export interface SignedWebhook {
  /** The exact body to send; it is what the signature covers. */
  body: string;
  /** The four delivery headers of spec §6 plus `content-type`. */
  headers: Record<string, string>;
}

const encoder = new TextEncoder();

function subtleOf(options?: WebhookCryptoOptions): SubtleCrypto {
  const subtle = options?.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto indisponível: informe options.subtle');
  return subtle;
}

function toBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(body);
}

function signedContent(timestamp: string, body: RawBody): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${timestamp}.`);
  const bytes = toBytes(body);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head, 0);
  out.set(bytes, head.length);
  return out;
}

// Importing a key costs more than the HMAC itself; a dispatcher signs many deliveries
// with the same few secrets. Bounded so a long-running process does not grow forever.
const KEY_CACHE_LIMIT = 256;
const keyCache = new Map<string, { subtle: SubtleCrypto; key: Promise<CryptoKey> }>();

function importSecret(subtle: SubtleCrypto, secret: string, usage: 'sign' | 'verify') {
  const cacheKey = `${usage}:${secret}`;
  const cached = keyCache.get(cacheKey);
  if (cached && cached.subtle === subtle) return cached.key;
  const key = subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value!);
  keyCache.set(cacheKey, { subtle, key });
  key.catch(() => keyCache.delete(cacheKey));
  return key;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Computes the `X-Service-Signature` value for a body and timestamp.
 *
 * @example
 * ```ts
 * await computeWebhookSignature('whsec_abc', 1763726400, '{"id":"evt_1"}'); // 'sha256=5f0c…'
 * ```
 */
export async function computeWebhookSignature(
  secret: string,
  timestamp: number | string,
  rawBody: RawBody,
  options?: WebhookCryptoOptions,
): Promise<string> {
  const subtle = subtleOf(options);
  const key = await importSecret(subtle, secret, 'sign');
  const mac = await subtle.sign('HMAC', key, signedContent(String(timestamp), rawBody));
  return SIGNATURE_PREFIX + toHex(mac);
}

/**
 * Signs a payload as Reelay does and returns the body and headers to send. Useful to
 * test your own receiver.
 *
 * @example
 * ```ts
 * const { body, headers } = await signWebhook({ secret: 'whsec_test', payload: event });
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export async function signWebhook(options: SignWebhookOptions): Promise<SignedWebhook> {
  const body =
    typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const fromPayload = (key: 'id' | 'type'): string | undefined => {
    const value =
      typeof options.payload === 'object' && options.payload !== null
        ? (options.payload as Record<string, unknown>)[key]
        : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: await computeWebhookSignature(
      options.secret,
      timestamp,
      body,
      options,
    ),
  };
  const eventId = options.eventId ?? fromPayload('id');
  const eventType = options.eventType ?? fromPayload('type');
  if (eventId) headers[WEBHOOK_HEADERS.eventId] = eventId;
  if (eventType) headers[WEBHOOK_HEADERS.eventType] = eventType;
  return { body, headers };
}

function readHeader(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

function looksReserialized(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Reelay sends compact JSON; a body that differs from its compact form was rewritten.
    return JSON.stringify(JSON.parse(text)) !== text;
  } catch {
    return false;
  }
}

/**
 * Verifies a delivery: the signature over the raw body, in constant time, and the
 * timestamp within the tolerance. Returns the parsed event, or throws a
 * {@link WebhookVerificationError} whose `reason` names what is wrong.
 *
 * Several secrets may be given while a rotated secret is still valid; a header may carry
 * several comma-separated signatures.
 *
 * @example
 * ```ts
 * // node:http, reading the body as bytes before any JSON parsing:
 * const chunks = [];
 * for await (const chunk of req) chunks.push(chunk);
 * const event = await verifyWebhook(Buffer.concat(chunks), req.headers, process.env.WEBHOOK_SECRET);
 * console.log(event.type, event.data.post.id);
 * ```
 */
export async function verifyWebhook<TEvent = unknown>(
  rawBody: RawBody,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<TEvent> {
  if (
    typeof rawBody !== 'string' &&
    !(rawBody instanceof Uint8Array) &&
    !(rawBody instanceof ArrayBuffer)
  ) {
    throw new WebhookVerificationError(
      'body_not_raw',
      'Passe o corpo bruto recebido (texto ou bytes), não um objeto já interpretado como JSON.',
    );
  }
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((value) => !value.startsWith(WEBHOOK_SECRET_PREFIX))) {
    throw new WebhookVerificationError(
      'invalid_secret',
      `O segredo deve ser o da assinatura de webhook, que começa com ${WEBHOOK_SECRET_PREFIX}.`,
    );
  }
  const timestamp = readHeader(headers, WEBHOOK_HEADERS.timestamp);
  const signatureHeader = readHeader(headers, WEBHOOK_HEADERS.signature);
  if (!timestamp || !signatureHeader) {
    const missing = !timestamp ? WEBHOOK_HEADERS.timestamp : WEBHOOK_HEADERS.signature;
    throw new WebhookVerificationError('missing_header', `Cabeçalho ausente: ${missing}.`);
  }
  if (!/^\d{1,12}$/.test(timestamp.trim())) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      `${WEBHOOK_HEADERS.timestamp} deve ser o tempo Unix em segundos.`,
    );
  }
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  const drift = nowSeconds - Number(timestamp.trim());
  if (drift > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      `O timestamp tem ${Math.round(drift)} s, mais que a tolerância de ${tolerance} s: entrega antiga ou relógio do receptor atrasado.`,
    );
  }
  if (-drift > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_in_future',
      `O timestamp está ${Math.round(-drift)} s no futuro, mais que a tolerância de ${tolerance} s: verifique o relógio do receptor.`,
    );
  }
  const candidates = signatureHeader
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(SIGNATURE_PREFIX))
    .map((part) => fromHex(part.slice(SIGNATURE_PREFIX.length)))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null);
  if (candidates.length === 0) {
    throw new WebhookVerificationError(
      'invalid_signature_format',
      `${WEBHOOK_HEADERS.signature} deve ser sha256= seguido de 64 dígitos hexadecimais minúsculos.`,
    );
  }
  const subtle = subtleOf(options);
  const content = signedContent(timestamp.trim(), rawBody);
  for (const value of secrets) {
    const key = await importSecret(subtle, value, 'verify');
    for (const candidate of candidates) {
      // subtle.verify compares the MACs in constant time.
      if (await subtle.verify('HMAC', key, candidate, content)) {
        return JSON.parse(new TextDecoder().decode(toBytes(rawBody))) as TEvent;
      }
    }
  }
  if (looksReserialized(toBytes(rawBody))) {
    throw new WebhookVerificationError(
      'body_reserialized',
      'A assinatura não confere e o corpo parece ter sido reserializado: verifique o corpo bruto recebido, antes de qualquer JSON.parse/JSON.stringify.',
    );
  }
  throw new WebhookVerificationError(
    'signature_mismatch',
    'A assinatura não confere: confirme que o segredo é o desta assinatura (whsec_…) e que o corpo é exatamente o recebido.',
  );
}
