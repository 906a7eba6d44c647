/**
 * The grid planner in real Chromium (set to São Paulo time) against a real server that
 * publishes to the Instagram emulator: an account's profile grid has its draft and
 * scheduled posts above the published ones, newest first, each square tile with its
 * status and time. Swapping two scheduled posts, by dragging one onto the other and by
 * the keyboard's "Swap with…", swaps their times as the API reads them back; when the
 * second update is refused, the first is undone and the page says so. At 1280×800 and
 * 390×844, with no sideways scroll and no serious accessibility violation.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, connectAccount, uploadPhoto } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A time `days` days from now at a whole hour of São Paulo (UTC−3 all year). */
function daysAhead(days: number, hour: number): string {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString();
}

/** How a tile writes a time: `12 de dez., 18:00` in São Paulo. */
function tileTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ZONE,
  }).format(new Date(iso));
}

describe('the grid planner', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let account: string;
  const posts = {} as Record<'first' | 'second' | 'third' | 'draft' | 'old' | 'recent', Post>;

  const grid = () =>
    page.getByRole('list', { name: 'Grade de @cafe.grade, do mais novo para o mais antigo' });
  const tile = (caption: string) => grid().getByRole('listitem').filter({ hasText: caption });
  const scheduledFor = async (post: Post) => (await api.posts.get(post.id)).post.scheduledFor;
  const openPlanner = async () => {
    await page.goto(`${app.url}/app/planner?account=${account}`);
    await page.getByRole('heading', { level: 1, name: 'Planejar a grade' }).waitFor();
    await grid().waitFor();
  };
  /** What scrolls sideways: the page, or anything in the grid (none expected). */
  const sidewaysScrolls = () =>
    page.evaluate(() => {
      const found = [...document.querySelectorAll('.grid-page, .grid-page *')]
        .filter((item) => item.clientWidth > 1 && item.scrollWidth > item.clientWidth + 1)
        .filter((item) => getComputedStyle(item).overflowX !== 'visible')
        // A tile crops its picture and its caption's text on purpose.
        .filter((item) => !item.matches('.grid-tile, .grid-tile-text'))
        .map((item) => `${item.tagName}.${item.className}`);
      if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page');
      return found;
    });
  const expectSquare = async (item: Locator) => {
    const box = (await item.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const cdp = await opened.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
    const email = await signUp(page, app);
    api = await apiClientFor(app, email);
    account = (await connectAccount(app, api, 'cafe.grade')).integrationId;
    const mediaId = await uploadPhoto(api);
    const create = async (content: string, extra: Record<string, unknown>) =>
      (
        await api.posts.create({
          content,
          mediaItems: [{ mediaId }],
          platforms: [{ platform: 'instagram', accountId: account }],
          timezone: ZONE,
          ...extra,
        })
      ).post;
    // Two posts published now, one after the other, by the server's own jobs.
    for (const key of ['old', 'recent'] as const) {
      posts[key] = await create(key === 'old' ? 'Publicado antes' : 'Publicado ontem', {});
      const deadline = Date.now() + 30_000;
      while ((await api.posts.get(posts[key].id)).post.status !== 'published') {
        if (Date.now() > deadline) throw new Error(`${key} was not published`);
        await app.reelay.tasks.runDueJobs();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    posts.first = await create('Promoção de terça', { scheduledFor: daysAhead(2, 10) });
    posts.second = await create('Sorteio de quinta', { scheduledFor: daysAhead(3, 15) });
    posts.third = await create('Bolo de sábado', { scheduledFor: daysAhead(4, 9) });
    posts.draft = await create('Ideia sem data', { draft: true });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the planned posts above the published ones, newest first, each with its status and time', async () => {
    await openPlanner();
    const items = await grid().getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(6);
    const order = ['Ideia sem data', 'Bolo de sábado', 'Sorteio de quinta', 'Promoção de terça'];
    order.forEach((caption, index) =>
      expect(items[index], caption).toContain(index === 0 ? 'Rascunho' : 'Agendado'),
    );
    for (const [index, caption] of order.entries()) {
      expect(
        await grid().getByRole('listitem').nth(index).getByRole('link').textContent(),
      ).toContain(caption);
    }
    expect(await tile('Ideia sem data').textContent()).toContain('Sem horário');
    for (const key of ['first', 'second', 'third'] as const) {
      expect(await tile(posts[key].content).textContent()).toContain(
        tileTime(posts[key].scheduledFor!),
      );
    }
    for (const [index, key] of (['recent', 'old'] as const).entries()) {
      const published = (await api.posts.get(posts[key].id)).post;
      const text = await grid()
        .getByRole('listitem')
        .nth(4 + index)
        .textContent();
      expect(text).toContain(published.content);
      expect(text).toContain('✓ Publicado');
      expect(text).toContain(tileTime(published.publishedAt!));
    }
    // Only scheduled posts swap; each tile shows the post's picture, square.
    expect(await tile('Publicado ontem').getByRole('button').count()).toBe(0);
    expect(await tile('Ideia sem data').getByRole('button').count()).toBe(0);
    await expectSquare(tile('Promoção de terça'));
    expect(await tile('Promoção de terça').locator('img').count()).toBe(1);
    expect(await sidewaysScrolls()).toEqual([]);
    expect(await seriousViolations(page), 'the grid at 1280×800').toEqual([]);
  });

  it('swaps the times of two scheduled posts dragged one onto the other', async () => {
    const [before1, before2] = [posts.first.scheduledFor!, posts.second.scheduledFor!];
    await tile('Promoção de terça').dragTo(tile('Sorteio de quinta'));
    const status = page.getByRole('status').filter({ hasText: 'Horários trocados' });
    await status.waitFor();
    expect(await status.textContent()).toContain(
      `“Promoção de terça” agora em ${tileTime(before2)}`,
    );
    expect(await scheduledFor(posts.first)).toBe(before2);
    expect(await scheduledFor(posts.second)).toBe(before1);
    // The grid reads the posts again: the swapped post moved up.
    await expect
      .poll(async () => (await grid().getByRole('listitem').nth(2).textContent()) ?? '')
      .toContain('Promoção de terça');
  });

  it('swaps by the keyboard at 390×844, square tiles and no sideways scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlanner();
    expect(await sidewaysScrolls()).toEqual([]);
    await expectSquare(tile('Bolo de sábado'));
    const width = (await grid().boundingBox())!.width;
    expect((await tile('Bolo de sábado').boundingBox())!.width).toBeLessThan(width / 3 + 1);
    expect(await seriousViolations(page), 'the grid at 390×844').toEqual([]);

    const [third, first] = [await scheduledFor(posts.third), await scheduledFor(posts.first)];
    await tile('Bolo de sábado')
      .getByRole('button', { name: /^Trocar com…/ })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Trocar o horário de “Bolo de sábado”' });
    await dialog.waitFor();
    expect(await seriousViolations(page), 'the swap dialog').toEqual([]);
    const choice = dialog.getByRole('button', { name: /^“Promoção de terça”/ });
    await choice.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Horários trocados' }).waitFor();
    expect(await scheduledFor(posts.third)).toBe(first);
    expect(await scheduledFor(posts.first)).toBe(third);
    // The grid reads the posts again (the next test cancels one behind the page's back,
    // which a late read would take off the page): the swapped post moved up.
    await expect
      .poll(async () => (await grid().getByRole('listitem').nth(1).textContent()) ?? '')
      .toContain('Promoção de terça');
    expect(opened.problems).toEqual([]);
  });

  it('undoes the first move when the second is refused, and says so', async () => {
    const before = await scheduledFor(posts.third);
    // Cancelled behind the page's back: its tile still offers it.
    await api.posts.cancel(posts.second.id);
    await tile('Bolo de sábado')
      .getByRole('button', { name: /^Trocar com…/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Trocar o horário de “Bolo de sábado”' });
    await dialog.getByRole('button', { name: /^“Sorteio de quinta”/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Os horários não foram trocados' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('A mudança de “Bolo de sábado” foi desfeita');
    expect(await scheduledFor(posts.third)).toBe(before);
  });
});
