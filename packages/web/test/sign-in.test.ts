/**
 * The sign-in page in real Chromium against a real server: signing up, signing out and
 * in again, the server's refusal beside the field it names, the session surviving a
 * reload, the language switch, and no serious accessibility violation.
 */
import { createManualClock } from '@reelay/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage } from '@reelay/test-support/browser';
import { newEmail, signUp, inAppMenu } from '@reelay/test-support/flows';

describe('signing in to the web app', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  const clock = createManualClock(Date.now());

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ clock }), launchBrowser()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs up, stays signed in across a reload, signs out, and signs in again', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    expect(await seriousViolations(page), 'sign-in page').toEqual([]);

    const email = await signUp(page, app);
    expect(new URL(page.url()).pathname).toBe('/app/accounts');
    // The access token lives in memory only; the refresh token is what a reload uses.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['reelay.refreshToken']).toMatch(/^rrt_/);
    expect(JSON.stringify(stored)).not.toMatch(/eyJ/);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();

    await inAppMenu(page, () => page.getByRole('button', { name: 'Sair' }).click());
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('reelay.refreshToken'))).toBeNull();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('senha-errada-de-proposito');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('E-mail ou senha incorretos.');

    await page.getByLabel('Senha').fill('senha-bem-longa');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works from the keyboard alone, with the focus visible', async () => {
    const email = newEmail();
    await fetch(`${app.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'senha-bem-longa' }),
    });
    const { page, context } = await openPage(browser);
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Pular para o conteúdo');
    const outline = () =>
      page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(await outline()).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('senha-bem-longa');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
    // After the page changes, focus is on its heading, where reading starts.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  it('shows the refusal beside the field the server names', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${app.url}/app`);
    await page.getByRole('button', { name: /Criar conta/ }).click();
    await page.getByLabel('E-mail').fill('sem-arroba');
    await page.getByLabel(/^Senha/).fill('senha-bem-longa');
    await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
    const email = page.getByLabel('E-mail');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const note = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${note}`).textContent()).toBe('Informe um e-mail válido.');
    expect(await seriousViolations(page), 'sign-up form with an error').toEqual([]);
    await context.close();
  });

  it('follows the browser language, switches language from the page, and remembers it', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Reelay' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.getByLabel('Senha').count()).toBe(1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    await signUp(page, app, newEmail());
    await inAppMenu(page, async () => {
      await page.getByLabel('Idioma').selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Connected accounts' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    });
    await context.close();
  });

  it('signs in once from a #session= link (as `pnpm dev` prints) and removes it from the address', async () => {
    const email = newEmail();
    const signup = await fetch(`${app.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'senha-bem-longa' }),
    });
    const { refreshToken } = (await signup.json()) as { refreshToken: string };
    const link = `${app.url}/app/#session=${encodeURIComponent(refreshToken)}`;

    const { page, context, problems } = await openPage(browser);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
    // The token has left the address; the calendar may add its own view to the query.
    const address = new URL(page.url());
    expect(address.pathname).toBe('/app/calendar');
    expect(address.hash).toBe('');
    expect(page.url()).not.toContain('session=');
    // Opened again in the same browser: the session stays (the used token is not replayed).
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // Elsewhere, the used link is refused with a sentence, and the sign-in form is shown.
    const other = await openPage(browser);
    await other.page.goto(link);
    await other.page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    expect(await other.page.getByRole('status').textContent()).toBe(
      'Este link de acesso já foi usado ou expirou. Entre com e-mail e senha.',
    );
    await other.context.close();
  });

  it('renews the access token before it expires, and once when the server answers 401', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.clock.install();
    await signUp(page, app);
    const stored = () => page.evaluate(() => localStorage.getItem('reelay.refreshToken'));
    const first = await stored();

    // 15-minute tokens are renewed a minute ahead, with nothing clicked. The clock jumps:
    // each timer due meanwhile fires once, and a read it starts counts its time-out from
    // after the jump (running every timer on the way would time out a read still in
    // flight, which a busy machine makes likely).
    await page.clock.fastForward(14 * 60_000 + 5_000);
    await expect.poll(stored).not.toBe(first);
    const second = await stored();

    // The server's clock passes the token's expiry: the next call answers 401, the app
    // renews once and the call goes through.
    clock.advance(20 * 60_000);
    await page.getByLabel('Nome do perfil').fill('Depois do 401');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await page.getByRole('region', { name: 'Depois do 401' }).waitFor();
    expect(await stored()).not.toBe(second);
    expect(problems).toEqual([]);
    await context.close();
  });
});
