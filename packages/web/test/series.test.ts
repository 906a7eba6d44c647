/**
 * Recurring posts in real Chromium against a real server and the Instagram emulator: a
 * weekly series made in the composer (its next occurrences shown in the series' zone and
 * the person's before saving), its occurrences marked on the calendar ("Part of a series,
 * 2 of 6") and named in the hover card, the first one published by the server, then
 * "Edit this post only" and "Edit this and all following" from the third (checked through the SDK: the published
 * first and the earlier second keep their caption), and the series stopped, saying how
 * many scheduled occurrences were cancelled. The server's clock stands still at the
 * start, and is moved to the first occurrence's time to publish it.
 */
import { wallClockAt, type Post, type Reelay } from '@reelay/sdk';
import { createManualClock } from '@reelay/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { apiClientFor, connectAccount } from '@reelay/test-support/api-steps';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';
import { imageFile } from './helpers/compose';

const ZONE = 'America/Sao_Paulo';
const MINUTE = 60_000;

/** `YYYY-MM-DD` and `HH:MM` of an instant in a zone, as the composer's fields take them. */
function wallClock(at: number, zone: string): { date: string; time: string } {
  const clock = wallClockAt(at, zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  };
}

describe('recurring posts in the web app', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  // The server's time: now, moved forward by the test to publish the first occurrence.
  const clock = createManualClock(Date.now());
  /** The series' occurrences as posts, by index. */
  let posts: Post[] = [];
  let seriesId = '';
  const CAPTION = 'Cardápio da semana ☕';

  const occurrences = async () => {
    const { series } = await api.series.get(seriesId, { upcoming: 0 });
    return Promise.all(
      series.posts.map(async (occurrence) => (await api.posts.get(occurrence.postId!)).post),
    );
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ clock }), launchBrowser()]);
    opened = await openPage(browser, {
      timezoneId: ZONE,
      viewport: { width: 1280, height: 800 },
    });
    page = opened.page;
    const email = await signUp(page, app);
    api = await apiClientFor(app, email);
    const { integrationId } = await connectAccount(app, api, 'cafe.aurora');
    // The account's posting schedule is in Lisbon: the preview shows that zone too.
    await api.accounts.replaceSlots(integrationId, {
      timezone: 'Europe/Lisbon',
      slots: [{ day: 'monday', time: '09:00' }],
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('makes a weekly series in the composer, showing its next occurrences before saving', async () => {
    await page.goto(`${app.url}/app/compose`);
    await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
    await page
      .getByLabel('Escolher arquivos')
      .setInputFiles(await imageFile('cardapio.jpg', 1080, 1350));
    await page.getByLabel('Legenda', { exact: true }).fill(CAPTION);
    await page.getByLabel('@cafe.aurora').check();
    await page.getByLabel('Agendar', { exact: true }).check();
    // The first occurrence a few minutes ahead, so the server can publish it soon.
    const first = Math.ceil((Date.now() + 5 * MINUTE) / MINUTE) * MINUTE;
    // In the accounts' audience's zone, not the person's: the series keeps New York's 09:00.
    await page.getByLabel('Fuso horário').selectOption('America/New_York');
    const start = wallClock(first, 'America/New_York');
    await page.getByLabel('Data', { exact: true }).fill(start.date);
    await page.getByLabel('Hora', { exact: true }).fill(start.time);

    const repeat = page.getByRole('group', { name: 'Repetir' });
    await repeat.getByLabel('Repetir').selectOption('weekly');
    await repeat
      .getByRole('group', { name: 'Termina' })
      .getByLabel('Depois de um número de vezes')
      .check();
    const count = repeat.getByLabel('Quantas vezes ao todo, com o primeiro post');
    // A series of one is refused beside the control, before anything is sent.
    await count.fill('1');
    await page.getByRole('button', { name: 'Agendar post', exact: true }).click();
    await repeat.getByText('Use um número inteiro de 2 a 366.').waitFor();
    expect(await count.getAttribute('aria-invalid')).toBe('true');
    expect((await api.posts.list()).total).toBe(0);
    await count.fill('6');
    const preview = page.getByRole('region', { name: 'Próximas ocorrências' });
    await preview.getByText('e mais 1 ocorrência.').waitFor();
    const rows = preview.getByRole('row');
    expect(await rows.count()).toBe(6);
    await preview.getByRole('columnheader', { name: /^Na agenda de @cafe\.aurora/ }).waitFor();
    // In the series' zone, the person's and the account's schedule's, one week apart.
    expect(await preview.getByRole('columnheader').allTextContents()).toEqual([
      'Nº',
      expect.stringMatching(/^No fuso da série: America\/New_York \(UTC−0[45]:00\)$/),
      expect.stringMatching(/^No seu fuso: America\/Sao_Paulo \(UTC−03:00\)$/),
      expect.stringMatching(/^Na agenda de @cafe\.aurora: Europe\/Lisbon \(UTC\+0[01]:00\)$/),
    ]);
    const second = await rows
      .nth(2)
      .getByRole('cell')
      .nth(2)
      .locator('time')
      .getAttribute('datetime');
    expect(Date.parse(second!) - first).toBeGreaterThanOrEqual(7 * 24 * 60 * MINUTE - 60 * MINUTE);
    expect(await seriousViolations(page), 'with the repeat control open').toEqual([]);
    // On a phone the table scrolls inside the form; the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await seriousViolations(page), 'on a phone').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Agendar post', exact: true }).click();
    await page
      .getByRole('region', { name: 'Post agendado' })
      .getByText('É o primeiro de uma série', { exact: false })
      .waitFor();
    const { posts: listed } = await api.posts.list();
    const post = listed.find((candidate) => candidate.series?.index === 1);
    expect(post, JSON.stringify(listed)).toBeDefined();
    seriesId = post!.series!.id;
    const { series } = await api.series.get(seriesId);
    expect(series.rrule).toMatch(/^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU);COUNT=6$/);
    expect(series.timezone).toBe('America/New_York');
    expect(series.occurrences).toBe(6);
    expect(post!.scheduledFor).toBe(new Date(first).toISOString());
  });

  it('marks the occurrences on the calendar, and names the series in the hover card', async () => {
    // The server creates the occurrences within its 75-day window.
    await app.reelay.tasks.runDueJobs();
    posts = await occurrences();
    expect(posts.map((post) => post.series!.index)).toEqual([1, 2, 3, 4, 5, 6]);

    const day = wallClock(Date.parse(posts[1]!.scheduledFor!), ZONE).date;
    await page.goto(`${app.url}/app/calendar?view=week&date=${day}`);
    const event = page.getByRole('link', { name: /Parte de uma série, 2 de 6/ });
    await event.waitFor();
    expect(await event.getByRole('img', { name: 'Parte de uma série, 2 de 6' }).count()).toBe(1);
    await event.hover();
    const card = page.getByRole('tooltip');
    await card.getByText('Parte de uma série, 2 de 6', { exact: true }).waitFor();
    await card.getByText(/^Série: Toda semana \([^)]+\) · 6 vezes$/).waitFor();
    expect(await seriousViolations(page), 'on the calendar with series marks').toEqual([]);

    // The phone's agenda carries the mark too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/app/calendar?view=list&date=${day}`);
    await page
      .locator('a.post-event')
      .getByRole('img', { name: 'Parte de uma série, 2 de 6' })
      .waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('changes this and all following from the third; the published first and the second stay', async () => {
    // The first occurrence's time comes on the server's clock: it publishes.
    clock.set(Date.parse(posts[0]!.scheduledFor!) + MINUTE);
    await expect
      .poll(
        async () => {
          await app.reelay.tasks.runDueJobs();
          return (await api.posts.get(posts[0]!.id)).post.status;
        },
        { timeout: 20_000 },
      )
      .toBe('published');

    await page.goto(`${app.url}/app/posts/${posts[2]!.id}`);
    const section = page.getByRole('region', { name: 'Série' });
    await section.getByText('3 de 6').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    // This post only: the normal edit of its caption.
    await section.getByRole('button', { name: 'Editar só este post' }).click();
    const only = section.getByRole('form', { name: 'Editar só este post' });
    await only.getByLabel('Legenda').fill('Só nesta semana: bolo de fubá');
    await only.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Este post foi alterado.').waitFor();
    expect((await occurrences()).map((post) => post.content)).toEqual([
      CAPTION,
      CAPTION,
      'Só nesta semana: bolo de fubá',
      CAPTION,
      CAPTION,
      CAPTION,
    ]);

    await section.getByRole('button', { name: 'Editar este e todos os seguintes' }).click();
    const form = section.getByRole('form', { name: 'Editar este e todos os seguintes' });
    await form.getByLabel('Legenda').fill('Cardápio novo 🍰');
    expect(await seriousViolations(page), 'with the series edit open').toEqual([]);
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Esta ocorrência e as seguintes foram alteradas.').waitFor();

    const after = await occurrences();
    expect(after.map((post) => [post.series!.index, post.status, post.content])).toEqual([
      [1, 'published', CAPTION],
      [2, 'scheduled', CAPTION],
      [3, 'scheduled', 'Cardápio novo 🍰'],
      [4, 'scheduled', 'Cardápio novo 🍰'],
      [5, 'scheduled', 'Cardápio novo 🍰'],
      [6, 'scheduled', 'Cardápio novo 🍰'],
    ]);
    expect(after[0]!.updatedAt).toBe((await api.posts.get(posts[0]!.id)).post.updatedAt);
  });

  it('stops the series after a confirmation, saying how many were cancelled', async () => {
    const section = page.getByRole('region', { name: 'Série' });
    await section.getByRole('button', { name: 'Parar a série' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parar a série?' });
    await dialog.getByRole('button', { name: 'Parar a série' }).click();
    await page.getByText('Série parada. 5 ocorrências agendadas foram canceladas.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await section.getByRole('button', { name: 'Parar a série' }).count()).toBe(0);

    // Every occurrence was created already: the series had ended; nothing waits now.
    const { series } = await api.series.get(seriesId);
    expect(series.status).not.toBe('active');
    const after = await occurrences();
    expect(after.map((post) => post.status)).toEqual([
      'published',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(after[0]!.content).toBe(CAPTION);
  });
});
