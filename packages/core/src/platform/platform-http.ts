/**
 * One HTTP exchange with the platform: timeouts on every call, a cap on the answer's size,
 * ids kept exact, and every failure turned into an `InstagramPlatformError` with secrets
 * removed.
 */
import { request, type Dispatcher } from 'undici';
import type * as z from 'zod';
import { ReelayError } from '../errors/reelay-error';
import { InstagramPlatformError } from './instagram-platform-error';
import type { InstagramTimeouts } from './instagram-client-options';
import { parseJsonKeepingIds } from './json-with-ids';
import { mapPlatformError } from './map-platform-error';
import { platformOperation, type PlatformCallObserver } from './platform-call';
import { transportError } from './transport-error';

/** A call to make: parameters travel in the query (GET) or a form body (POST), reference §2 "Flow". */
export interface PlatformRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The full URL, query included. */
  readonly url: URL;
  /** Form fields of a POST, sent as `application/x-www-form-urlencoded`. */
  readonly form?: Readonly<Record<string, string>>;
  /** A JSON body (the messaging endpoints take one), instead of `form`. */
  readonly json?: unknown;
  /** Literal secrets of this call (token, app secret, code), removed from anything kept. */
  readonly secrets: ReadonlyArray<string | undefined>;
  /** The permission the call needs, for `PERMISSION_REQUIRED`. */
  readonly scope?: string;
  /** Ends the call early (a deadline shared by several calls); a timeout like the others. */
  readonly signal?: AbortSignal;
  /**
   * Sees the answer's headers, of a success or of a refusal, before its body is read: the
   * platform reports an account's call budget there (`X-Business-Use-Case-Usage`).
   */
  readonly onHeaders?: (headers: Readonly<Record<string, string | string[] | undefined>>) => void;
}

export interface PlatformTransport {
  readonly dispatcher: Dispatcher;
  readonly timeouts: InstagramTimeouts;
  readonly maxResponseBytes: number;
  readonly observe?: PlatformCallObserver;
}

class ResponseTooLarge extends Error {}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      throw new ResponseTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A success body that cannot be read: the platform said yes to something, but what it
 * created is unknown (reference §2: re-read the container before publishing again).
 *
 * @example
 * ```ts
 * const parsed = schema.safeParse(body);
 * if (!parsed.success) throw malformedResponse('media_publish without id');
 * ```
 */
export function malformedResponse(what: string): InstagramPlatformError {
  return new InstagramPlatformError('INTERNAL_ERROR', {
    message: 'O Instagram respondeu num formato inesperado.',
    details: { reason: 'malformed_response' },
    transient: true,
    outcome: 'unknown',
    cause: new Error(`Unexpected Instagram answer: ${what}`),
  });
}

/**
 * Sends one request and returns the parsed JSON of a successful answer. Throws
 * `InstagramPlatformError`: mapped from the platform's error body (any status, or a 2xx
 * whose body is an error envelope), or a transport failure (timeouts, connection errors),
 * or `malformed_response` for a success that is not JSON.
 *
 * @example
 * ```ts
 * const body = await sendPlatformRequest(transport, {
 *   method: 'GET',
 *   url: new URL('https://graph.instagram.com/v25.0/me?fields=user_id&access_token=…'),
 *   secrets: [accessToken],
 * });
 * ```
 */
export async function sendPlatformRequest(
  transport: PlatformTransport,
  call: PlatformRequest,
): Promise<unknown> {
  if (!transport.observe) return exchange(transport, call, null);
  return observePlatformCall(transport, call.method, call.url, (answer) =>
    exchange(transport, call, answer),
  );
}

