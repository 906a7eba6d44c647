/**
 * True for an absolute http(s) URL: what the platform accepts as a redirect URI and
 * fetches as media.
 *
 * @example
 * ```ts
 * isHttpUrl('https://example.com/a.jpg'); // true
 * isHttpUrl('file:///etc/passwd'); // false
 * ```
 */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}
