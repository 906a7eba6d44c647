/**
 * The web app served at `/app`: hashed files cached for good, every other path the app's
 * `index.html` uncached, a CSP that allows only this origin, no way out of the assets
 * folder, and a clear 503 when the app was never built.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebAppIfStale, WEB_DIST } from '../../web/scripts/build-if-stale';
import { sendError } from '../src/http/respond';
import { webAppPolicy, webAppRoutes } from '../src/http/web-app-routes';
import { testDialects } from '@reelay/test-support/dialects';
import { call } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe('the web app at /app', () => {
  let server: TestServer;
  let entry = '';

  beforeAll(async () => {
    await buildWebAppIfStale();
    entry = /<script[^>]*src="(\/app\/assets\/[^"]+\.js)"/.exec(
      readFileSync(join(WEB_DIST, 'index.html'), 'utf8'),
    )![1]!;
    server = await startTestServer(testDialects()[0]!);
  }, 300_000);
  afterAll(() => server?.close());

  it('answers index.html, uncached, at /app and at any path under it', async () => {
    for (const path of ['/app', '/app/', '/app/accounts', '/app/accounts/int_x?status=connected']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control'), path).toBe('no-cache');
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await answer.text(), path).toContain(`src="${entry}"`);
    }
    const head = await fetch(`${server.url}/app/accounts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('sends a policy that allows only this origin, no inline script, no framing', async () => {
    const policy = (await fetch(`${server.url}/app`)).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
    });
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('lets the browser reach an OpenID Connect issuer, and only it, when one is configured', () => {
    const policy = webAppPolicy({
      oidc: { issuer: 'https://login.example.com/realms/x', audience: 'app' },
    });
    expect(policy).toContain("connect-src 'self' https://login.example.com;");
    expect(policy).not.toContain('/realms');
  });

  it('serves hashed files for a year, immutable, with their type', async () => {
    const script = await fetch(`${server.url}${entry}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await script.text()).length).toBeGreaterThan(1000);
  });

  it('answers 404 in the envelope for an unknown asset and for any way out of the folder', async () => {
    const attempts = [
      '/app/assets/nao-existe-123.js',
      '/app/assets/..%2Findex.html',
      '/app/assets/..%2F..%2Fpackage.json',
      '/app/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/app/assets/..%5C..%5Cpackage.json',
      '/app/assets/.env',
      '/app/assets/sub%2Ffile.js',
    ];
    for (const path of attempts) {
      const answer = await call(server.url, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    // Traversal outside the assets path is only ever the app's page, never a file.
    const climbing = await fetch(`${server.url}/app/..%2F..%2Fpackage.json`);
    expect(await climbing.text()).not.toContain('"dependencies"');
  });
});

describe('the web app when it was never built', () => {
  let empty: string;
  let server: Server;
  let url = '';

  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'reelay-no-web-'));
    const routes = webAppRoutes({ config: { oidc: null }, roots: [empty] });
    server = createServer((req, res) => {
      Promise.resolve(routes[0]!.handler(req as never, res)).catch((error: unknown) =>
        sendError(res, error),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers 503 in the envelope, saying how to build it', async () => {
    const answer = await call(url, 'GET', '/app');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      statusCode: 503,
      code: 'WEB_APP_NOT_BUILT',
      message: expect.stringContaining('pnpm run build'),
    });
  });
});
