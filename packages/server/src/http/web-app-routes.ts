/**
 * The web app at `/app`, from the files `@reelay/web` builds: hashed files under
 * `/app/assets/` are cached for good; every other path under `/app` (and a review link's
 * `/review/<token>`) answers the app's `index.html`, uncached, and the app routes in the
 * browser. The built files ship inside
 * this package (`dist/web-app`, copied by its build); running from source, they are read
 * from `packages/web/dist`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReelayError } from '@reelay/core';
import type { ReelayConfig } from '../reelay-config';
import type { RawRoute } from './create-app';
import { sendJson } from './respond';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  json: 'application/json; charset=utf-8',
};

/** A name Vite gives a built file: no folder, no leading dot, a known extension. */
const ASSET_NAME = /^[\w-][\w.-]*\.([a-z0-9]+)$/;

/**
 * Where the built app is looked for: beside the built server, and (from source only) in
 * the web package of the repository.
 */
export function defaultWebAppRoots(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const roots = [join(here, 'web-app')];
  // Only from source: in an installed package the same relative path could name anything.
  if (import.meta.url.endsWith('.ts')) roots.push(resolve(here, '../../../web/dist'));
  return roots;
}

/**
 * The Content-Security-Policy of the app: everything from this origin only, no inline
 * script; the OpenID Connect issuer is reachable when one is configured, for sign-in.
 *
 * @example
 * ```ts
 * webAppPolicy({ oidc: null });
 * // "default-src 'self'; script-src 'self'; …; connect-src 'self'; frame-ancestors 'none'; …"
 * ```
 */
export function webAppPolicy(config: Pick<ReelayConfig, 'oidc'>): string {
  const issuer = config.oidc ? ` ${new URL(config.oidc.issuer).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${issuer}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export interface WebAppOptions {
  config: Pick<ReelayConfig, 'oidc'>;
  /** Folders holding a built app, first found wins (default {@link defaultWebAppRoots}). */
  roots?: readonly string[];
}

/**
 * The routes of the web app.
 *
 * @example
 * ```ts
 * createHttpServer({ …, rawRoutes: [...webAppRoutes({ config })] });
 * ```
 */
export function webAppRoutes(options: WebAppOptions): RawRoute[] {
  const roots = options.roots ?? defaultWebAppRoots();
  const policy = webAppPolicy(options.config);
  const assets = new Map<string, Buffer>();
  const common = {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };

  // Looked up at each request until found, so building the app while the server runs works.
  function builtRoot(): string | null {
    return roots.find((root) => existsSync(join(root, 'index.html'))) ?? null;
  }

  function send(res: ServerResponse, body: Buffer, type: string, cache: string) {
    res.writeHead(200, {
      ...common,
      'content-type': type,
      'content-length': String(body.length),
      'cache-control': cache,
    });
    res.end(body);
  }

  async function answer(path: string, res: ServerResponse) {
    const root = builtRoot();
    if (!root) {
      sendJson(
        res,
        503,
        {
          statusCode: 503,
          code: 'WEB_APP_NOT_BUILT',
          message:
            'O aplicativo web não foi compilado: rode `pnpm run build` (ou `pnpm --filter @reelay/web build`) e recarregue.',
        },
        { 'cache-control': 'no-store', 'retry-after': '30' },
      );
      return;
    }
    if (path.startsWith('/app/assets/')) {
      const name = path.slice('/app/assets/'.length);
      const type = TYPES[ASSET_NAME.exec(name)?.[1] ?? ''];
      if (!type) throw new ReelayError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
      let body = assets.get(name);
      if (!body) {
        try {
          body = await readFile(join(root, 'assets', name));
        } catch {
          throw new ReelayError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
        }
        assets.set(name, body);
      }
      send(res, body, type, 'public, max-age=31536000, immutable');
      return;
    }
    // Read at every request: small, and a rebuilt app is served at once.
    const index = await readFile(join(root, 'index.html'));
    send(res, index, 'text/html; charset=utf-8', 'no-cache');
  }

  const handler: RawRoute['handler'] = (req, res) => answer((req.url ?? '/').split('?')[0]!, res);
  // A review link's page (`/review/<token>`) is the app's too, outside `/app` so its
  // address reads as what it is for the client who opens it.
  const paths = ['/app', '/app/*', '/review/*'];
  return paths.flatMap((path) =>
    (['GET', 'HEAD'] as const).map((method) => ({ method, path, handler })),
  );
}
