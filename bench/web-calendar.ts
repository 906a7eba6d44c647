/**
 * The web app's calendar with 500 posts in one month: the time from the posts being in
 * the page (the list route answered) to the month view drawn with them, in Chromium,
 * beside the simplest code doing the same work in the same page: a month grid of the
 * same 500 posts written by hand with the DOM. Target: under 300 ms.
 *
 * Then the same posts on a phone (390×844): the agenda a phone opens (the list view, 30
 * days from the month's first day), each post with its thumbnail, time, status, account
 * and whole caption, from the posts in the page to the agenda drawn; beside an agenda of
 * the same posts written by hand with the DOM (a heading a day, a link a post with the
 * same parts), timed the same way in the same page.
 *
 * Last, the app's initial JavaScript, gzipped (as packages/web/test/build.test.ts
 * measures it: index.html's module entry and what it preloads; target under 150 KB), and
 * the calendar's own chunk, which loads when the calendar first shows.
 *
 * The posts are real: a server (with the Instagram emulator) gets 500 scheduled posts
 * through the API, spread over next month and five connected accounts, and the app reads
 * them through the list route as a person's browser does (five pages of 100). Serving the
 * page with the data injected would skip the part people wait on (reading, paginating,
 * turning posts into events) and would measure a page nobody uses. The clock starts at
 * the page's own `reelay:calendar-data` mark (every page read) and stops at
 * `reelay:calendar-rendered`, two animation frames after FullCalendar took the events,
 * so layout and paint are counted. Each run reloads the page: a cold calendar.
 *
 * Run: pnpm bench web-calendar
 * Knobs: BENCH_RUNS (default 9, after one warm-up), BENCH_POSTS (default 500).
 */
import {
  apiClientFor,
  connectAccount,
  signedInLink,
  signUpThroughApi,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { startAppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { WEB_DIST } from '@reelay/web/build-if-stale';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const POSTS = Number(process.env.BENCH_POSTS ?? 500);
const ACCOUNTS = 5;
const TARGET_MS = 300;
const INITIAL_JS_TARGET_KB = 150;
const AGENDA_DAYS = 30;

/**
 * Reloads the calendar page `RUNS + 1` times and answers the time from its
 * `reelay:calendar-data` mark to `reelay:calendar-rendered` of each run after the first,
 * with the posts it read and the links it drew (visible ones: FullCalendar also keeps
 * hidden copies to measure).
 */
async function timeCalendar(page: OpenedPage['page'], expected: number) {
  const samples: number[] = [];
  let drawn = 0;
  for (let run = 0; run <= RUNS; run += 1) {
    if (run > 0) await page.reload();
    const handle = await page.waitForFunction(
      () => {
        const measure = performance.getEntriesByName('reelay:calendar-render')[0];
        const data = performance.getEntriesByName('reelay:calendar-data')[0] as
          PerformanceMark | undefined;
        return measure && data
          ? {
              duration: measure.duration,
              posts: (data.detail as { posts: number }).posts,
              events: [...document.querySelectorAll('.post-calendar a.post-event')].filter(
                (element) => element.checkVisibility({ visibilityProperty: true }),
              ).length,
            }
          : null;
      },
      undefined,
      { timeout: 60_000 },
    );
    const result = (await handle.jsonValue())!;
    if (result.posts !== expected) {
      throw new Error(`the page read ${result.posts} posts, not ${expected}`);
    }
    drawn = result.events;
    if (run > 0) samples.push(result.duration);
  }
  return { samples, drawn };
}

/** Gzipped size of a built file under `dist/`. */
function gzippedBytes(path: string): number {
  return gzipSync(readFileSync(join(WEB_DIST, path)), { level: 9 }).length;
}

/** The scripts `index.html` loads at once (its module entry and what it preloads), gzipped. */
function initialJavaScript(): { bytes: number; scripts: string[] } {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const scripts = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1]!,
    ),
  ];
  const bytes = scripts.reduce((total, src) => total + gzippedBytes(src.slice('/app/'.length)), 0);
  return { bytes, scripts };
}

interface GridPost {
  start: string;
  time: string;
  status: string;
  title: string;
  href: string;
}

