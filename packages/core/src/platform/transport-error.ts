/**
 * Classifies failures of the HTTP exchange itself (no answer from the platform), so the
 * publishing pipeline can tell "the platform refused" from "we do not know what happened".
 */
import { InstagramPlatformError, type PlatformOutcome } from './instagram-platform-error';
import { redactSecrets } from './redact';

// The request never left: nothing can have happened on the platform.
const NOT_SENT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);
// The request was (or may have been) sent, and then time ran out.
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
]);

const TRANSPORT_MESSAGES = {
  not_sent: 'Não foi possível conectar ao Instagram; nada foi enviado.',
  timeout: 'O Instagram não respondeu a tempo; o resultado da operação é desconhecido.',
  connection: 'A conexão com o Instagram caiu; o resultado da operação é desconhecido.',
} as const;

function errorCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : undefined;
}

/**
 * The `INTERNAL_ERROR` for a failed exchange: `details.reason` `transport`,
 * `details.transport` `timeout` or `connection`, always transient, with `outcome`
 * `not_sent` when the connection was never made and `unknown` otherwise. The original
 * error is kept as `cause` with any secret removed from its message.
 *
 * @example
 * ```ts
 * const error = transportError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
 * error.outcome; // 'not_sent'
 * error.details?.transport; // 'connection'
 * ```
 */
export function transportError(
  thrown: unknown,
  secrets: ReadonlyArray<string | undefined> = [],
): InstagramPlatformError {
  const code = errorCodeOf(thrown);
  const name = nameOf(thrown);
  const timedOut =
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    (code !== undefined && TIMEOUT_CODES.has(code)) ||
    name === 'TimeoutError' ||
    name === 'AbortError';
  const outcome: PlatformOutcome =
    code !== undefined && NOT_SENT_CODES.has(code) ? 'not_sent' : 'unknown';
  const transport = timedOut ? 'timeout' : 'connection';
  const rawMessage = thrown instanceof Error ? thrown.message : String(thrown);
  const cause = Object.assign(
    new Error(redactSecrets(`${name ?? 'Error'}: ${rawMessage}`, secrets)),
    {
      ...(code ? { code } : {}),
    },
  );
  return new InstagramPlatformError('INTERNAL_ERROR', {
    message: TRANSPORT_MESSAGES[outcome === 'not_sent' ? 'not_sent' : transport],
    details: {
      reason: 'transport',
      transport,
      ...(code ? { transportCode: code } : {}),
    },
    transient: true,
    outcome,
    transport,
    cause,
  });
}
