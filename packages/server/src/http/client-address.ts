import type { IncomingMessage } from 'node:http';

/**
 * The caller's address, for the public rate bucket. `x-forwarded-for` is believed only
 * behind a trusted proxy: otherwise any caller could pick a fresh address per request.
 *
 * @example
 * ```ts
 * clientAddress(req, config.trustProxy); // '203.0.113.9'
 * ```
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    // The trusted proxy appends the address it saw: the last entry. Earlier entries come
    // from the client and can be anything.
    const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const last = header?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