function summary(samples: number[]): { p50: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)! };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const app = await startAppServer();
const browser = await launchBrowser();
try {
  // Next month in UTC, the zone the browser is set to: 1 to 61 days ahead, in the window.
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const days = new Date(
    Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const month = monthStart.toISOString().slice(0, 10);

  const email = await signUpThroughApi(app);
  // One API key per account: 100 creations each stay under a key's 300 requests a minute.
  const clients = await Promise.all(
    Array.from({ length: ACCOUNTS }, () => apiClientFor(app, email)),
  );
  const accounts: Array<{ integrationId: string }> = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    accounts.push(await connectAccount(app, clients[index]!, `bench.conta${index + 1}`));
  }
  const mediaId = await uploadPhoto(clients[0]!);
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, account) => {
      for (let index = account; index < POSTS; index += ACCOUNTS) {
        const at = new Date(monthStart);
        at.setUTCDate(1 + (index % days));
        at.setUTCHours(7 + ((index * 7) % 14), (index * 13) % 60);
        await client.posts.create({
          content: `Post ${index + 1} do mês: novidades da semana #bench`,
          mediaItems: [{ mediaId }],
          platforms: [{ platform: 'instagram', accountId: accounts[account]!.integrationId }],
          scheduledFor: at,
          timezone: 'UTC',
        });
      }
    }),
  );
  console.log(
    `seeded ${POSTS} posts over ${ACCOUNTS} accounts in ${month.slice(0, 7)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  // The same posts, for the hand-written grid.
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1));
  const posts = await clients[0]!.posts
    .list({ from: monthStart, to: new Date(monthEnd.getTime() - 1), limit: 100 })
    .toArray({ max: POSTS * 2 });
  const names = new Map(accounts.map((account, index) => [account.integrationId, index + 1]));
  const gridPosts: GridPost[] = posts.map((post) => ({
    start: post.scheduledFor!,
    time: post.scheduledFor!.slice(11, 16),
    status: post.status,
    title: `@bench.conta${names.get(post.platforms[0]!.integrationId)} · ${post.content}`,
    href: `/app/posts/${post.id}`,
  }));
  // The agenda's: each with its account, whole caption and thumbnail, by time.
  const agendaEnd = monthStart.getTime() + AGENDA_DAYS * 24 * 60 * 60 * 1000;
  const agendaPosts = posts
    .filter((post) => Date.parse(post.scheduledFor!) < agendaEnd)
    .sort((a, b) => Date.parse(a.scheduledFor!) - Date.parse(b.scheduledFor!))
    .map((post) => ({
      day: post.scheduledFor!.slice(0, 10),
      time: post.scheduledFor!.slice(11, 16),
      status: post.status,
      account: `@bench.conta${names.get(post.platforms[0]!.integrationId)}`,
      caption: post.content,
      thumbnail: new URL(post.mediaItems[0]!.url, app.url).pathname,
      href: `/app/posts/${post.id}`,
    }));

  const { page, problems } = await openPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'UTC' });
  await page.goto(await signedInLink(app, email, `/app/calendar?view=month&date=${month}`));

  const { samples: calendarSamples, drawn } = await timeCalendar(page, POSTS);

  // The same posts, in a month grid written by hand: 7 columns, one cell per day, every
  // post a link with its time, status and title; timed the same way (two frames).
  const handSamples: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const duration = await page.evaluate(
      async ({ items, first, dayCount }) => {
        document.getElementById('hand-grid')?.remove();
        const start = performance.now();
        const grid = document.createElement('div');
        grid.id = 'hand-grid';
        grid.style.display = 'grid';
        grid.style.gridTemplateColumns = 'repeat(7, 1fr)';
        const cells: HTMLElement[] = [];
        const lead = new Date(first).getUTCDay();
        for (let index = 0; index < lead; index += 1) grid.append(document.createElement('div'));
        for (let day = 1; day <= dayCount; day += 1) {
          const cell = document.createElement('div');
          cell.append(String(day));
          cells.push(cell);
          grid.append(cell);
        }
        for (const item of items) {
          const link = document.createElement('a');
          link.href = item.href;
          link.className = `post-event status-${item.status}`;
          link.textContent = `${item.time} ${item.status} ${item.title}`;
          cells[new Date(item.start).getUTCDate() - 1]!.append(link);
        }
        document.querySelector('main')!.append(grid);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return performance.now() - start;
      },
      { items: gridPosts, first: month, dayCount: days },
    );
    if (run > 0) handSamples.push(duration);
  }
  if (problems.length > 0) throw new Error(`the page reported: ${problems.join('; ')}`);

  // A phone: the agenda it opens, 30 days from the month's first day, cold each run.
  const phone = await openPage(browser);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  const phoneCdp = await phone.page.context().newCDPSession(phone.page);
  await phoneCdp.send('Emulation.setTimezoneOverride', { timezoneId: 'UTC' });
  await phone.page.goto(await signedInLink(app, email, `/app/calendar?date=${month}`));
  const { samples: agendaSamples, drawn: agendaDrawn } = await timeCalendar(
    phone.page,
    agendaPosts.length,
  );
  if (new URL(phone.page.url()).searchParams.get('view') !== 'list') {
    throw new Error(`the phone opened ${phone.page.url()}, not the agenda`);
  }
  const thumbnails = await phone.page.locator('.post-calendar img.post-event-thumb').count();

  // The same posts in an agenda written by hand: a heading a day, then a link a post with
  // its thumbnail, time, status, account and whole caption; timed the same way.
  const handAgendaSamples: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const duration = await phone.page.evaluate(async (items) => {
      document.getElementById('hand-agenda')?.remove();
      const start = performance.now();
      const list = document.createElement('div');
      list.id = 'hand-agenda';
      let day = '';
      for (const item of items) {
        if (item.day !== day) {
          day = item.day;
          const heading = document.createElement('h3');
          heading.textContent = day;
          list.append(heading);
        }
        const link = document.createElement('a');
        link.href = item.href;
        link.className = `post-event status-${item.status}`;
        link.style.display = 'flex';
        const image = document.createElement('img');
        image.src = item.thumbnail;
        image.alt = '';
        image.loading = 'lazy';
        image.width = 56;
        image.height = 56;
        const text = document.createElement('span');
        text.style.whiteSpace = 'pre-line';
        text.textContent = `${item.time} ${item.status}\n${item.account}\n${item.caption}`;
        link.append(image, text);
        list.append(link);
      }
      document.querySelector('main')!.append(list);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - start;
    }, agendaPosts);
    if (run > 0) handAgendaSamples.push(duration);
  }
  if (phone.problems.length > 0) {
    throw new Error(`the phone's page reported: ${phone.problems.join('; ')}`);
  }

  const calendar = summary(calendarSamples);
  const hand = summary(handSamples);
  console.log(`\nMonth view with ${POSTS} posts, ${RUNS} runs each (after one warm-up)`);
  console.table([
    {
      what: 'calendar page (FullCalendar)',
      p50: ms(calendar.p50),
      max: ms(calendar.max),
      'links drawn': drawn,
    },
    {
      what: 'hand-written DOM grid',
      p50: ms(hand.p50),
      max: ms(hand.max),
      'links drawn': gridPosts.length,
    },
  ]);
  console.log(`calendar runs: ${calendarSamples.map((sample) => sample.toFixed(0)).join(', ')} ms`);
  console.log(`hand-written runs: ${handSamples.map((sample) => sample.toFixed(0)).join(', ')} ms`);
  console.log(
    `target: under ${TARGET_MS} ms from data to drawn: ${calendar.max < TARGET_MS ? 'met' : calendar.p50 < TARGET_MS ? 'met at p50, not at max' : 'not met'} (p50 ${ms(calendar.p50)}, ${(calendar.p50 / hand.p50).toFixed(1)}× the hand-written grid)`,
  );

  const agenda = summary(agendaSamples);
  const handAgenda = summary(handAgendaSamples);
  console.log(
    `\nPhone agenda (390×844, ${AGENDA_DAYS} days from ${month}) with ${agendaPosts.length} of the posts, ${RUNS} runs each (after one warm-up)`,
  );
  console.table([
    {
      what: 'calendar page agenda (FullCalendar list)',
      p50: ms(agenda.p50),
      max: ms(agenda.max),
      'links drawn': agendaDrawn,
      thumbnails,
    },
    {
      what: 'hand-written DOM agenda',
      p50: ms(handAgenda.p50),
      max: ms(handAgenda.max),
      'links drawn': agendaPosts.length,
      thumbnails: agendaPosts.length,
    },
  ]);
  console.log(`agenda runs: ${agendaSamples.map((sample) => sample.toFixed(0)).join(', ')} ms`);
  console.log(
    `hand-written agenda runs: ${handAgendaSamples.map((sample) => sample.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `agenda: p50 ${ms(agenda.p50)} from data to drawn, ${(agenda.p50 / handAgenda.p50).toFixed(1)}× the hand-written agenda; ${agenda.p50 < TARGET_MS ? 'under' : 'over'} the month's ${TARGET_MS} ms target`,
  );

  const initial = initialJavaScript();
  const calendarChunk = readdirSync(join(WEB_DIST, 'assets')).find((file) =>
    /^calendar-[\w-]+\.js$/.test(file),
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\ninitial JavaScript: ${kb(initial.bytes)} gzipped (${initial.scripts.length} files; target under ${INITIAL_JS_TARGET_KB} KB: ${initial.bytes < INITIAL_JS_TARGET_KB * 1024 ? 'met' : 'not met'})`,
  );
  if (calendarChunk) {
    console.log(
      `calendar chunk (loaded when the calendar first shows): ${kb(gzippedBytes(join('assets', calendarChunk)))} gzipped`,
    );
  }
} finally {
  await browser.close();
  await app.close();
}
