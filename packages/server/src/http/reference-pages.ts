/**
 * Public pages about the API, outside the contract (spec §1: an interactive reference
 * and an index for automated agents exist): `/docs` renders the OpenAPI document with
 * Swagger UI, served from this server's own files so it works with no internet;
 * `/llms.txt` and `/llms-full.txt` are the agents' index, generated from the contract.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { ReelayError } from '@reelay/core';
import { buildLlmsIndex } from '@reelay/core/openapi';
import type { RawRoute } from './create-app';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// Starts the viewer on the served document; a file, so the page needs no inline script.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  tryItOutEnabled: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reelay API — referência</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

const PAGE_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";

function send(
  res: ServerResponse,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
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
  const assetsDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Buffer>();
  const llms = buildLlmsIndex({ serverUrl: publicUrl });
  const llmsFull = buildLlmsIndex({ serverUrl: publicUrl, full: true });
  const text = 'text/markdown; charset=utf-8';

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
        if (file === 'init.js') return send(res, INIT_SCRIPT, 'text/javascript; charset=utf-8');
        const type = ASSETS[file];
        if (!type) throw new ReelayError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
        let body = cache.get(file);
        if (!body) {
          body = await readFile(join(assetsDir, file));
          cache.set(file, body);
        }
        send(res, body, type, { 'cache-control': 'public, max-age=86400' });
      },
    },
    { method: 'GET', path: '/llms.txt', handler: (_req, res) => send(res, llms, text) },
    { method: 'GET', path: '/llms-full.txt', handler: (_req, res) => send(res, llmsFull, text) },
  ];
  return routes.map((route) => ({ ...route, rateBucket: 'public' }));
}
