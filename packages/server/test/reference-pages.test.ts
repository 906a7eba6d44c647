import { existsSync } from 'node:fs';
import { ROUTES } from '@reelay/core';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './helpers/dialects';
import { call } from './helpers/http-client';
import { startTestServer, type TestServer } from './helpers/test-server';

const CHROMIUM = '/usr/bin/chromium';
// CI installs Debian's Chromium (.ci/run); elsewhere the browser test needs it too.
const browserAvailable = existsSync(CHROMIUM);

describe('reference pages', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(testDialects()[0]!);
  });
  afterAll(() => server.close());

  it('serves the agents index and its full variant, publicly, as Markdown', async () => {
    const short = await call(server.url, 'GET', '/llms.txt');
    expect(short.status).toBe(200);
    expect(short.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(short.body).toMatch(/^# Reelay API/);
    expect(short.body).toContain(`${server.url}/openapi.json`);
    const full = await call(server.url, 'GET', '/llms-full.txt');
    expect(full.body).toContain('### POST /v1/posts');
    expect(full.body.length).toBeGreaterThan(short.body.length * 2);
  });

  it('serves the reference page and only its own assets', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/assets/index.html`)).status).toBe(404);
  });

  describe.runIf(browserAvailable || process.env.CI)('in a real browser', () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }, 60_000);
    afterAll(() => browser?.close());

    it('renders every route of the contract, without the internet', async () => {
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
          outside.push(request.url());
      });
      await page.goto(`${server.url}/docs`);
      await page.waitForSelector('.opblock', { timeout: 30_000 });
      const operations = await page.$$eval('.opblock', (blocks) =>
        blocks.map((block) => {
          const method = block.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
          const path =
            block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
          return `${method} ${path}`;
        }),
      );
      for (const route of ROUTES)
        expect(operations, route.id).toContain(`${route.method} ${route.path}`);
      expect(await page.title()).toContain('Reelay');
      expect(outside).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
