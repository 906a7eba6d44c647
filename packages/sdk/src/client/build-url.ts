/**
 * The URLs the client sends to: the server's base, checked once when the client is made,
 * and the URL of one call, the one place path parameters are checked and encoded so that no
 * caller-supplied id can turn a call into one of another route.
 */

/**
 * The server's base URL without a trailing slash, refusing what cannot be a Reelay server:
 * an unparsable URL, a scheme other than http(s), and user info (credentials go in
 * `apiKey` or `accessToken`).
 *
 * @example
 * ```ts
 * normalizeBaseUrl('https://api.example.com/reelay/'); // 'https://api.example.com/reelay'
 * ```
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl inválida: ${JSON.stringify(baseUrl)}.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError('baseUrl deve usar http ou https.');
  }
  if (base.username || base.password) {
    throw new TypeError('baseUrl não pode conter usuário ou senha; use apiKey ou accessToken.');
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
}

/**
 * Fills a route's path with encoded parameters and appends the query.
 *
 * @example
 * ```ts
 * buildUrl('https://api.example.com', '/v1/posts/{id}', { id: 'post_1' }, { force: true });
 * // 'https://api.example.com/v1/posts/post_1?force=true'
 * ```
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  params: Readonly<Record<string, string>> | undefined,
  query: object | undefined,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    // An empty id would turn GET /v1/posts/{id} into the list route, and `..` would
    // climb out of the path: refuse both rather than call another route.
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
      throw new TypeError(`Parâmetro de caminho inválido: ${name} = ${JSON.stringify(value)}.`);
    }
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return `${baseUrl}${filled}${text ? `?${text}` : ''}`;
}
