/**
 * Verifying a delivery as a receiver: the signature over the raw bytes, in constant time,
 * and the timestamp within the tolerance, from either header set a delivery carries:
 * spec §6's (keyed by the whole secret string) or the Standard Webhooks one (keyed as
 * `standard-webhooks.ts` says for the secret's generation).
 */
import {
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
  type HeadersLike,
  type VerifyWebhookOptions,
} from './signing';
import { STANDARD_WEBHOOK_HEADERS, standardWebhookKeyForm } from './standard-webhooks';
import {
  importSecret,
  macFromBase64,
  macFromHex,
  signedContent,
  subtleOf,
  toBytes,
  type RawBody,
  type WebhookKeyForm,
} from './webhook-crypto';

const SIGNATURE_PREFIX = 'sha256=';

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

/** What one header set gives to check: its timestamp, the MACs it offers, the signed text. */
interface SignedHeaders {
  /** The timestamp header's name, for messages. */
  readonly timestampHeader: string;
  readonly timestamp: string;
  /** The signature header's value, parsed later (after the timestamp is checked). */
  candidates(): Array<Uint8Array<ArrayBuffer>>;
  /** The signature header's format, for the message when no value is well formed. */
  readonly format: string;
  /** What the signature covers, before the body. */
  readonly prefix: string;
  /** How this header set keys a secret. */
  keyForm(secret: string): WebhookKeyForm;
}

/** The spec §6 headers: `sha256=<hex>` values, comma-separated, over `<timestamp>.<body>`. */
function serviceHeaders(timestamp: string, signature: string): SignedHeaders {
  return {
    timestampHeader: WEBHOOK_HEADERS.timestamp,
    timestamp,
    candidates: () =>
      signature
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.startsWith(SIGNATURE_PREFIX))
        .map((part) => macFromHex(part.slice(SIGNATURE_PREFIX.length)))
        .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null),
    format: `${WEBHOOK_HEADERS.signature} deve ser sha256= seguido de 64 dígitos hexadecimais minúsculos.`,
    prefix: `${timestamp}.`,
    keyForm: () => 'text',
  };
}

/** The Standard Webhooks headers: `v1,<base64>` entries, space-separated, over `<id>.<timestamp>.<body>`. */
function standardHeaders(id: string, timestamp: string, signature: string): SignedHeaders {
  return {
    timestampHeader: STANDARD_WEBHOOK_HEADERS.timestamp,
    timestamp,
    candidates: () =>
      signature
        .split(' ')
        .filter((entry) => entry.startsWith('v1,'))
        .map((entry) => macFromBase64(entry.slice(3)))
        .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null),
    format: `${STANDARD_WEBHOOK_HEADERS.signature} deve ter entradas v1,<base64 do HMAC-SHA256>, separadas por espaço.`,
    prefix: `${id}.${timestamp}.`,
    keyForm: standardWebhookKeyForm,
  };
}

/**
 * The header set to check: spec §6's whenever one of its signing headers is there (so a
 * delivery carrying both is checked as §6 says), the Standard Webhooks set otherwise.
 */
function signedHeadersOf(headers: HeadersLike): SignedHeaders {
  const timestamp = readHeader(headers, WEBHOOK_HEADERS.timestamp)?.trim();
  const signature = readHeader(headers, WEBHOOK_HEADERS.signature);
  const standard = {
    id: readHeader(headers, STANDARD_WEBHOOK_HEADERS.id)?.trim(),
    timestamp: readHeader(headers, STANDARD_WEBHOOK_HEADERS.timestamp)?.trim(),
    signature: readHeader(headers, STANDARD_WEBHOOK_HEADERS.signature),
  };
  const missing = (name: string) =>
    new WebhookVerificationError('missing_header', `Cabeçalho ausente: ${name}.`);
  if (timestamp || signature || !(standard.id || standard.timestamp || standard.signature)) {
    if (!timestamp) throw missing(WEBHOOK_HEADERS.timestamp);
    if (!signature) throw missing(WEBHOOK_HEADERS.signature);
    return serviceHeaders(timestamp, signature);
  }
  if (!standard.id) throw missing(STANDARD_WEBHOOK_HEADERS.id);
  if (!standard.timestamp) throw missing(STANDARD_WEBHOOK_HEADERS.timestamp);
  if (!standard.signature) throw missing(STANDARD_WEBHOOK_HEADERS.signature);
  return standardHeaders(standard.id, standard.timestamp, standard.signature);
}

/**
 * Verifies a delivery: the signature over the raw body, in constant time, and the
 * timestamp within the tolerance. Returns the parsed event, or throws a
 * {@link WebhookVerificationError} whose `reason` names what is wrong.
 *
 * Either header set is accepted: spec §6's (`X-Service-Timestamp`, `X-Service-Signature`)
 * or the Standard Webhooks one (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * When both are present, spec §6's is the one checked. Several secrets may be given
 * while a rotated secret is still valid; a header may carry several signatures
 * (comma-separated in §6's, space-separated in the Standard Webhooks one). Secrets of
 * both generations verify the Standard Webhooks set: a base64 one (`whsec_` + 44
 * characters ending in `=`) by its decoded bytes, an older base64url one by its text.
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
  const signed = signedHeadersOf(headers);
  if (!/^\d{1,12}$/.test(signed.timestamp)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      `${signed.timestampHeader} deve ser o tempo Unix em segundos.`,
    );
  }
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  const drift = nowSeconds - Number(signed.timestamp);
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
  const candidates = signed.candidates();
  if (candidates.length === 0) {
    throw new WebhookVerificationError('invalid_signature_format', signed.format);
  }
  const subtle = subtleOf(options);
  const content = signedContent(signed.prefix, rawBody);
  for (const value of secrets) {
    const key = await importSecret(subtle, value, 'verify', signed.keyForm(value));
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
