/**
 * One person's whole journey in real Chromium, through the pages only, against a real
 * server whose workers publish to the Instagram emulator: signing up, connecting an
 * account on the emulator's consent page, composing a post with an uploaded picture,
 * scheduling it a minute or so ahead in the browser's time zone, finding it on the
 * calendar as scheduled, and seeing it there as published once its time comes. The API
 * and the emulator only confirm, at the end, what the pages said.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, imageFile } from './helpers/compose';
import { connectThroughConsentPage, signUp } from '@reelay/test-support/flows';

/** The browser's zone: not UTC, so a wrong conversion would show. */
const ZONE = 'America/Sao_Paulo';
/**
 * The server takes a time at least a minute ahead, and the form has whole minutes: the
 * first whole minute at least this far ahead of the click is the one typed.
 */
const LEAD_MS = 63_000;

/** Date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant on the clocks of a zone. */
function wallClock(zone: string, at: number): { date: string; time: string } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe('a person’s journey from sign-up to a published post', () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ workers: true }), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const cdp = await opened.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  // Up to two minutes pass before the typed minute comes, then the calendar's next read.
  it(
    'signs up, connects, schedules a picture, and sees it published on the calendar',
    { timeout: 180_000 },
    async () => {
      const email = await signUp(page, app);
      app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
      await connectThroughConsentPage(
        page,
        page
          .getByRole('region', { name: 'Sem perfil' })
          .getByRole('button', { name: 'Conectar conta do Instagram' }),
        'cafe.aurora',
      );
      await page.getByText('Conta @cafe.aurora conectada. Ela já pode receber posts.').waitFor();

      // The composer: a picture from a file, a caption, the account.
      await page.getByRole('navigation').getByRole('link', { name: 'Criar post' }).click();
      await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
      await page
        .getByLabel('Escolher arquivos')
        .setInputFiles(await imageFile('cafe.png', 1080, 1350));
      const item = page.getByRole('listitem').filter({ hasText: 'cafe.png' });
      await item.getByText('1080 × 1350 px').waitFor();
      await page
        .getByLabel('Legenda', { exact: true })
        .fill('Bom dia! Café quentinho saindo #café');
      await page.getByLabel('@cafe.aurora').check();

      // Scheduled on the browser's clocks: the zone offered first is the browser's.
      await page.getByLabel('Agendar', { exact: true }).check();
      expect(await page.getByLabel('Fuso horário').inputValue()).toBe(ZONE);
      const due = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
      const { date, time } = wallClock(ZONE, due);
      await page.getByLabel('Data', { exact: true }).fill(date);
      await page.getByLabel('Hora', { exact: true }).fill(time);
      await page
        .getByText(/Será publicado em .+, no fuso America\/Sao_Paulo \(UTC−03:00\)\./)
        .waitFor();
      await page.getByRole('button', { name: 'Agendar post', exact: true }).click();
      const done = page.getByRole('region', { name: 'Post agendado' });
      await done.waitFor();
      expect(await done.textContent()).toContain('em @cafe.aurora.');
      const href = await done.getByRole('link', { name: 'Ver o post' }).getAttribute('href');
      const postId = href!.match(/^\/app\/posts\/(post_\w+)$/)![1]!;

      // The calendar shows it scheduled, at the typed time, in the named zone.
      await page.getByRole('navigation').getByRole('link', { name: 'Calendário' }).click();
      await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
      // The zone is named in the page's help, behind the heading's button.
      await page
        .getByText('Horários mostrados no fuso America/Sao_Paulo (UTC−03:00).')
        .waitFor({ state: 'attached' });
      const event = page.getByRole('link', { name: /Bom dia! Café quentinho/ });
      await event.waitFor();
      expect(await event.textContent()).toContain('◷ Agendado');
      expect(await event.textContent()).toContain(time);
      expect(await event.textContent()).toContain('@cafe.aurora');

      // Without a reload: the page reads the posts again every few seconds while one is due.
      await expect
        .poll(() => event.textContent(), { timeout: 150_000, interval: 1_000 })
        .toContain('✓ Publicado');
      expect(await event.getAttribute('class')).toContain('status-published');

      const api = await apiAs(app.url, email);
      const { post } = await api.posts.get(postId);
      expect(post.status).toBe('published');
      expect(post.scheduledFor).toBe(new Date(due).toISOString());
      expect(post.timezone).toBe(ZONE);
      const media = app.emulator.published().filter((item) => item.username === 'cafe.aurora');
      expect(media).toHaveLength(1);
      expect(media[0]!.caption).toBe('Bom dia! Café quentinho saindo #café');
      expect(media[0]!.mediaType).toBe('IMAGE');
      expect(media[0]!.publishedAtMs).toBeGreaterThanOrEqual(due);
      expect(post.platforms[0]!.platformPostUrl).toBe(media[0]!.permalink);
      expect(opened.problems).toEqual([]);
    },
  );
});
