/**
 * The app's shell for someone who schedules every day, on a laptop (1280×800) and on a
 * phone (390×844), with the demo project (an account, posts in several states, a posting
 * schedule, a webhook and API keys): every page of the navigation, and the sign-in page
 * signed out, fits the viewport's width and has no serious accessibility violation in the
 * light and in the dark; the banner is one row on the laptop in both languages; the phone
 * has the bottom bar, and the laptop not; the keyboard reaches the navigation, and the
 * menu opens with Enter and closes with Escape, giving the focus back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInLink } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { seedDemo } from '@reelay/test-support/demo-data';
import { signUp } from '@reelay/test-support/flows';
import { writeSolidPng } from '@reelay/test-support/solid-png';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import { seriousViolations } from './helpers/axe';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Every page of the navigation (in Portuguese) and the post page, by path and heading. */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/app/calendar', 'Calendário'],
  ['/app/compose', 'Criar post'],
  ['/app/approvals', 'Aguardando aprovação'],
  ['/app/inbox', 'Caixa de entrada'],
  ['/app/media', 'Biblioteca de mídia'],
  ['/app/accounts', 'Contas conectadas'],
  ['/app/planner', 'Planejar a grade'],
  ['/app/feeds', 'Feeds'],
  ['/app/webhooks', 'Webhooks'],
  ['/app/members', 'Membros'],
  ['/app/api-keys', 'Chaves de API'],
  ['/app/settings', 'Configurações'],
  ['/app/posts/<id>', 'Detalhes do post'],
];

/** The page's own width beyond the viewport: 0 when there is no horizontal scroll. */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The outermost elements that reach beyond the viewport's right edge, for a message. */
function beyondTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const beyond = (element: Element | null) =>
      element !== null && element.getBoundingClientRect().right > window.innerWidth + 0.5;
    return [...document.querySelectorAll('body *')]
      .filter((element) => beyond(element) && !beyond(element.parentElement))
      .map((element) => {
        const path = [];
        for (let at: Element | null = element; at && at !== document.body; at = at.parentElement)
          path.unshift(
            `${at.tagName.toLowerCase()}${at.className ? `.${String(at.className).split(' ').join('.')}` : ''}`,
          );
        return path.join(' > ');
      })
      .slice(0, 5);
  });
}

