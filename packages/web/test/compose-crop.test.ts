/**
 * Cropping before upload, in real Chromium against a real server: a 1600×900 photo for a
 * feed post (wider than the feed takes) opens the crop dialog; cropped to 4:5 and moved
 * with the keyboard, the cropped file keeps its name and the stored media, read through
 * the API, is 4:5. No serious accessibility violation.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';
import { apiAs, imageFile } from './helpers/compose';

describe('cropping an image before upload', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('crops a 1600×900 photo to 4:5 for the feed, keeping its name', async () => {
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
    await page.getByLabel('Feed', { exact: true }).check();
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('photo.jpg', 1600, 900));
    const dialog = page.getByRole('dialog', { name: 'Cortar photo.jpg' });
    await dialog.getByText('A imagem tem 1600 × 900 px').waitFor();
    expect(await dialog.getByLabel('1.91:1').count()).toBe(1);
    expect(await dialog.getByLabel('9:16').count()).toBe(0);
    await dialog.getByLabel('4:5').check();
    const area = dialog.getByRole('slider', { name: 'Área do corte' });
    await expect.poll(() => area.getAttribute('aria-valuetext')).toBe('x 440, y 0, 720 × 900 px');
    await area.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => area.getAttribute('aria-valuetext')).toBe('x 472, y 0, 720 × 900 px');
    expect(await seriousViolations(page), 'with the crop dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cortar e enviar' }).click();

    const item = page.getByRole('listitem').filter({ hasText: 'photo.jpg' });
    await item.getByText('720 × 900 px').waitFor();
    // The cropped file kept the picked file's name.
    expect(await item.locator('.media-name').textContent()).toBe('1. photo.jpg');
    const { media } = await api.media.list();
    expect(media).toHaveLength(1);
    expect(media[0]!.width! / media[0]!.height!).toBeCloseTo(4 / 5, 3);
    expect(media[0]!.mime).toBe('image/jpeg');
    expect(opened.problems).toEqual([]);
  });
});
