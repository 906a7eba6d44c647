/**
 * The web app's calendar with 500 posts in one month: the time from the posts being in
 * the page (the list route answered) to the month view drawn with them, in Chromium,
 * beside the simplest code doing the same work in the same page: a month grid of the
 * same 500 posts written by hand with the DOM. Target: under 300 ms.
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
import { launchBrowser, openPage } from '@reelay/test-support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const POSTS = Number(process.env.BENCH_POSTS ?? 500);
const ACCOUNTS = 5;
const TARGET_MS = 300;

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

  const { page, problems } = await openPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'UTC' });
  await page.goto(await signedInLink(app, email, `/app/calendar?view=month&date=${month}`));

  const calendarSamples: number[] = [];
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
              // Visible ones: FullCalendar also keeps hidden copies to measure.
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
    if (result.posts !== POSTS) throw new Error(`the page read ${result.posts} posts`);
    drawn = result.events;
    if (run > 0) calendarSamples.push(result.duration);
  }

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
} finally {
  await browser.close();
  await app.close();
}
