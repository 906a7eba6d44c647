/**
 * The accounts page on a server with both Instagram Login and Facebook Login, in real
 * Chromium against a real server and the emulator: the choice of login, connecting the
 * accounts of the chosen Pages through the emulator's Facebook dialog, how many were
 * connected and what was left out, the Facebook refusals in words, each account's login
 * and its token that does not expire, reconnecting through the account's own login, both
 * languages, and no serious accessibility violation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp, inAppMenu } from '@reelay/test-support/flows';

describe('the accounts page with Facebook Login', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ facebook: true }), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await signUp(page, app);
    await page.getByLabel('Nome do perfil').fill('Loja Sol');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await page.getByRole('region', { name: 'Loja Sol' }).waitFor();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const profile = () => page.getByRole('region', { name: 'Loja Sol' });
  const account = (username: string) => page.getByRole('article', { name: `@${username}` });
  const connectToggle = () =>
    profile().getByRole('button', { name: 'Conectar conta do Instagram: Loja Sol' });

  let people = 0;
  /** A Facebook person with Pages: linked to new business accounts, or not linked. */
  function facebookPerson(
    pages: Array<{ username?: string; tasks?: Array<'MANAGE' | 'ANALYZE'> }>,
  ) {
    people += 1;
    const name = `Pessoa Facebook ${people}`;
    app.emulator.createFacebookUser({
      name,
      pages: pages.map(({ username, tasks }, index) => ({
        name: username ? `Página de ${username}` : `Página sem conta ${index + 1}`,
        ...(username
          ? {
              instagramAccountId: app.emulator.createAccount({ username, accountType: 'BUSINESS' })
                .id,
            }
          : {}),
        ...(tasks ? { tasks } : {}),
      })),
    });
    return name;
  }

  /** On the emulator's Facebook dialog: continues as `person` with all their Pages. */
  async function continueOnFacebook(person: string) {
    await page.waitForURL(/\/facebook\/.*dialog\/oauth/);
    await page.getByRole('radio', { name: person }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/app\/accounts/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }

  async function connectWithFacebook(person: string) {
    await connectToggle().click();
    await profile().getByRole('button', { name: 'Facebook (Página)' }).click();
    await continueOnFacebook(person);
  }

  it('offers the choice of login with a line on how they differ, closed by Escape', async () => {
    const toggle = connectToggle();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await profile().getByRole('group', { name: 'Conectar com' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const choice = profile().getByRole('group', { name: 'Conectar com' });
    await choice.waitFor();
    expect(await choice.getByRole('button').allTextContents()).toEqual([
      'Instagram',
      'Facebook (Página)',
    ]);
    expect(await choice.textContent()).toContain(
      'Facebook (Página): conecta pela Página do Facebook vinculada à conta, o que permite marcar produtos',
    );
    expect(await seriousViolations(page), 'with the choice open').toEqual([]);
    await page.keyboard.press('Escape');
    await choice.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('connects the accounts of the chosen Pages, says how many and what was left out', async () => {
    const person = facebookPerson([
      { username: 'loja.sol' },
      { username: 'loja.lua' },
      { username: 'loja.mar', tasks: ['ANALYZE'] },
    ]);
    await connectWithFacebook(person);
    const notice = page.getByRole('status').filter({ hasText: 'contas conectadas' });
    await notice.getByText('2 contas conectadas. Elas já podem receber posts.').waitFor();
    expect(await notice.textContent()).toContain(
      '1 conta das Páginas escolhidas não foi conectada. Os motivos possíveis:',
    );
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('já está conectada a outro perfil deste projeto'),
      expect.stringContaining('Sua função na Página do Facebook não permite publicar'),
    ]);
    for (const username of ['loja.sol', 'loja.lua']) {
      const card = profile().getByRole('article', { name: `@${username}` });
      await card.waitFor();
      const text = await card.textContent();
      expect(text).toContain('Conectada comLogin do Facebook (Página)');
      expect(text).toContain('Acesso expiranão expira (token da Página do Facebook)');
      expect(text).not.toMatch(/em \d+ dias?/);
    }
    expect(await account('loja.mar').count()).toBe(0);
    expect(
      await profile().getByRole('article', { name: '@loja.sol' }).getAttribute('class'),
    ).toContain('highlight');
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('connects with Instagram Login from the same choice, and says so on the card', async () => {
    app.emulator.createAccount({ username: 'loja.estrela', accountType: 'BUSINESS' });
    await connectToggle().click();
    await profile().getByRole('button', { name: 'Instagram', exact: true }).click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.getByLabel(/@loja\.estrela\b/).check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/app\/accounts/);
    await page.getByText('Conta @loja.estrela conectada. Ela já pode receber posts.').waitFor();
    const text = await account('loja.estrela').textContent();
    expect(text).toContain('Conectada comLogin do Instagram');
    expect(text).toMatch(/Acesso expiraem \d+ dias/);
  });

  it('explains a Page without a linked Instagram account', async () => {
    const person = facebookPerson([{}]);
    await connectWithFacebook(person);
    const alert = page.getByRole('alert');
    await alert.getByText('A conta não foi conectada').waitFor();
    const text = await alert.textContent();
    expect(text).toContain(
      'Nenhuma Página do Facebook escolhida tem uma conta profissional do Instagram vinculada. Vincule a conta do Instagram a uma Página do Facebook',
    );
    // Not the Instagram Login explanation of the same code.
    expect(text).not.toContain('conta pessoal');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
  });

  it('explains a Page role that cannot publish', async () => {
    const person = facebookPerson([{ username: 'loja.vento', tasks: ['ANALYZE'] }]);
    await connectWithFacebook(person);
    const alert = page.getByRole('alert');
    await alert.getByText('A conta não foi conectada').waitFor();
    expect(await alert.textContent()).toContain(
      'Sua função na Página do Facebook não permite publicar na conta do Instagram vinculada',
    );
    expect(await account('loja.vento').count()).toBe(0);
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
  });

  it('explains a cancelled Facebook dialog', async () => {
    await connectToggle().click();
    await profile().getByRole('button', { name: 'Facebook (Página)' }).click();
    await page.waitForURL(/\/facebook\/.*dialog\/oauth/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/app\/accounts/);
    const alert = page.getByRole('alert');
    await alert.getByText('A conta não foi conectada').waitFor();
    expect(await alert.textContent()).toContain('A autorização foi recusada no Facebook.');
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
  });

  it('reconnects a Facebook account through Facebook and an Instagram one through Instagram', async () => {
    await account('loja.estrela').getByRole('button', { name: 'Reconectar @loja.estrela' }).click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();

    await account('loja.sol').getByRole('button', { name: 'Reconectar @loja.sol' }).click();
    await continueOnFacebook('Pessoa Facebook 1');
    await page.getByText('2 contas conectadas. Elas já podem receber posts.').waitFor();
    // The same connections: nothing new, nothing switched to Instagram Login. The notice can
    // show before the list has reloaded, so the count is awaited.
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    expect(await account('loja.sol').textContent()).toContain('Login do Facebook (Página)');
  });

  it('says the same in English', async () => {
    await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
    const card = account('loja.lua');
    await card.getByText('Facebook Login (Page)').waitFor();
    expect(await card.textContent()).toContain('does not expire (Facebook Page token)');
    const toggle = page
      .getByRole('region', { name: 'Loja Sol' })
      .getByRole('button', { name: 'Connect Instagram account: Loja Sol' });
    await toggle.click();
    const choice = page.getByRole('group', { name: 'Connect with' });
    expect(await choice.getByRole('button').allTextContents()).toEqual([
      'Instagram',
      'Facebook (Page)',
    ]);
    expect(await choice.textContent()).toContain(
      'connect through the Facebook Page linked to the account, which lets posts tag products',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await inAppMenu(page, () => page.getByLabel('Language').selectOption('pt-BR'));
    expect(opened.problems).toEqual([]);
  });
});
