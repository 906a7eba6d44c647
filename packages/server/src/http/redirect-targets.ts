/**
 * Where an account connection may send the browser back to (`redirectUrl`), whatever the
 * credential that started it: an address on this server, on a dashboard allowed by CORS
 * (the web app served from another origin is one), or on an origin the operator lists in
 * `REELAY_REDIRECT_ORIGINS`. Anything else would turn the callback, a page on this
 * server's trusted address, into a redirect to a site of someone else's choosing.
 *
 * The address is parsed by the WHATWG URL parser, the one browsers use, and only its
 * origin (scheme, host, port) is compared: `http://server@evil`, backslashes, a
 * scheme-relative `//evil` or `javascript:` are read as a browser would read them, and the
 * browser is then sent to the parsed address's own serialization, never the raw text.
 */
import type { ReelayConfig } from '../reelay-config';

/** The origins a connection may return to, in the form `URL.origin` gives. */
export interface RedirectOrigins {
  /** This server's own, named in refusals (the others are the operator's to tell). */
  readonly own: string;
  readonly allowed: ReadonlySet<string>;
}

function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The allowed origins of a configuration.
 *
 * @example
 * ```ts
 * const origins = redirectOrigins({
 *   publicUrl: 'https://reelay.example.com',
 *   corsOrigins: [],
 *   redirectOrigins: ['https://app.example.com'],
 * });
 * origins.allowed.has('https://app.example.com'); // true
 * ```
 */
export function redirectOrigins(
  config: Pick<ReelayConfig, 'publicUrl' | 'corsOrigins' | 'redirectOrigins'>,
): RedirectOrigins {
  const origins = [config.publicUrl, ...config.corsOrigins, ...config.redirectOrigins].map(
    originOf,
  );
  return {
    own: originOf(config.publicUrl) ?? config.publicUrl,
    allowed: new Set(origins.filter((origin): origin is string => origin !== null)),
  };
}

/**
 * Why the browser may not be sent to the address, in Portuguese, or `null` when it may.
 *
 * @example
 * ```ts
 * redirectRefusal('https://app.example.com/contas', origins); // null
 * redirectRefusal('https://reelay.example.com@evil.example/', origins); // 'deve ter …'
 * ```
 */
export function redirectRefusal(address: string, origins: RedirectOrigins): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'esperava uma URL http(s) absoluta';
  }
  // A user or password is never needed to come back to a page, and only serves to dress a
  // foreign address as a trusted one.
  if (url.username || url.password) return 'não pode ter usuário nem senha';
  const origin = /^https?:$/.test(url.protocol) ? url.origin : null;
  if (origin !== null && origins.allowed.has(origin)) return null;
  return `deve ter a origem deste servidor (${origins.own}), de um painel em REELAY_CORS_ORIGINS ou de uma origem em REELAY_REDIRECT_ORIGINS`;
}
