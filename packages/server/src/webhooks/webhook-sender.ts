/**
 * Sending one signed webhook request (spec §6 "Delivery headers"): a `POST` of the exact
 * stored body with `Content-Type: application/json`, the event id, type, Unix timestamp
 * and `sha256=` signature headers. During a secret rotation the signature header carries
 * one `sha256=` value per live secret, comma-separated, newest first.
 *
 * Beside them go the Standard Webhooks headers, from the same secrets and timestamp:
 * `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature`, one `v1,`
 * entry per live secret, space-separated, newest first, each keyed by its own secret's
 * generation (core's `standard-webhooks.ts`: the decoded bytes of a base64 secret, the
 * text of an older base64url one).
 *
 * The connection goes to the address that was checked: the resolver hook refuses a name
 * that resolves to a private or reserved address and hands the socket the vetted address
 * (DESIGN.md "Secrets"), and IP literals are checked before connecting. Redirects are not
 * followed: a 3xx is not a 2xx. Each attempt has its own deadline (spec §6: 10 s).
 */
import { lookup as systemLookup } from 'node:dns';
import { performance } from 'node:perf_hooks';
import {
  computeStandardWebhookSignature,
  computeWebhookSignature,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
} from '@reelay/core';
import { Agent, request } from 'undici';
import { guardedLookup, RefusedAddressError } from '../media/guarded-lookup';
import { urlRefusal, type WebhookUrlPolicy } from './webhook-url';

/** One request to send. */
export interface WebhookRequest {
  readonly url: string;
  /** The raw body: the same bytes on every attempt (spec §6). */
  readonly body: string;
  readonly eventId: string;
  readonly eventType: string;
  /** Secrets that sign, the current one first. */
  readonly secrets: readonly string[];
  /** Adds `X-Service-Test: true` (test deliveries only). */
  readonly test?: boolean;
}

/** What the receiver said. */
export interface WebhookResponse {
  /** A 2xx arrived within the deadline. */
  readonly delivered: boolean;
  readonly responseStatus: number | null;
  readonly durationMs: number;
  /** Portuguese, for people: why the attempt did not deliver; `null` when it did. */
  readonly error: string | null;
  /** The start of the answer's body. */
  readonly responseExcerpt: string | null;
  /** No answer within the deadline. */
  readonly timedOut: boolean;
}

export interface WebhookSenderOptions {
  readonly policy: WebhookUrlPolicy;
  readonly timeoutMs: number;
  /** Bytes of the answer kept in `responseExcerpt`. */
  readonly excerptBytes: number;
}

/** The header telling a test delivery apart (additive to spec §6). */
export const TEST_HEADER = 'x-service-test';
/** Bytes of an answer read before the connection is dropped instead of reused. */
const MAX_DRAIN_BYTES = 64 * 1024;

/**
 * The `X-Service-Signature` value: one `sha256=` per secret, comma-separated.
 *
 * @example
 * ```ts
 * await signatureHeader(['whsec_new', 'whsec_old'], 1763726400, body); // 'sha256=…,sha256=…'
 * ```
 */
export async function signatureHeader(
  secrets: readonly string[],
  timestamp: number,
  body: string,
): Promise<string> {
  const values = await Promise.all(
    secrets.map((secret) => computeWebhookSignature(secret, timestamp, body)),
  );
  return values.join(',');
}

/**
 * The `webhook-signature` value (Standard Webhooks): one `v1,` entry per secret,
 * space-separated.
 *
 * @example
 * ```ts
 * await standardSignatureHeader(['whsec_new', 'whsec_old'], 'evt_…', 1763726400, body); // 'v1,… v1,…'
 * ```
 */
export async function standardSignatureHeader(
  secrets: readonly string[],
  eventId: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const values = await Promise.all(
    secrets.map((secret) => computeStandardWebhookSignature(secret, eventId, timestamp, body)),
  );
  return values.join(' ');
}

