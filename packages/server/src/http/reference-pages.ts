/**
 * Public pages about the API, outside the contract (spec §1: an interactive reference
 * and an index for automated agents exist): `/docs` renders the OpenAPI document with
 * Scalar, served from this server's own files so it works with no internet and sends no
 * request anywhere else; `/llms.txt` and `/llms-full.txt` are the agents' index, generated
 * from the contract.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { ReelayError } from '@reelay/core';
import { buildLlmsIndex } from '@reelay/core/openapi';
import type { RawRoute } from './create-app';

/** Scalar's standalone browser bundle: one file, its styles included. */
const BUNDLE = 'api-reference.js';

// Scalar's generated request samples: curl only. The SDK and CLI samples come from the
// document itself (`x-codeSamples`), so every other language is hidden.
const HIDDEN_CLIENTS = [
  'c',
  'clojure',
  'csharp',
  'dart',
  'fsharp',
  'go',
  'http',
  'java',
  'js',
  'julia',
  'kotlin',
  'node',
  'objc',
  'ocaml',
  'php',
  'powershell',
  'python',
  'r',
  'ruby',
  'rust',
  'swift',
  'shell/httpie',
  'shell/wget',
];

/**
 * Scalar's configuration. Everything that would reach Scalar's services is off (fonts,
 * telemetry, the agent, the MCP, developer tools, the link to Scalar's hosted client);
 * "try it" sends requests to the origin that served the page (set in {@link INIT_SCRIPT}),
 * whatever `servers` the document names; the credential typed in is kept in the browser's
 * local storage across reloads.
 */
const CONFIGURATION = {
  url: '/openapi.json',
  title: 'Reelay API',
  slug: 'reelay',
  localization: { locale: 'pt' },
  persistAuth: true,
  authentication: { preferredSecurityScheme: 'accessKey' },
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  // The button opens client.scalar.com with this document; the page's own client stays.
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  hiddenClients: HIDDEN_CLIENTS,
  documentDownloadType: 'json',
};

// Starts the viewer once the bundle has run; a file, so the page needs no inline script.
// It runs before the bundle to tell the zod inside it not to probe for `eval` (which the
// policy forbids) and to check schemas without compiling them.
const INIT_SCRIPT = `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
document.addEventListener('DOMContentLoaded', () => {
  Scalar.createApiReference('#reference', Object.assign(${JSON.stringify(CONFIGURATION)}, {
    servers: [{ url: window.location.origin, description: 'Este servidor' }],
  }));
});
`;

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reelay API — referência</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/init.js"></script>
<script src="/docs/assets/${BUNDLE}"></script>
</body>
</html>
`;

/**
 * What the page may load: its scripts, the document and "try it" requests from this
 * origin only. Styles allow inline because Scalar's bundle injects its stylesheet and
 * Vue binds style attributes; images allow `data:` for the icons Scalar inlines.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function send(
  res: ServerResponse,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

/** The standalone bundle's path inside `@scalar/api-reference` (whose exports hide it). */
function bundlePath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(entry), 'browser', 'standalone.js');
}

/**
 * The routes of the reference pages.
 *
 * @example
 * ```ts
 * createHttpServer({ …, rawRoutes: [...referenceRoutes(config.publicUrl)] });
 * ```
 */
export function referenceRoutes(publicUrl: string): RawRoute[] {
  const bundleFile = bundlePath();
  let bundle: Buffer | undefined;
  const llms = buildLlmsIndex({ serverUrl: publicUrl });
  const llmsFull = buildLlmsIndex({ serverUrl: publicUrl, full: true });
  const text = 'text/markdown; charset=utf-8';
  const script = 'text/javascript; charset=utf-8';

  // The same public bucket as the OpenAPI document these pages render (spec §8).
  const routes: Array<Omit<RawRoute, 'rateBucket'>> = [
    {
      method: 'GET',
      path: '/docs',
      handler: (_req, res) =>
        send(res, PAGE, 'text/html; charset=utf-8', { 'content-security-policy': PAGE_POLICY }),
    },
    {
      method: 'GET',
      path: '/docs/assets/:file',
      async handler(req, res) {
        const file = req.params.file!;
        if (file === 'init.js') return send(res, INIT_SCRIPT, script);
        if (file !== BUNDLE)
          throw new ReelayError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
        bundle ??= await readFile(bundleFile);
        send(res, bundle, script, { 'cache-control': 'public, max-age=86400' });
      },
    },
    { method: 'GET', path: '/llms.txt', handler: (_req, res) => send(res, llms, text) },
    { method: 'GET', path: '/llms-full.txt', handler: (_req, res) => send(res, llmsFull, text) },
  ];
  return routes.map((route) => ({ ...route, rateBucket: 'public' }));
}
