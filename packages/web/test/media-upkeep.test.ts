/**
 * The media library's upkeep in real Chromium against a real server: an upload from the
 * page shows the name it was sent with and, while no post uses it, the "Sem uso" badge;
 * "Guardar" keeps it (the server says so after a reload) and lets it go again; the use
 * filter and the file name search live in the address. No serious accessibility
 * violation, no console error. On SQLite only: the server's side runs on both databases
 * in `packages/server/test/media-upkeep.test.ts`.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, imageFile } from './helpers/compose';
import { signUp } from '@reelay/test-support/flows';

describe('the media library upkeep', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let accountId: string;

  const cards = () => page.locator('.library-grid article');
  const cardNamed = (fileName: string) => cards().filter({ hasText: fileName });
  const openLibrary = async (query = '') => {
    await page.goto(`${app.url}/app/media${query}`);
    await page.getByRole('heading', { level: 1, name: 'Biblioteca de mídia' }).waitFor();
    await page.locator('.library-grid, .library-page .empty').first().waitFor();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    ({ integrationId: accountId } = await connectAccount(app, api, 'padaria.sol'));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the name an upload was sent with and that no post uses it', async () => {
    await openLibrary();
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('Pão de queijo.jpg', 1080, 1350));
    await page.getByText('Pão de queijo.jpg foi adicionada à biblioteca.').waitFor();
    const card = cardNamed('Pão de queijo.jpg');
    await card.waitFor();
    expect(await card.locator('dl').innerText()).toMatch(/Arquivo\s+Pão de queijo\.jpg/);
    await card.getByText('Sem uso', { exact: true }).waitFor();
    await card
      .getByText('Nenhum post usa esta mídia: ela é apagada depois de alguns dias')
      .waitFor();
    const [media] = (await api.media.list()).media;
    expect(media).toMatchObject({ fileName: 'Pão de queijo.jpg', unused: true, keep: false });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps a media with the switch, which the server remembers across a reload', async () => {
    const card = cardNamed('Pão de queijo.jpg');
    const keep = card.getByRole('switch', { name: 'Guardar' });
    expect(await keep.isChecked()).toBe(false);
    await keep.check();
    await page
      .getByRole('status')
      .getByText(/foi guardada: não é apagada mesmo sem uso\.$/)
      .waitFor();
    await card.getByText('Guardada: não é apagada mesmo sem uso.').waitFor();
    expect((await api.media.list()).media[0]).toMatchObject({ keep: true, unused: true });
    expect(await seriousViolations(page), 'with the media kept').toEqual([]);

    await page.reload();
    await cardNamed('Pão de queijo.jpg').waitFor();
    const reloaded = cardNamed('Pão de queijo.jpg').getByRole('switch', { name: 'Guardar' });
    expect(await reloaded.isChecked()).toBe(true);

    await reloaded.uncheck();
    await page
      .getByRole('status')
      .getByText(/não está mais guardada/)
      .waitFor();
    await expect.poll(async () => (await api.media.list()).media[0]?.keep).toBe(false);
    await page.reload();
    await cardNamed('Pão de queijo.jpg').waitFor();
    expect(
      await cardNamed('Pão de queijo.jpg').getByRole('switch', { name: 'Guardar' }).isChecked(),
    ).toBe(false);
  });

  it('filters by use and searches file names, both kept in the address', async () => {
    const { buffer } = await imageFile('bolo-de-milho.jpg', 1080, 1080);
    const { media: used } = await api.media.upload(buffer, { filename: 'bolo-de-milho.jpg' });
    await api.posts.create({
      content: 'Bolo de milho',
      mediaItems: [{ mediaId: used.id }],
      platforms: [{ platform: 'instagram', accountId }],
      draft: true,
    });
    await openLibrary();
    await expect.poll(() => cards().count()).toBe(2);
    expect(await cardNamed('bolo-de-milho.jpg').getByText('Sem uso', { exact: true }).count()).toBe(
      0,
    );

    await page.getByRole('combobox', { name: 'Uso' }).selectOption({ label: 'Só as sem uso' });
    await page.waitForURL(/\/app\/media\?use=unused$/);
    await expect.poll(() => cards().count()).toBe(1);
    await cardNamed('Pão de queijo.jpg').waitFor();

    await page.getByRole('combobox', { name: 'Uso' }).selectOption({ label: 'Todas' });
    await page.getByRole('searchbox', { name: /^Nome do arquivo/ }).fill('MILHO');
    await page.getByRole('searchbox', { name: /^Nome do arquivo/ }).press('Enter');
    await page.waitForURL(/\/app\/media\?q=MILHO$/);
    await expect.poll(() => cards().count()).toBe(1);
    await cardNamed('bolo-de-milho.jpg').waitFor();
    await page.reload();
    await cardNamed('bolo-de-milho.jpg').waitFor();
    expect(await page.getByRole('searchbox', { name: /^Nome do arquivo/ }).inputValue()).toBe(
      'MILHO',
    );
    await page.getByRole('searchbox', { name: /^Nome do arquivo/ }).fill('croissant');
    await page.getByRole('searchbox', { name: /^Nome do arquivo/ }).press('Enter');
    await page.getByText('Nenhuma mídia com estes filtros.').waitFor();
    expect(await seriousViolations(page), 'with the filters set').toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});