/**
 * Creates a sender with its own connection pool (keep-alive per receiver).
 *
 * @example
 * ```ts
 * const sender = createWebhookSender({ policy: webhookUrlPolicy(false), timeoutMs: 10_000, excerptBytes: 1024 });
 * const answer = await sender.send({ url, body, eventId, eventType, secrets: [secret] });
 * if (!answer.delivered) console.log(answer.error);
 * await sender.close();
 * ```
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const agent = new Agent({
    connect: {
      lookup: guardedLookup(options.policy.allow, options.policy.lookup ?? systemLookup),
      timeout: options.timeoutMs,
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function send(webhook: WebhookRequest): Promise<WebhookResponse> {
    const { timeoutMs } = options;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string, timedOut = false): WebhookResponse => ({
      delivered: false,
      responseStatus: null,
      durationMs: elapsed(),
      error,
      responseExcerpt: null,
      timedOut,
    });
    let url: URL;
    try {
      url = new URL(webhook.url);
    } catch {
      return failed('A URL do webhook é inválida.');
    }
    const refused = urlRefusal(url, options.policy);
    if (refused) return failed(`URL recusada: ${refused}.`);

    // The wall clock, even when the scheduler runs on another one (tests): receivers
    // compare it with their own (spec §6: within 300 s).
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Reelay-Webhooks/1.0',
      [WEBHOOK_HEADERS.eventId]: webhook.eventId,
      [WEBHOOK_HEADERS.eventType]: webhook.eventType,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: await signatureHeader(webhook.secrets, timestamp, webhook.body),
      // The event id, so receivers using Standard Webhooks deduplicate as spec §6 says.
      [STANDARD_WEBHOOK_HEADERS.id]: webhook.eventId,
      [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [STANDARD_WEBHOOK_HEADERS.signature]: await standardSignatureHeader(
        webhook.secrets,
        webhook.eventId,
        timestamp,
        webhook.body,
      ),
    };
    if (webhook.test) headers[TEST_HEADER] = 'true';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const answer = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers,
        body: webhook.body,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      // The verdict is the status, once it arrives within the deadline (spec §6 rule 1);
      // the rest of the body is read only to keep the connection reusable.
      const durationMs = elapsed();
      const excerpt = await readExcerpt(answer.body, options.excerptBytes);
      const ok = answer.statusCode >= 200 && answer.statusCode <= 299;
      return {
        delivered: ok,
        responseStatus: answer.statusCode,
        durationMs,
        error: ok ? null : statusError(answer.statusCode),
        responseExcerpt: excerpt,
        timedOut: false,
      };
    } catch (error) {
      const timedOut = controller.signal.aborted || isTimeout(error);
      return failed(networkError(error, url, timeoutMs, timedOut), timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  return { send, close: () => agent.close() };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

async function readExcerpt(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  keep: number,
): Promise<string | null> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.length;
      if (kept < keep) {
        chunks.push(chunk.subarray(0, keep - kept));
        kept += Math.min(chunk.length, keep - kept);
      }
      if (read > MAX_DRAIN_BYTES) {
        body.destroy();
        break;
      }
    }
  } catch {
    // A body cut short changes nothing: the status was already received.
  }
  if (kept === 0) return null;
  return Buffer.concat(chunks).toString('utf8');
}

function statusError(status: number): string {
  if (status >= 300 && status <= 399) {
    return `O receptor respondeu ${status}; redirecionamentos não são seguidos: cadastre a URL final.`;
  }
  return `O receptor respondeu com o status ${status}.`;
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let at: unknown = error, depth = 0; at && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code ?? (at as { name?: unknown }).name;
    if (typeof code === 'string') codes.push(code);
    at = (at as { cause?: unknown }).cause;
  }
  return codes;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
  'AbortError',
  'TimeoutError',
]);

function isTimeout(error: unknown): boolean {
  return errorCodes(error).some((code) => TIMEOUT_CODES.has(code));
}

/** Network failures in Portuguese: refused address, DNS, timeout, refused connection, TLS. */
function networkError(error: unknown, url: URL, timeoutMs: number, timedOut: boolean): string {
  const chain: unknown[] = [];
  for (let at: unknown = error; at && chain.length < 5; at = (at as { cause?: unknown }).cause) {
    chain.push(at);
  }
  const refused = chain.find((item) => item instanceof RefusedAddressError);
  if (refused) {
    return `O endereço do webhook (${refused.host}) resolve para um ${refused.reason} (${refused.address}).`;
  }
  const code = chain
    .map(
      (item) =>
        (item as { code?: unknown; name?: unknown }).code ?? (item as { name?: unknown }).name,
    )
    .find((value) => typeof value === 'string') as string | undefined;
  const seconds = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  if (timedOut) return `O receptor não respondeu em ${seconds}.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return `O nome ${url.hostname} não foi encontrado no DNS.`;
  }
  if (code === 'ECONNREFUSED') return `Conexão recusada por ${url.host}.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return `O receptor (${url.host}) fechou a conexão sem responder.`;
  }
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'EPROTO') {
    return `Falha de TLS com ${url.host} (${code}).`;
  }
  return `Não foi possível entregar a ${url.host}${code ? ` (${code})` : ''}.`;
}
