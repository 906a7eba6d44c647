/**
 * The shape every setup check answers in, and what the checks share: a bounded HTTP
 * request, so one unreachable host cannot hold the whole answer.
 */
import type { SetupCheck, SetupCheckStatus } from '@reelay/core';

export type { SetupCheck, SetupCheckStatus } from '@reelay/core';

/** How long any outbound request of a check may take. */
export const CHECK_TIMEOUT_MS = 5_000;

/**
 * One check's result; `fix` and `details` only when given.
 *
 * @example
 * ```ts
 * result('disk', 'warning', 'Há 500 MiB livres.', 'Libere espaço na pasta de dados.');
 * ```
 */
export function result(
  id: string,
  status: SetupCheckStatus,
  message: string,
  fix?: string,
  details?: Record<string, unknown>,
): SetupCheck {
  return {
    id,
    status,
    message,
    ...(fix ? { fix } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * `fetch` that gives up after {@link CHECK_TIMEOUT_MS}; answers the response or why none came.
 *
 * @example
 * ```ts
 * const answer = await boundedFetch('https://graph.instagram.com/');
 * if (typeof answer === 'string') console.log('sem resposta:', answer);
 * ```
 */
export async function boundedFetch(
  url: string,
  init: RequestInit = {},
): Promise<Response | string> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
}
