import { existsSync } from 'node:fs';
import { ROUTES, routes } from '@reelay/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

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
    expect(short.body).toContain(`Endpoint: \`${server.url}/mcp\``);
    const full = await call(server.url, 'GET', '/llms-full.txt');
    expect(full.body).toContain('### POST /v1/posts');
    expect(full.body.length).toBeGreaterThan(short.body.length * 2);
  });

  it('serves the reference page and only its own assets', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/https?:|unsafe-eval|\*/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${server.url}/docs/assets/api-reference.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await bundle.text()).toContain('createApiReference');
    expect((await fetch(`${server.url}/docs/assets/init.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/assets/standalone.js.map`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`)).status).toBe(404);
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

    // Sign-up closes after the first user: the tests that need a key share one account.
    let account: Awaited<ReturnType<typeof createAccount>> | undefined;
    const sharedAccount = async () => (account ??= await createAccount(server.url));

    /**
     * A fresh page on /docs that records every request leaving for another origin and
     * every Content-Security-Policy violation.
     */
    async function openReference(): Promise<{
      page: Page;
      outside: string[];
      violations: () => Promise<string[]>;
    }> {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const outside: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(`${server.url}/`) && !url.startsWith('data:')) outside.push(url);
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(`${server.url}/docs`);
      await page.getByRole('button', { name: /Abrir Busca/ }).waitFor({ timeout: 30_000 });
      return {
        page,
        outside,
        violations: () =>
          page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      };
    }

    it('renders every route of the contract from local assets only', async () => {
      const { page, outside, violations } = await openReference();
      expect(await page.title()).toContain('Reelay');
      // Opens every group of the sidebar, then reads the operations it lists.
      const sidebar = page
        .locator('[data-sidebar-id]')
        .first()
        .locator('xpath=ancestor::ul[last()]');
      for (let round = 0; round < 20; round++) {
        const closed = sidebar.locator('button[aria-expanded="false"]');
        if ((await closed.count()) === 0) break;
        await closed.first().click();
      }
      const entries = await page.$$eval('[data-sidebar-id]', (items) =>
        items.map((item) => item.getAttribute('data-sidebar-id') ?? ''),
      );
      for (const route of ROUTES) {
        expect(
          entries.some((entry) => entry.endsWith(`/${route.method}${route.path}`)),
          `${route.id}: ${route.method} ${route.path}`,
        ).toBe(true);
      }
      // Nothing on the page leads to Scalar's hosted client with this document.
      expect(await page.locator('a[href*="scalar.com/?url"]').count()).toBe(0);
      expect(outside).toEqual([]);
      expect(await violations()).toEqual([]);
      await page.context().close();
    }, 90_000);

    it('finds an operation by search and shows its SDK, CLI and curl samples', async () => {
      const { page, outside, violations } = await openReference();
      await page.getByRole('button', { name: /Abrir Busca/ }).click();
      await page.keyboard.type('Cria um post');
      await page.getByRole('option', { name: /Cria um post agora ou agendado/ }).click();
      await expect.poll(() => page.url()).toMatch(/#tag\/posts\/POST\/v1\/posts$/);

      const operation = page.locator('section[id$="/POST/v1/posts"]');
      const sample = operation.locator('.request-editor-section');
      await expect.poll(() => sample.textContent()).toContain('reelay.posts.create(');
      expect(await sample.textContent()).toContain(`baseUrl: '${server.url}'`);

      await operation.getByRole('button', { name: /SDK TypeScript/ }).click();
      await page.getByRole('option', { name: /CLI/ }).click();
      await expect.poll(() => sample.textContent()).toContain('reelay posts create');

      await operation.getByRole('button', { name: /CLI/ }).click();
      await page.getByRole('option', { name: /Curl/ }).click();
      await expect.poll(() => sample.textContent()).toMatch(/curl.*\/v1\/posts/s);
      expect(await sample.textContent()).toContain(server.url);

      expect(outside).toEqual([]);
      expect(await violations()).toEqual([]);
      await page.context().close();
    }, 90_000);

    it('fills "try it" for POST /v1/posts with the contract example, which passes validation', async () => {
      const account = await sharedAccount();
      const { page } = await openReference();
      await page
        .getByPlaceholder('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT')
        .first()
        .fill(account.apiKey);
      await page.getByRole('button', { name: /Abrir Busca/ }).click();
      await page.keyboard.type('Cria um post');
      await page.getByRole('option', { name: /Cria um post agora ou agendado/ }).click();
      const operation = page.locator('section[id$="/POST/v1/posts"]');
      await operation.getByRole('button', { name: /Testar Requisição/ }).click();
      const sent = page.waitForRequest(
        (request) => request.url().endsWith('/v1/posts') && request.method() === 'POST',
      );
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/v1/posts') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: /Enviar requisição post/ }).click();
      expect(JSON.parse((await sent).postData() ?? 'null')).toEqual(
        routes.createPost.examples.agora.body,
      );
      // Valid as sent: the one complaint is the example's account id, unknown to this project.
      const response = await answered;
      const body = await response.json();
      expect(response.status()).toBe(400);
      expect(body.details.issues).toEqual([
        { field: 'platforms[0].accountId', message: 'conta não encontrada neste projeto' },
      ]);
      await page.context().close();
    }, 90_000);

    it('keeps the API key after a reload and sends it with "try it" to this server', async () => {
      const account = await sharedAccount();
      const { page, outside, violations } = await openReference();
      const keyInput = page.getByPlaceholder('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT').first();
      await keyInput.fill(account.apiKey);
      await expect
        .poll(() => page.evaluate(() => JSON.stringify(localStorage)))
        .toContain(account.apiKey);

      await page.reload();
      await expect.poll(() => keyInput.inputValue(), { timeout: 30_000 }).toBe(account.apiKey);

      // Reached through search, as a reader would: the page draws far-away operations
      // only when they come near, which a busy machine may put off.
      await page.getByRole('button', { name: /Abrir Busca/ }).click();
      await page.keyboard.type('Verifica a credencial');
      await page.getByRole('option', { name: /Verifica a credencial/ }).click();
      const operation = page.locator('section[id$="/GET/v1/health/auth"]');
      await operation.getByRole('button', { name: /Testar Requisição/ }).click();
      const sent = page.waitForRequest((request) => request.url().endsWith('/v1/health/auth'));
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/v1/health/auth'),
      );
      await page.getByRole('button', { name: /Enviar requisição get/ }).click();
      const request = await sent;
      expect(request.url()).toBe(`${server.url}/v1/health/auth`);
      expect(request.headers()['x-access-key']).toBe(account.apiKey);
      const response = await answered;
      expect(response.status()).toBe(200);
      // The answer of the server, as the page shows it.
      await page.getByText(`"${account.projectId}"`).waitFor({ timeout: 10_000 });
      await page.getByText('200 OK').first().waitFor();

      expect(outside).toEqual([]);
      expect(await violations()).toEqual([]);
      await page.context().close();
    }, 90_000);
  });
});
