/**
 * The composer's preview in real Chromium against a real server and the Instagram
 * emulator: beside the form and in view while the form scrolls on a wide screen, a tab
 * per chosen account, the caption folded as the feed folds it, the action bar under a
 * feed post, the covered zones of Reels and Stories shaded, and below the form on a
 * phone without sideways scrolling. No serious accessibility violation, in Portuguese and
 * in English.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';
import { apiAs, imageFile } from './helpers/compose';

describe('the composer’s preview', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signUp(page, app);
    const api = await apiAs(app.url, email);
    await connectAccount(app, api, 'cafe.aurora');
    await connectAccount(app, api, 'padaria.sol');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const preview = () => page.getByRole('region', { name: 'Prévia' });

  async function openComposer() {
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
    await page.getByLabel('@padaria.sol').waitFor();
  }

  it('stays beside the form while it scrolls, with a tab per chosen account', async () => {
    await openComposer();
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('cafe.jpg', 1080, 1350));
    await page.getByText(/^Imagem · JPEG ·/).waitFor();
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('@padaria.sol').check();

    const form = await page.getByRole('form', { name: 'Criar post' }).boundingBox();
    const beside = await preview().boundingBox();
    expect(beside!.x).toBeGreaterThan(form!.x + form!.width - 1);

    // Scrolled to the send button, the preview is still in view.
    await page.getByRole('button', { name: 'Publicar agora' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const scrolled = await preview().getByRole('img', { name: 'Mídia do post' }).boundingBox();
    expect(scrolled!.y).toBeGreaterThanOrEqual(0);
    expect(scrolled!.y + scrolled!.height).toBeLessThanOrEqual(800);

    const tabs = preview().getByRole('tablist', { name: 'Contas na prévia' });
    const cafe = tabs.getByRole('tab', { name: '@cafe.aurora' });
    const padaria = tabs.getByRole('tab', { name: '@padaria.sol' });
    expect(await cafe.getAttribute('aria-selected')).toBe('true');
    const panel = preview().getByRole('tabpanel', {
      name: 'O post como a conta escolhida o mostraria',
    });
    expect(await panel.locator('.preview-account').textContent()).toBe('C@cafe.aurora');

    await padaria.click();
    await panel.locator('.preview-account').getByText('@padaria.sol').waitFor();
    expect(await panel.locator('.preview-account').textContent()).toBe('P@padaria.sol');
    expect(await cafe.getAttribute('aria-selected')).toBe('false');
    // By keyboard: the arrows move between the tabs.
    await padaria.focus();
    await page.keyboard.press('ArrowRight');
    expect(await cafe.getAttribute('aria-selected')).toBe('true');
    expect(await cafe.evaluate((tab) => tab === document.activeElement)).toBe(true);

    // Like, comment, share and save under a feed post.
    await preview().getByRole('img', { name: 'Curtir, comentar, compartilhar, salvar' }).waitFor();
    expect(await seriousViolations(page), 'with two tabs').toEqual([]);
  });

  it('folds a long caption after 125 characters behind “… mais”, and opens it', async () => {
    const text = `${'Café coado na hora, pão de queijo saindo do forno. '.repeat(4)}#café`;
    await page.getByLabel('Legenda', { exact: true }).fill(text);
    const caption = preview().locator('.preview-caption');
    const more = caption.getByRole('button', { name: 'mais' });
    await more.waitFor();
    expect(await caption.textContent()).not.toContain('#café');
    expect(await caption.textContent()).toMatch(/… mais$/);
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await caption.getByText(/#café/).waitFor();
    expect(await caption.getByRole('button', { name: 'menos' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('shades the zones a Story covers, in 9:16', async () => {
    await page.getByLabel('Story', { exact: true }).check();
    await preview().getByText('Story, no formato vertical 9:16.').waitFor();
    await preview()
      .getByText('As áreas sombreadas no alto e embaixo são cobertas pelo perfil')
      .waitFor();
    expect(await preview().locator('.frame .safe-zones-story span').count()).toBe(2);
    expect(
      await preview()
        .getByRole('img', { name: /^Curtir/ })
        .count(),
    ).toBe(0);
    expect(await seriousViolations(page), 'with a Story').toEqual([]);
  });

  it('sits below the form on a phone, without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Feed', { exact: true }).check();
    const form = await page.getByRole('form', { name: 'Criar post' }).boundingBox();
    const below = await preview().boundingBox();
    expect(below!.y).toBeGreaterThanOrEqual(form!.y + form!.height - 1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousViolations(page), 'on a phone').toEqual([]);
  });

  it('says the same in English', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.setItem('reelay.language', 'en'));
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Compose a post' }).waitFor();
    await page.getByLabel('Choose files').setInputFiles(await imageFile('reel.jpg', 1080, 1920));
    // A 9:16 picture is taller than a feed post takes: the crop dialog asks first.
    await page.getByRole('button', { name: 'Upload as it is' }).click();
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('Story', { exact: true }).check();
    const region = page.getByRole('region', { name: 'Preview' });
    await region.getByRole('tablist', { name: 'Accounts in the preview' }).waitFor();
    await region.getByText(/^The shaded areas at the top and bottom/).waitFor();
    expect(await seriousViolations(page), 'in English').toEqual([]);
    await page.evaluate(() => localStorage.removeItem('reelay.language'));
    expect(opened.problems).toEqual([]);
  });
});
