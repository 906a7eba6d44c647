/**
 * A response before it is written. Handlers return replies instead of writing to the
 * socket, so a fault with `after: true` can let the real work happen and then answer
 * something else (or nothing) in its place.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const JSON_TYPE = 'application/json; charset=UTF-8';

/** A JSON reply. */
export function jsonReply(
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Reply {
  return rawJsonReply(JSON.stringify(value), status, headers);
}

/** A reply whose JSON text is already written (e.g. with a bare big-number id). */
export function rawJsonReply(
  text: string,
  status = 200,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: text };
}

/** A 302 redirect. */
export function redirectReply(location: string): Reply {
  return {
    status: 302,
    headers: { location, 'content-type': 'text/plain; charset=UTF-8' },
    body: '',
  };
}

/** An HTML page. */
export function htmlReply(html: string, status = 200): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: html };
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
