/**
 * The accounts page in real Chromium against a real server and the Instagram emulator:
 * profiles, connecting through the emulator's consent page, the refusals explained in
 * words, checking health, disconnecting after a confirmation, and no serious
 * accessibility violation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { apiClientFor } from '@reelay/test-support/api-steps';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { connectThroughConsentPage, signUp } from '@reelay/test-support/flows';

describe('the accounts page', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    email = await signUp(page, app);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const profileSection = (name: string) => page.getByRole('region', { name });
  const account = (username: string) => page.getByRole('article', { name: `@${username}` });

  it('starts empty, with no serious accessibility violation', async () => {
    await profileSection('Sem perfil').getByText('Crie um perfil').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates a profile', async () => {
    await page.getByLabel('Nome do perfil').fill('Café Aurora');
    await page.getByLabel('Descrição (opcional)').fill('Cafeteria do centro');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await profileSection('Café Aurora').getByText('Cafeteria do centro').waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain(
      'Perfil “Café Aurora” criado.',
    );
  });

  it('connects a business account to the profile through the consent page and shows it highlighted', async () => {
    app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
    await connectThroughConsentPage(
      page,
      page.getByRole('button', { name: 'Conectar conta do Instagram: Café Aurora' }),
      'cafe.aurora',
    );
    await page.getByText('Conta @cafe.aurora conectada. Ela já pode receber posts.').waitFor();
    const card = profileSection('Café Aurora').getByRole('article', { name: '@cafe.aurora' });
    await card.waitFor();
    expect(await card.getAttribute('class')).toContain('highlight');
    expect(await card.textContent()).toMatch(/Conectada.*Ativa.*em \d+ dias/);
    // The outcome is shown once: the address no longer carries it.
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('explains a personal account refused, and what to do', async () => {
    app.emulator.createAccount({ username: 'ana.pessoal', accountType: 'PERSONAL' });
    await connectThroughConsentPage(
      page,
      profileSection('Sem perfil').getByRole('button', { name: 'Conectar conta do Instagram' }),
      'ana.pessoal',
    );
    const alert = page.getByRole('alert');
    await alert.getByText('A conta não foi conectada').waitFor();
    expect(await alert.textContent()).toContain(
      'Esta é uma conta pessoal do Instagram. Mude-a para conta profissional',
    );
    expect(await account('ana.pessoal').count()).toBe(0);
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
    expect(await page.getByText('A conta não foi conectada').count()).toBe(0);
  });

  it('explains an authorization declined on the consent page', async () => {
    await connectThroughConsentPage(
      page,
      profileSection('Sem perfil').getByRole('button', { name: 'Conectar conta do Instagram' }),
      'cafe.aurora',
      'Deny',
    );
    expect(await page.getByRole('alert').textContent()).toContain(
      'A autorização foi recusada na página do Instagram',
    );
  });

  it('checks an account now', async () => {
    await account('cafe.aurora')
      .getByRole('button', { name: 'Verificar agora: @cafe.aurora' })
      .click();
    await page.getByText('Conta @cafe.aurora verificada: Conectada.').waitFor();
    expect(await account('cafe.aurora').textContent()).not.toContain('nunca');
  });

  it('disconnects an account only after confirming', async () => {
    const disconnect = account('cafe.aurora').getByRole('button', {
      name: 'Desconectar @cafe.aurora',
    });
    await disconnect.click();
    const dialog = page.getByRole('dialog', { name: 'Desconectar @cafe.aurora?' });
    await dialog.waitFor();
    expect(await seriousViolations(page), 'with the dialog open').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await account('cafe.aurora').getByText('Conectada', { exact: true }).count()).toBe(2);

    await disconnect.click();
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Conta @cafe.aurora desconectada.').waitFor();
    await account('cafe.aurora').getByText('Desconectada', { exact: true }).first().waitFor();
    expect(
      await account('cafe.aurora')
        .getByRole('button', { name: /Desconectar/ })
        .count(),
    ).toBe(0);
  });

  it('removes a profile after confirming; its accounts then show without a profile', async () => {
    await profileSection('Café Aurora').getByRole('button', { name: 'Remover perfil' }).click();
    await page
      .getByRole('dialog', { name: 'Remover o perfil “Café Aurora”?' })
      .getByRole('button', { name: 'Remover perfil' })
      .click();
    await page.getByText('Perfil “Café Aurora” removido.').waitFor();
    // The list is read again after the removal: the section goes once it has been.
    await profileSection('Café Aurora').waitFor({ state: 'detached' });
    await profileSection('Sem perfil').getByRole('article', { name: '@cafe.aurora' }).waitFor();
    expect(opened.problems).toEqual([]);
  });

  it('shows an unknown address as not found, with a way back, and no serious accessibility violation', async () => {
    await page.goto(`${app.url}/app/endereco-que-nao-existe`);
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
    expect(await page.title()).toBe('Página não encontrada · Reelay');
    await page.getByText('Este endereço não existe no Reelay.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ir para as contas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contas conectadas' }).waitFor();
    expect(opened.problems).toEqual([]);
  });

  // A connection started outside the app, without a redirectUrl, as `reelay accounts connect` does.
  it('ends a connection started with an API key on a page that says what happened, with no serious accessibility violation', async () => {
    const api = await apiClientFor(app, email);
    const { url } = await api.accounts.connect({});
    app.emulator.createAccount({ username: 'loja.da.esquina', accountType: 'BUSINESS' });
    await page.goto(url);
    await page.getByLabel(/@loja\.da\.esquina\b/).check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conta conectada' }).waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/^\/app/);
    await page.getByText('Você já pode fechar esta aba.').waitFor();
    expect(await page.locator('body').textContent()).toContain('@loja.da.esquina');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
