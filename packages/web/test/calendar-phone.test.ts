/**
 * The calendar as someone who schedules every day sees it, in real Chromium set to São
 * Paulo time, on a phone (390×844) and on a laptop (1280×800). On the phone it opens the
 * agenda: each post with its thumbnail (loaded), account, time, status and whole caption,
 * no sideways scrolling, and the day view one tap away; a view named in the address is
 * kept. On the laptop the month's first four weeks show on the first screen, the week
 * view opens at the working day with readable events (thumbnail, account, time and the
 * caption's start), a card with the whole caption on hover and on keyboard focus, which
 * Escape closes, and times on the locale's clock, the same on the axis and on the events.
 * No serious accessibility violation, light or dark.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClientFor,
  connectAccount,
  signedInLink,
  signUpThroughApi,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { seriousViolations } from './helpers/axe';

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 24 * 60 * 60 * 1000;
const CAPTION =
  'Bom dia! Hoje tem café coado na hora e pão de queijo saindo do forno às dez.\nVenha cedo: as primeiras vinte pessoas ganham um brigadeiro de cortesia. #café #padaria';

/** The São Paulo day (`YYYY-MM-DD`) of an instant. */
function dayIn(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, dateStyle: 'short' }).format(at);
}

/** The first day of the month after the one `at` falls in, in São Paulo. */
function nextMonthStart(at: number): string {
  const [year, month] = dayIn(at).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Whether the page can be scrolled sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
}

/** Whether an element's text is cut (an ellipsis, or hidden overflow). */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

/** Waits for an image to load and answers its natural width. */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete))
    .toBe(true);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

