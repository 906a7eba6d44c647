/**
 * Turning an HTTP answer into what the caller gets: the parsed body of a success, or a
 * {@link ReelayError} plus the facts the retry policy decides on. Everything taken from the
 * answer into an error passes through the redaction first, since a server or a proxy may
 * echo a credential back.
 */
import { createReelayError, type ReelayError } from '../errors';
import { redactText, redactValue } from './redact';
import type { AttemptOutcome } from './retry-policy';

/** What every error of one call carries, whichever attempt failed. */
export interface CallContext {
  method: string;
  path: string | undefined;
  idempotencyKey: string | undefined;
}

/** The JSON body of a 2xx answer; `undefined` for 204 or an empty body. */
export async function readSuccess(
  response: Response,
  context: CallContext,
  requestId: string | undefined,
): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw createReelayError({
      code: 'UNEXPECTED_RESPONSE',
      statusCode: response.status,
      message: `${context.method} ${context.path} respondeu ${response.status} com um corpo que não é JSON.`,
      requestId,
      ...context,
      cause,
    });
  }
}

/**
 * The error of a non-2xx answer. A redirect and a body outside the error envelope become
 * `UNEXPECTED_RESPONSE`; an envelope keeps its code, so codes this SDK does not know yet
 * still reach the caller.
 */
export async function readError(
  response: Response,
  context: CallContext,
  requestId: string | undefined,
  secrets: readonly string[],
): Promise<{ error: ReelayError; outcome: AttemptOutcome }> {
  const status = response.status;
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    const location = response.headers.get('location');
    return {
      outcome: { kind: 'unexpected', status },
      error: createReelayError({
        code: 'UNEXPECTED_RESPONSE',
        statusCode: status,
        message: `${context.method} ${context.path} foi redirecionado${location ? ` para ${redactText(location, secrets)}` : ''}; o SDK não segue redirecionamentos: use o endereço final em baseUrl.`,
        requestId,
        ...context,
      }),
    };
  }
  const text = await response.text().catch(() => '');
  let envelope: { code?: unknown; message?: unknown; statusCode?: unknown; details?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = {};
  }
  if (typeof envelope?.code !== 'string' || typeof envelope.message !== 'string') {
    return {
      outcome: { kind: 'unexpected', status },
      error: createReelayError({
        code: 'UNEXPECTED_RESPONSE',
        statusCode: status,
        message: redactText(
          `${context.method} ${context.path} respondeu ${status} fora do envelope de erro: ${text.slice(0, 200)}`,
          secrets,
        ),
        requestId,
        ...context,
      }),
    };
  }
  const resetHeader = response.headers.get('x-ratelimit-reset');
  const reset = resetHeader === null || resetHeader === '' ? NaN : Number(resetHeader);
  const resetSeconds = Number.isFinite(reset) && reset >= 0 ? reset : undefined;
  return {
    outcome: { kind: 'error', status, code: envelope.code, resetSeconds },
    error: createReelayError({
      code: envelope.code,
      statusCode: typeof envelope.statusCode === 'number' ? envelope.statusCode : status,
      message: redactText(envelope.message, secrets),
      details:
        envelope.details && typeof envelope.details === 'object'
          ? redactValue(envelope.details as Record<string, unknown>, secrets)
          : undefined,
      requestId,
      rateLimitReset: resetSeconds,
      ...context,
    }),
  };
}
