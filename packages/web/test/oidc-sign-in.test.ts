/**
 * Signing in with the company login: the server trusts an OpenID Connect issuer, the
 * app sends the browser there (code flow with PKCE), comes back, and the ID token works
 * as the Bearer token. The app's CSP lets it reach that issuer and nothing else.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage } from '@reelay/test-support/browser';
import { startOidcIssuer, type OidcIssuer } from './helpers/oidc-issuer';

describe('signing in with an OpenID Connect issuer', { timeout: 60_000 }, () => {
  let issuer: OidcIssuer;
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    issuer = await startOidcIssuer('painel-reelay');
    [app, browser] = await Promise.all([
      startAppServer({
        env: { REELAY_OIDC_ISSUER: issuer.url, REELAY_OIDC_AUDIENCE: issuer.clientId },
      }),
      launchBrowser(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await issuer?.close();
  });

  it('signs in through the issuer and renews the session with its refresh token', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${app.url}/app/accounts`);
    const button = page.getByRole('button', { name: 'Entrar com o login da sua empresa' });
    await button.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await button.click();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/accounts');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();
    const stored = () => page.evaluate(() => localStorage.getItem('reelay.oidcRefreshToken'));
    const first = await stored();
    expect(first).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('reelay.refreshToken'))).toBeNull();

    // A reload trades the issuer's refresh token for a new ID token.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();
    expect(await stored()).not.toBe(first);
    expect(problems).toEqual([]);
    await context.close();
  });
});