/** Waits until the page shows its heading and has loaded what it shows. */
async function loaded(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/**
 * Serious violations in the light, then in the dark colour scheme, each labelled. The page
 * opens again in the dark: switched while shown, Pico's colour transitions could still be
 * running when axe reads the colours.
 */
async function violationsInBothSchemes(page: Page, heading: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    if (colorScheme === 'dark') {
      await page.emulateMedia({ colorScheme });
      await page.reload();
      await loaded(page, heading);
    }
    found.push(...(await seriousViolations(page)).map((text) => `${colorScheme}: ${text}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('the shell on a laptop and on a phone', { timeout: 120_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let receiver: Receiver;
  let email: string;
  let postId: string;
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    [app, browser, receiver] = await Promise.all([
      startAppServer({ env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } }),
      launchBrowser(),
      startReceiver(),
    ]);
    const scratch = mkdtempSync(join(tmpdir(), 'reelay-shell-'));
    const pictures = await Promise.all(
      [1, 2, 3, 4].map(async (index) => {
        const path = join(scratch, `${index}.png`);
        await writeSolidPng(path, 1080, 1080);
        return path;
      }),
    );
    const seeding = await openPage(browser);
    email = await signUp(seeding.page, app);
    ({ publishedPostId: postId } = await seedDemo(app, seeding.page, {
      email,
      password: 'senha-bem-longa',
      webhookUrl: `${receiver.url}/reelay`,
      pictures: pictures as [string, string, string, string],
      timeZone: 'America/Sao_Paulo',
    }));
    await seeding.context.close();
    rmSync(scratch, { recursive: true, force: true });
    opened = await openPage(browser);
    page = opened.page;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await app?.close();
  });

  const bottomBar = () => page.getByRole('navigation', { name: 'Páginas principais' });

  describe.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const)('on a %s', (device, viewport) => {
    beforeAll(async () => {
      await page.setViewportSize(viewport);
    });

    it.each(PAGES)(
      'shows %s within the width, with no serious violation in light or dark',
      async (path, heading) => {
        await page.goto(await signedInLink(app, email, path.replace('<id>', postId)));
        await loaded(page, heading);
        expect(
          await horizontalOverflow(page),
          (await beyondTheEdge(page)).join(' '),
        ).toBeLessThanOrEqual(0);
        expect(await bottomBar().isVisible()).toBe(device === 'phone');
        // The current page's link says so: in the bar on a phone, in the banner (or its
        // menu) on a laptop. The post page is none of the navigation's.
        const inBar = ['/app/calendar', '/app/compose', '/app/inbox', '/app/media'];
        const marking =
          device === 'phone'
            ? inBar.includes(path)
              ? bottomBar()
              : null
            : path.startsWith('/app/posts')
              ? null
              : page.getByRole('banner');
        if (marking) {
          const marked = marking.locator(`a[href="${path}"][aria-current="page"]`);
          expect(await marked.count(), `${path} marked as the current page`).toBeGreaterThan(0);
        }
        if (device === 'phone') {
          // The end of the page scrolls clear of the bar.
          const clear = await page.evaluate(() => {
            const main = document.getElementById('main')!;
            const bar = document.querySelector('.bottom-nav')!.getBoundingClientRect();
            return parseFloat(getComputedStyle(main).paddingBottom) >= bar.height;
          });
          expect(clear).toBe(true);
        }
        expect(await violationsInBothSchemes(page, heading)).toEqual([]);
      },
    );
  });

  it('shows the sign-in page signed out within the width on both, with no serious violation', async () => {
    const signedOut = await openPage(browser);
    try {
      for (const viewport of [PHONE, LAPTOP]) {
        await signedOut.page.setViewportSize(viewport);
        await signedOut.page.goto(`${app.url}/app`);
        await loaded(signedOut.page, 'Entrar no Reelay');
        expect(await horizontalOverflow(signedOut.page)).toBeLessThanOrEqual(0);
        expect(await violationsInBothSchemes(signedOut.page, 'Entrar no Reelay')).toEqual([]);
        expect(await signedOut.page.locator('.bottom-nav').count()).toBe(0);
      }
      expect(signedOut.problems).toEqual([]);
    } finally {
      await signedOut.context.close();
    }
  });

  it.each([
    ['pt-BR', 'Principal'],
    ['en-US', 'Main'],
  ] as const)('puts the banner on one row at 1280 px in %s', async (locale, navName) => {
    const other = await openPage(browser, { locale });
    try {
      await other.page.setViewportSize(LAPTOP);
      await other.page.goto(await signedInLink(app, email, '/app/approvals'));
      const nav = other.page.getByRole('banner').getByRole('navigation', { name: navName });
      await nav.getByRole('link', { name: /^(Contas|Accounts)$/ }).waitFor();
      await other.page.waitForLoadState('networkidle');
      const boxes = await nav.locator('a, button, select').evaluateAll((items) =>
        items
          .filter((item) => item.getClientRects().length > 0)
          .map((item) => {
            const box = item.getBoundingClientRect();
            return { text: item.textContent, top: box.top, bottom: box.bottom };
          }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(8);
      const lowestTop = Math.max(...boxes.map((box) => box.top));
      const highestBottom = Math.min(...boxes.map((box) => box.bottom));
      expect(lowestTop, JSON.stringify(boxes)).toBeLessThan(highestBottom);
      // One row: the banner is no taller than its tallest item and its padding.
      const height = await other.page
        .getByRole('banner')
        .evaluate((banner) => banner.getBoundingClientRect().height);
      expect(height).toBeLessThan(80);
      expect(await horizontalOverflow(other.page)).toBeLessThanOrEqual(0);
    } finally {
      await other.context.close();
    }
  });

  /** The element that has the focus, described for a failure message. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      return {
        text: element?.textContent?.trim() ?? '',
        inBanner: element?.closest('header') !== null,
        inMenu: element?.closest('#app-menu') !== null,
      };
    });

  it.each([
    ['laptop', LAPTOP, 'Calendário'],
    ['phone', PHONE, 'Menu'],
  ] as const)(
    'on a %s, Tab reaches the navigation and the menu opens with Enter and closes with Escape',
    async (_device, viewport, firstAfterBrand) => {
      await page.setViewportSize(viewport);
      await page.goto(await signedInLink(app, email, '/app/media'));
      await loaded(page, 'Biblioteca de mídia');
      // Tab starts from the top of the page, as on a page just opened.
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute('tabindex');
      });
      await page.keyboard.press('Tab');
      expect((await focused()).text).toBe('Pular para o conteúdo');
      await page.keyboard.press('Tab');
      expect(await focused()).toMatchObject({ text: 'Reelay', inBanner: true });
      await page.keyboard.press('Tab');
      expect(await focused()).toMatchObject({ text: firstAfterBrand, inBanner: true });
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      for (let presses = 0; presses < 12 && (await focused()).text !== 'Menu'; presses++)
        await page.keyboard.press('Tab');
      expect((await focused()).text).toBe('Menu');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('navigation', { name: 'Outras páginas e a sua conta' }).waitFor();
      // The menu opens, then takes the focus, on the next frames.
      await expect.poll(async () => (await focused()).inMenu).toBe(true);
      await page.getByRole('link', { name: 'Configurações' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect((await focused()).text).toBe('Menu');
      expect(
        await page.getByRole('navigation', { name: 'Outras páginas e a sua conta' }).count(),
      ).toBe(0);
      expect(opened.problems).toEqual([]);
    },
  );

  it('opens the menu from the phone bar\'s "More" too, and gives the focus back to it', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(await signedInLink(app, email, '/app/calendar'));
    await loaded(page, 'Calendário');
    const more = bottomBar().getByRole('button', { name: 'Mais' });
    await more.focus();
    await page.keyboard.press('Enter');
    // The menu opens, then takes the focus, on the next frames.
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await focused()).inMenu).toBe(true);
    // On a phone the menu also has the main pages the bar has no room for.
    await page.getByRole('link', { name: /^Aprovações/ }).waitFor();
    await page.getByRole('link', { name: 'Contas' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => more.evaluate((button) => button === document.activeElement))
      .toBe(true);
    // A page from the menu opens, and the menu closes.
    await more.click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await loaded(page, 'Webhooks');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
  });
});
