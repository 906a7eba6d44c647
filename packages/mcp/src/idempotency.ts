/**
 * Idempotency keys for creating tools. `POST /v1/posts` and a comment's reply take an
 * `idempotencyKey` (up to 128 characters): the same key with the same content answers
 * the original post or reply, the same key with other content answers
 * `IDEMPOTENCY_KEY_REUSED` (409). A model, or the
 * client running it, may send a call again after a lost answer; deriving the key from
 * the call itself makes that repeat harmless even when the model gave no key.
 */

/**
 * JSON with object keys sorted at every level, so two equal argument objects written in
 * another order give the same text.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }); // '{"a":[{"c":3,"d":2}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key a creating tool sends when the model gave none: `mcp-<tool>-` and the first
 * 40 hex digits of the SHA-256 of the tool name and the canonical arguments.
 *
 * @example
 * ```ts
 * await derivedIdempotencyKey('create_post', { content: 'Oi', mediaItems, platforms });
 * // 'mcp-create_post-3f2a…'
 * ```
 */
export async function derivedIdempotencyKey(
  tool: string,
  args: Record<string, unknown>,
): Promise<string> {
  const text = `${tool}\n${canonicalJson(args)}`;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'));
  return `mcp-${tool}-${hex.join('').slice(0, 40)}`;
}