describe('the calendar on a phone and on a laptop', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let api: Reelay;
  let email: string;
  /** The day of the post with the long caption (tomorrow), and next month's first day. */
  let day: string;
  let month: string;

  async function open(
    size: { width: number; height: number },
    path: string,
    options: { dark?: boolean; locale?: 'pt-BR' | 'en-US' } = {},
  ): Promise<OpenedPage> {
    const opened = await openPage(browser, { locale: options.locale ?? 'pt-BR' });
    await opened.page.setViewportSize(size);
    const cdp = await opened.context.newCDPSession(opened.page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
    if (options.dark) await opened.page.emulateMedia({ colorScheme: 'dark' });
    await opened.page.goto(await signedInLink(app, email, path));
    await opened.page.locator('.post-calendar').waitFor();
    return opened;
  }

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    email = await signUpThroughApi(app);
    api = await apiClientFor(app, email);
    const cafe = (await connectAccount(app, api, 'cafe.aurora')).integrationId;
    const padaria = (await connectAccount(app, api, 'padaria.sol')).integrationId;
    const mediaId = await uploadPhoto(api);
    const create = (content: string, accountId: string, at: string) =>
      api.posts.create({
        content,
        mediaItems: [{ mediaId }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: at,
        timezone: ZONE,
      });
    day = dayIn(Date.now() + DAY_MS);
    await create(CAPTION, cafe, `${day}T10:00:00-03:00`);
    await create(
      'Promoção de quinta: dois cappuccinos pelo preço de um',
      padaria,
      `${day}T14:30:00-03:00`,
    );
    // A busy month: three posts on a day of each of its first four weeks, so each of
    // those weeks is as tall as the month view draws a week.
    month = nextMonthStart(Date.now());
    for (const date of [2, 9, 16, 23]) {
      const busy = `${month.slice(0, 8)}${String(date).padStart(2, '0')}`;
      for (const time of ['09:00', '12:00', '18:00']) {
        await create(`Post das ${time} do dia ${date}`, cafe, `${busy}T${time}:00-03:00`);
      }
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  describe('on a phone (390×844)', () => {
    const phone = { width: 390, height: 844 };

    it('opens the agenda: thumbnail, account, time, status and the whole caption, without sideways scrolling', async () => {
      const { page, problems } = await open(phone, '/app/calendar');
      await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('list');
      const post = page.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' });
      await post.waitFor();
      // On the first screen, under the heading, the folded filters and the toolbar.
      expect((await post.boundingBox())!.y).toBeLessThan(phone.height);
      expect(await loadedWidth(post.locator('img.post-event-thumb'))).toBeGreaterThan(0);
      const text = await post.innerText();
      expect(text.replace(/\s+/g, ' ')).toContain(CAPTION.replace(/\s+/g, ' '));
      expect(text).toContain('@cafe.aurora');
      expect(text).toContain('10:00');
      // The status in words, with its symbol and its colour.
      const status = post.locator('.post-event-status');
      expect(await status.innerText()).toBe('◷ Agendado');
      expect(await status.getAttribute('class')).toContain('status-scheduled');
      expect(await scrollsSideways(page)).toBe(false);
      // The filters wait under a button; the explanation behind the help button.
      expect(await page.getByLabel(/^Conta/).isVisible()).toBe(false);
      await page.getByText('Filtros', { exact: true }).click();
      await page.getByLabel(/^Conta/).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page), 'the agenda').toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('reaches the day view from the view switcher, and keeps a view named in the address', async () => {
      const { page, problems } = await open(phone, '/app/calendar');
      await page.getByRole('tab', { name: /Dia/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('day');
      await page.getByRole('button', { name: 'Próximo período' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(day);
      const post = page.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' });
      await post.waitFor();
      expect(await post.locator('.post-event-account').isVisible()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page), 'the day view').toEqual([]);

      for (const view of ['month', 'week']) {
        await page.goto(`${new URL(page.url()).origin}/app/calendar?view=${view}&date=${day}`);
        await page.locator('a.post-event').first().waitFor();
        expect(new URL(page.url()).searchParams.get('view')).toBe(view);
        expect(await scrollsSideways(page), view).toBe(false);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('shows the agenda dark, with no serious accessibility violation', async () => {
      const { page } = await open(phone, `/app/calendar?date=${day}`, { dark: true });
      await page.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  });

  describe('on a laptop (1280×800)', () => {
    const laptop = { width: 1280, height: 800 };
    let opened: OpenedPage;
    let page: Page;
    beforeAll(async () => {
      opened = await open(laptop, `/app/calendar?view=month&date=${month}`);
      page = opened.page;
    });
    afterAll(() => opened.context.close());

    it("shows the month's first four weeks on the first screen, the explanation behind the help button", async () => {
      await page.locator('a.post-event', { hasText: /Post das 09:00 do dia 2$/ }).waitFor();
      // The header row, then the weeks.
      const rows = page.locator('.post-calendar [role="row"]');
      const grid = (await rows.nth(0).boundingBox())!;
      expect(grid.y).toBeLessThan(320);
      const fourth = (await rows.nth(4).boundingBox())!;
      expect(fourth.y + fourth.height).toBeLessThanOrEqual(laptop.height);
      // Each busy week is drawn full: two posts and "+1".
      expect(await page.getByRole('button', { name: 'mais 1', exact: true }).count()).toBe(4);

      const intro = page.getByText(/^Os posts do projeto por data/);
      expect(await intro.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Ajuda' }).click();
      await intro.waitFor();
      expect(await page.getByRole('list', { name: 'Legenda das situações' }).isVisible()).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Ocultar ajuda' }).click();
      await intro.waitFor({ state: 'hidden' });
      expect(await seriousViolations(page), 'the month').toEqual([]);
    });

    it('opens the week at the working day, with readable events on a 24-hour clock', async () => {
      await page.goto(await signedInLink(app, email, `/app/calendar?view=week&date=${day}`));
      const post = page.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' });
      await post.waitFor();
      // Scrolled to 08:00, not midnight: 08:00 is at the top of the scrolled times.
      const eight = page.locator('.post-calendar').getByText('08:00', { exact: true });
      const offset = await eight.evaluate((label) => {
        let scroller = label.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) {
          scroller = scroller.parentElement;
        }
        if (!scroller) return null;
        return {
          scrolled: scroller.scrollTop,
          fromTop: label.getBoundingClientRect().top - scroller.getBoundingClientRect().top,
        };
      });
      expect(offset!.scrolled).toBeGreaterThan(0);
      expect(Math.abs(offset!.fromTop)).toBeLessThan(30);

      expect(await loadedWidth(post.locator('img.post-event-thumb'))).toBeGreaterThan(0);
      const box = (await post.boundingBox())!;
      expect(box.width).toBeGreaterThan(100);
      for (const part of [
        '.post-event-thumb',
        '.post-event-time',
        '.post-event-account',
        '.post-event-caption',
      ]) {
        const inside = (await post.locator(part).boundingBox())!;
        expect(inside, part).not.toBeNull();
        expect(inside.y + inside.height, part).toBeLessThanOrEqual(box.y + box.height + 1);
      }
      expect(await post.locator('.post-event-time').innerText()).toBe('10:00');
      expect(await isCut(post.locator('.post-event-time'))).toBe(false);
      expect(await post.locator('.post-event-account').innerText()).toBe('@cafe.aurora');
      expect(await isCut(post.locator('.post-event-account'))).toBe(false);
      const caption = post.locator('.post-event-caption');
      expect((await caption.boundingBox())!.width).toBeGreaterThan(80);
      expect(await caption.innerText()).toMatch(/^Bom dia! Hoje tem café/);
      // Colour and symbol: the status is never told by colour alone.
      expect(await post.getAttribute('class')).toContain('status-scheduled');
      expect(await post.locator('.post-event-symbol').innerText()).toBe('◷');

      // The same clock on the axis and on the events: 24-hour in Portuguese.
      const axis = await page
        .locator('.post-calendar')
        .getByText(/^\d{2}:00$/)
        .allInnerTexts();
      expect(axis).toContain('14:00');
      expect(await page.locator('a.post-event .post-event-time').allInnerTexts()).toEqual(
        expect.arrayContaining(['10:00', '14:30']),
      );
      expect(await page.locator('.post-calendar').innerText()).not.toMatch(/\d\s?(AM|PM|am|pm)\b/);
      expect(await seriousViolations(page), 'the week').toEqual([]);
    });

    it('shows the whole caption, the account and the status in a card on hover and on focus; Escape closes it', async () => {
      const post = page.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' });
      const card = page.getByRole('tooltip');
      await post.hover();
      await card.waitFor();
      const text = await card.innerText();
      expect(text.replace(/\s+/g, ' ')).toContain(CAPTION.replace(/\s+/g, ' '));
      expect(text).toContain('@cafe.aurora');
      expect(text).toContain('◷ Agendado');
      expect(text).toContain('10:00');
      expect(await seriousViolations(page), 'with the card open').toEqual([]);
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });
      await page.mouse.move(5, 5);

      // By keyboard: the events are reached with Tab, and the focused one shows its card.
      await page.getByRole('button', { name: 'Atualizar' }).focus();
      let reached = false;
      for (let press = 0; press < 40 && !reached; press += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          () => document.activeElement?.matches('a.post-event') ?? false,
        );
      }
      expect(reached, 'an event takes the focus by Tab').toBe(true);
      await card.waitFor();
      const focused = page.locator('a.post-event:focus');
      expect(await focused.getAttribute('aria-describedby')).toBe(await card.getAttribute('id'));
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });
      expect(await focused.count()).toBe(1);
      // Focus on another post, then on the one whose caption is long: its card has all of it.
      await page.locator('a.post-event', { hasText: 'Promoção de quinta' }).focus();
      await expect.poll(() => card.innerText()).toContain('@padaria.sol');
      await post.focus();
      await card.waitFor();
      expect((await card.innerText()).replace(/\s+/g, ' ')).toContain('brigadeiro de cortesia');
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });
    });

    it('reads times on the English clock, the same on the axis and on the events', async () => {
      const english = await open(laptop, `/app/calendar?view=week&date=${day}`, {
        locale: 'en-US',
      });
      const { page: en } = english;
      await en.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      const post = en.locator('a.post-event', { hasText: 'Bom dia! Hoje tem café' });
      await post.waitFor();
      // The locale's clock, as Intl tells it for the app's language.
      const cycle = new Intl.DateTimeFormat('en', { hour: 'numeric' }).resolvedOptions().hourCycle;
      const pattern =
        cycle === 'h11' || cycle === 'h12' ? /^\d{1,2}:\d{2}\s?(AM|PM)$/i : /^\d{2}:\d{2}$/;
      expect(await post.locator('.post-event-time').innerText()).toMatch(pattern);
      const labels = await en
        .locator('.post-calendar')
        .getByText(/^\d{1,2}:00\s?(AM|PM)?$/i)
        .allInnerTexts();
      expect(labels.length).toBeGreaterThan(5);
      for (const label of labels) expect(label).toMatch(pattern);
      await english.context.close();
    });

    it('shows the month and the week dark, with no serious accessibility violation', async () => {
      const dark = await open(laptop, `/app/calendar?view=month&date=${month}`, { dark: true });
      await dark.page.locator('a.post-event').first().waitFor();
      expect(await seriousViolations(dark.page), 'the month').toEqual([]);
      await dark.page.goto(await signedInLink(app, email, `/app/calendar?view=week&date=${day}`));
      await dark.page.locator('a.post-event').first().waitFor();
      await dark.page.locator('a.post-event').first().hover();
      await dark.page.getByRole('tooltip').waitFor();
      expect(await seriousViolations(dark.page), 'the week, with a card').toEqual([]);
      await dark.context.close();
    });
  });
});
