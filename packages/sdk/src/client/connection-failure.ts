/**
 * Reading a thrown connection failure. Whether a request never left the machine decides
 * whether a POST without an idempotency key may be retried (spec §7), and the message
 * joins the causes because `fetch` hides the useful part (`ECONNREFUSED …`) in `cause`.
 */

/** Connection failures that happen before a request leaves the machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ConnectionRefused',
]);

/** Whether the failure, or one of its causes, proves nothing reached the server. */
export function wasSentNowhere(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The messages of the failure and its causes, without repeats. */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof Error || typeof (current as Error).message === 'string') {
      parts.push((current as Error).message);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return [...new Set(parts.filter(Boolean))].join(': ') || String(error);
}
