/**
 * CORS for the dashboard only (spec §5 rule 2): configured origins may call with Bearer
 * tokens; `x-access-key` is never an allowed header, so browsers cannot send keys
 * cross-origin, and the authenticator refuses one that arrives anyway.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, x-request-id';
const ALLOWED_HEADERS = 'authorization, content-type, x-project-id, x-request-id';

/**
 * Applies CORS headers. Returns true for a preflight request, which the caller answers
 * (with 204 once the request has been counted against its rate limit).
 *
 * @example
 * ```ts
 * if (applyCors(req, res, config.corsOrigins)) return answerPreflight(req, res);
 * ```
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowedOrigins: readonly string[],
): boolean {
  const origin = req.headers.origin;
  const allowed = origin !== undefined && allowedOrigins.includes(origin);
  if (allowed) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', EXPOSED);
  }
  if (origin !== undefined) res.setHeader('vary', 'origin');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    if (allowed) {
      res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
      res.setHeader('access-control-max-age', '600');
    }
    return true;
  }
  return false;
}
