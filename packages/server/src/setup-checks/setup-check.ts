/**
 * The shape every setup check answers in, and what the checks share: a bounded HTTP
 * request, so one unreachable host cannot hold the whole answer.
 */
import {
  describeSetupCheck,
  type SetupCheck,
  type SetupCheckParams,
  type SetupCheckReason,
  type SetupCheckStatus,
} from '@reelay/core';

export type { SetupCheck, SetupCheckStatus } from '@reelay/core';

/** How long any outbound request of a check may take. */
export const CHECK_TIMEOUT_MS = 5_000;

/**
 * One check's result: its `reason` and `details`, with `message` and `fix` written from
 * them in Portuguese (core's table, which clients read to say the same in English).
 *
 * @example
 * ```ts
 * result('disk', 'warning', 'disk_low', { dataDir: '/var/lib/reelay', freeBytes: 500 * 2 ** 20 });
 * ```
 */
export function result(
  id: string,
  status: SetupCheckStatus,
  reason: SetupCheckReason,
  details: SetupCheckParams = {},
): SetupCheck {
  const { message, fix } = describeSetupCheck(reason, details, 'pt-BR');
  return {
    id,
    status,
    reason,
    message,
    ...(fix && status !== 'ok' ? { fix } : {}),
    ...(Object.keys(details).length > 0 ? { details: { ...details } } : {}),
  };
}

/** An error's own words, for a check's details. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
