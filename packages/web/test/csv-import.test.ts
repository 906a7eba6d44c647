/**
 * The CSV import in real Chromium against a real server and the Instagram emulator: a
 * file with two valid rows (a library medium by id; a carousel of an address the server
 * imports and that medium, at a local time in the row's zone) and a bad row. The dry run
 * lists the bad row's problems by row and column and creates nothing; "Create" makes
 * exactly the valid posts (read back through the API with their times and captions);
 * the same file again creates nothing new. At 390×844 the page does not scroll sideways;
 * no serious accessibility violation, no console error.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { inAppMenu, signUp } from '@reelay/test-support/flows';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { seriousViolations } from './helpers/axe';
import { apiAs, imageFile } from './helpers/compose';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(appDatabases())('the CSV import on %s', { timeout: 90_000 }, (database) => {
  let app: AppServer;
  let media: MediaServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let csv: { name: string; mimeType: string; buffer: Buffer };
  /** The valid rows' instants, as the API must hold them. */
  let first: Date;
  let second: Date;

  const chooseFile = () =>
    page.getByLabel(/^(Escolher o arquivo CSV|Choose the CSV file)$/).setInputFiles({
      name: csv.name,
      mimeType: csv.mimeType,
      buffer: csv.buffer,
    });
  const summary = () => page.locator('.import-summary');
  const progress = () => page.locator('.import-progress');

  beforeAll(async () => {
    [app, media, browser] = await Promise.all([
      startAppServer({ database, env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } }),
      startMediaServer(),
      launchBrowser(),
    ]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    await connectAccount(app, api, 'cafe.aurora');
    const photo = await imageFile('bolo.jpg', 1080, 1080);
    const mediaId = (await api.media.upload(photo.buffer, { filename: photo.name })).media.id;

    // Two and three days ahead: the first with an offset, the second at 09:30 in São Paulo.
    first = new Date(Math.floor((Date.now() + 2 * DAY_MS) / 60_000) * 60_000);
    const day = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    second = new Date(`${day}T12:30:00Z`); // 09:30 at UTC−03:00
    const text = [
      'at,media,accounts,caption,kind,timezone',
      `${first.toISOString()},${mediaId},@cafe.aurora,"Bolo de cenoura, com cobertura",,`,
      `${day} 09:30,${media.image(1080, 1080, 'jpg', 1)}|${mediaId},cafe.aurora,Dois pães,carousel,America/Sao_Paulo`,
      `${first.toISOString()},fotos/bolo.jpg,@padaria.fantasma,Oi,panorama,`,
    ].join('\n');
    csv = { name: 'campanha.csv', mimeType: 'text/csv', buffer: Buffer.from(text) };
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await media?.close();
    await app?.close();
  });

  it('shows a dry run, from the composer: the rows, the bad row’s problems, and creates nothing', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Criar post' }).click();
    await page
      .getByRole('link', { name: 'Vários posts de uma vez? Importe um arquivo CSV.' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Importar posts de um CSV' }).waitFor();
    // The columns are explained behind the help button, with a template to download.
    await page.getByRole('button', { name: 'Ajuda' }).click();
    const template = page.getByRole('link', { name: 'Baixar um modelo (CSV)' });
    expect(decodeURIComponent((await template.getAttribute('href'))!)).toContain(
      'at,media,accounts,caption,kind,timezone,first_comment,idempotency_key',
    );

    await chooseFile();
    await page.getByRole('heading', { level: 2, name: 'Simulação de campanha.csv' }).waitFor();
    expect(await summary().innerText()).toContain('2 posts prontos, 1 linha com problemas.');
    const rows = page.locator('.import-table tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toContain('@cafe.aurora');
    expect(await rows.nth(0).innerText()).toContain('Bolo de cenoura, com cobertura');
    expect(await rows.nth(1).innerText()).toMatch(/carousel[\s\S]*2 mídias/);
    const bad = await page.locator('#import-row-4').innerText();
    expect(bad).toContain('Pulada');
    expect(bad).toContain('Linha 4, coluna kind: tipo desconhecido: "panorama".');
    expect(bad).toContain('Linha 4, coluna media: "fotos/bolo.jpg" é um arquivo do computador');
    expect(bad).toContain(
      'Linha 4, coluna accounts: nenhuma conta conectada se chama @padaria.fantasma.',
    );
    expect((await api.posts.list()).total).toBe(0);
    expect(await seriousViolations(page), 'the dry run').toEqual([]);
  });

  it('creates exactly the valid rows, each linked, with their times and captions', async () => {
    await page.getByRole('button', { name: 'Criar 2 posts' }).click();
    await progress().getByText('2 criados, 0 já existiam, 0 falharam.').waitFor();
    const posts = await api.posts.list().toArray({ max: 100 });
    expect(posts).toHaveLength(2);
    const byCaption = new Map(posts.map((post) => [post.content, post]));
    const cake = byCaption.get('Bolo de cenoura, com cobertura')!;
    const bread = byCaption.get('Dois pães')!;
    expect(new Date(cake.scheduledFor!).getTime()).toBe(first.getTime());
    expect(new Date(bread.scheduledFor!).getTime()).toBe(second.getTime());
    expect(bread.kind).toBe('carousel');
    expect(bread.mediaItems).toHaveLength(2);
    expect(cake.idempotencyKey).toMatch(/^csv-[0-9a-f]{40}$/);
    const link = page.getByRole('link', { name: 'Ver o post da linha 2' });
    expect(await link.getAttribute('href')).toBe(`/app/posts/${cake.id}`);
    expect(await page.locator('#import-row-4').innerText()).toContain('Pulada');
    expect(await seriousViolations(page), 'the import done').toEqual([]);
  });

  it('creates nothing new when the same file is imported again', async () => {
    await page.getByRole('button', { name: 'Importar outro arquivo' }).click();
    await chooseFile();
    await page.getByRole('button', { name: 'Criar 2 posts' }).click();
    await progress().getByText('0 criados, 2 já existiam, 0 falharam.').waitFor();
    expect((await api.posts.list()).total).toBe(2);
  });

  it("tells the problems in the person's language", async () => {
    await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
    await page.getByRole('button', { name: 'Import another file' }).click();
    await chooseFile();
    await page.getByRole('heading', { level: 2, name: 'Dry run of campanha.csv' }).waitFor();
    expect(await summary().innerText()).toContain('2 posts ready, 1 row with problems.');
    expect(await page.locator('#import-row-4').innerText()).toContain(
      'Row 4, column accounts: no connected account is named @padaria.fantasma.',
    );
    await inAppMenu(page, () => page.getByLabel('Language').selectOption('pt-BR'));
  });

  it('keeps the table in its own focusable region on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const region = page.getByRole('region', { name: 'Linhas do arquivo' });
    await region.focus();
    expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page), 'on a phone').toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});