/**
 * Runs one platform exchange and tells the transport's observer how it ended: every call
 * that reaches the platform, the upload of a video's bytes included, shows in the metrics
 * and budgets. `run` writes the HTTP status into `answer` once the headers arrive; a thrown
 * `InstagramPlatformError` gives the call's error code.
 *
 * @example
 * ```ts
 * const offset = await observePlatformCall(transport, 'GET', address, async (answer) => {
 *   const response = await request(address, { dispatcher: transport.dispatcher });
 *   answer.status = response.statusCode;
 *   return response.body.json();
 * });
 * ```
 */
export async function observePlatformCall<T>(
  transport: PlatformTransport,
  method: PlatformRequest['method'],
  url: URL,
  run: (answer: { status: number | null }) => Promise<T>,
): Promise<T> {
  const observe = transport.observe;
  const answer = { status: null as number | null };
  if (!observe) return run(answer);
  const started = performance.now();
  let errorCode: string | null = null;
  try {
    return await run(answer);
  } catch (error) {
    errorCode = error instanceof InstagramPlatformError ? error.code : 'INTERNAL_ERROR';
    throw error;
  } finally {
    try {
      observe({
        method,
        host: url.host,
        operation: platformOperation(url.pathname),
        durationMs: performance.now() - started,
        status: answer.status,
        errorCode,
      });
    } catch {
      // An observer's fault never fails the call it observed.
    }
  }
}

/** The exchange itself; `answer` receives the HTTP status once the headers arrive. */
async function exchange(
  transport: PlatformTransport,
  call: PlatformRequest,
  answer: { status: number | null } | null,
): Promise<unknown> {
  const { timeouts } = transport;
  const context = { secrets: call.secrets, ...(call.scope ? { scope: call.scope } : {}) };
  let status: number;
  let text: string;
  try {
    const response = await request(call.url, {
      method: call.method,
      dispatcher: transport.dispatcher,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      signal: call.signal
        ? AbortSignal.any([AbortSignal.timeout(timeouts.totalMs), call.signal])
        : AbortSignal.timeout(timeouts.totalMs),
      headers: {
        accept: 'application/json',
        ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.form ? { body: new URLSearchParams(call.form).toString() } : {}),
      ...(call.json !== undefined ? { body: JSON.stringify(call.json) } : {}),
    });
    status = response.statusCode;
    if (answer) answer.status = status;
    call.onHeaders?.(response.headers);
    text = await readCapped(response.body, transport.maxResponseBytes);
  } catch (thrown) {
    if (thrown instanceof ResponseTooLarge) {
      throw new InstagramPlatformError('INTERNAL_ERROR', {
        message: 'O Instagram respondeu com um corpo grande demais.',
        details: { reason: 'transport', transport: 'response_too_large' },
        transient: true,
        outcome: 'unknown',
        transport: 'response_too_large',
      });
    }
    throw transportError(thrown, call.secrets);
  }
  let parsed: unknown;
  let parsedOk = false;
  try {
    parsed = parseJsonKeepingIds(text);
    parsedOk = true;
  } catch {
    // Not JSON: handled below by status.
  }
  const isErrorEnvelope =
    parsedOk &&
    typeof parsed === 'object' &&
    parsed !== null &&
    ('error' in parsed || 'error_type' in parsed);
  if (status < 200 || status >= 300 || isErrorEnvelope) {
    throw mapPlatformError(text, status, context);
  }
  if (!parsedOk) throw malformedResponse(`HTTP ${status} with a body that is not JSON`);
  return parsed;
}

/**
 * A platform answer read with its schema; a shape that does not match is a malformed
 * answer (outcome unknown), never a crash.
 *
 * @example
 * ```ts
 * const { id } = parseWith(z.object({ id: z.string() }), body, 'media_publish without id');
 * ```
 */
export function parseWith<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw malformedResponse(what);
  return parsed.data;
}

/**
 * A caller's required text, refused before anything is sent.
 *
 * @example
 * ```ts
 * requireText(code, 'code'); // throws VALIDATION_ERROR naming `code` when empty
 * ```
 */
export function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `Campo '${field}': obrigatório.`,
      details: { field },
    });
  }
  return value;
}
