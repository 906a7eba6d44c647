/**
 * The post page's insights in real Chromium against a real server whose workers publish
 * to the Instagram emulator. Posts are published at once through the SDK; the emulator's
 * clock is then moved six hours on, so its metrics (which grow with the time since
 * publication) are well above zero. The page shows each account's metrics as the API
 * answers them, "refresh now" asks Instagram again (a new `fetchedAt`, one more request
 * in the emulator's log), a caption with `[emulator:few-viewers]` says there were too few
 * viewers, a missing permission suggests reconnecting, and a scheduled post asks for no
 * insights at all.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppMenu } from '@reelay/test-support/flows';
import {
  formatDuration,
  formatMetric,
  metricsOf,
  NO_VALUE,
  timeAgo,
} from '../src/pages/post-detail/insights-format';
import {
  apiClientFor,
  connectAccount,
  signUpThroughApi,
  signedInLink,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';

const ZONE = 'America/Sao_Paulo';
const HOUR_MS = 60 * 60 * 1000;

/** The insights requests the emulator received for one media. */
async function insightsRequests(app: AppServer, mediaId: string): Promise<number> {
  const answer = await fetch(`${app.emulator.url}/_emulator/requests?path=/${mediaId}/insights`);
  const { data } = (await answer.json()) as { data: unknown[] };
  return data.length;
}

/** The post once the server's workers have published it (they poll for due work). */
async function published(api: Reelay, post: Post): Promise<Post> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = (await api.posts.get(post.id)).post;
    if (current.status === 'published') return current;
    if (Date.now() > deadline) throw new Error(`${post.id} is still ${current.status} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.each(appDatabases())(
  'the insights of a post on its page on %s',
  { timeout: 60_000 },
  (database) => {
    let app: AppServer;
    let browser: Browser;
    let opened: OpenedPage;
    let page: Page;
    let api: Reelay;
    let email: string;
    let mediaId: string;
    const posts: Record<'busy' | 'quiet' | 'later', Post> = {} as never;

    const insightsOf = (username: string) =>
      page.getByRole('region', { name: 'Insights' }).getByRole('region', { name: `@${username}` });
    const updatedAt = (username: string) =>
      insightsOf(username).locator('time').getAttribute('datetime');

    async function openPost(post: Post): Promise<void> {
      await page.goto(`${app.url}/app/posts/${post.id}`);
      await page.getByRole('heading', { level: 1, name: 'Post details' }).waitFor();
    }

    beforeAll(async () => {
      [app, browser] = await Promise.all([
        startAppServer({ database, workers: true }),
        launchBrowser(),
      ]);
      email = await signUpThroughApi(app);
      api = await apiClientFor(app, email);
      const { integrationId } = await connectAccount(app, api, 'cafe.aurora');
      const publishNow = async (content: string) => {
        const { post } = await api.posts.create({
          content,
          mediaItems: [{ mediaId: await uploadPhoto(api) }],
          platforms: [{ platform: 'instagram', accountId: integrationId }],
        });
        return post;
      };
      // Six hashtags, one over the five Instagram announced: published, with a warning.
      posts.busy = await publishNow('Café coado na hora #cafe #manha #padaria #pao #bolo #centro');
      posts.quiet = await publishNow('Bastidores da torra [emulator:few-viewers]');
      posts.later = (
        await api.posts.create({
          content: 'Música ao vivo na sexta.',
          mediaItems: [{ mediaId: await uploadPhoto(api) }],
          platforms: [{ platform: 'instagram', accountId: integrationId }],
          scheduledFor: new Date(Date.now() + 30 * HOUR_MS).toISOString(),
          timezone: ZONE,
        })
      ).post;
      for (const key of ['busy', 'quiet'] as const) posts[key] = await published(api, posts[key]);
      mediaId = posts.busy.platforms[0]!.platformPostId!;
      app.emulator.advance(6 * HOUR_MS);

      opened = await openPage(browser, { locale: 'en-US' });
      page = opened.page;
      const cdp = await opened.context.newCDPSession(page);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
      await page.goto(await signedInLink(app, email, '/app/calendar'));
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it('shows the metrics of each account as the API reads them, with the warning, and no serious accessibility violation', async () => {
      await openPost(posts.busy);
      const card = insightsOf('cafe.aurora');
      await card.locator('dl').waitFor();
      const { platforms } = await api.posts.insights(posts.busy.id);
      const read = platforms[0]!;
      expect(read.reason).toBeNull();
      expect(read.checkedLive).toBe(false); // the page's read, kept for the hour
      expect(read.metrics.reach).toBeGreaterThan(0);
      expect(await updatedAt('cafe.aurora')).toBe(read.fetchedAt);

      const shown = await card
        .locator('dl > div')
        .evaluateAll((tiles) =>
          tiles.map((tile) => [
            tile.querySelector('dt')!.textContent,
            tile.querySelector('dd')!.textContent,
          ]),
        );
      const count = (value: number | null) =>
        value === null ? '—' : value.toLocaleString('en-US');
      expect(shown).toEqual([
        ['Views', count(read.metrics.views)],
        ['Reach', count(read.metrics.reach)],
        ['Likes', count(read.metrics.likes)],
        ['Comments', count(read.metrics.comments)],
        ['Saves', count(read.metrics.saved)],
        ['Shares', count(read.metrics.shares)],
        ['Interactions', count(read.metrics.totalInteractions)],
      ]);
      const text = await card.textContent();
      expect(text).toContain('Updated now');
      expect(text).toContain(`${ZONE} (UTC`);

      // The account's outcome above still says what was published and warns about hashtags.
      const outcome = page.getByRole('article', { name: '@cafe.aurora' });
      expect(await outcome.textContent()).toContain('✓ Published');
      expect(await outcome.textContent()).toContain(posts.busy.platforms[0]!.warningMessage!);
      expect(posts.busy.platforms[0]!.warningMessage).toMatch(/6 hashtags/);

      expect(await seriousViolations(page)).toEqual([]);
      expect(opened.problems).toEqual([]);
    });

    it('asks Instagram again on "Refresh now": a new read time, one more request', async () => {
      await openPost(posts.busy);
      await insightsOf('cafe.aurora').locator('dl').waitFor();
      const before = await updatedAt('cafe.aurora');
      const requests = await insightsRequests(app, mediaId);
      app.emulator.advance(HOUR_MS / 2);

      await page.getByRole('button', { name: 'Refresh now' }).click();
      await page.getByRole('status').getByText('Insights refreshed.').waitFor();
      await expect.poll(() => updatedAt('cafe.aurora')).not.toBe(before);
      expect(await insightsRequests(app, mediaId)).toBe(requests + 1);
      const { platforms } = await api.posts.insights(posts.busy.id);
      expect(await updatedAt('cafe.aurora')).toBe(platforms[0]!.fetchedAt);
      // Half an hour later on the emulator, the post has been seen by more people.
      const reach = await insightsOf('cafe.aurora')
        .locator('[data-metric="reach"] dd')
        .textContent();
      expect(reach).toBe(platforms[0]!.metrics.reach!.toLocaleString('en-US'));
      expect(opened.problems).toEqual([]);
    });

    it('keeps the last metrics and suggests reconnecting when the insights permission is missing', async () => {
      await openPost(posts.busy);
      const card = insightsOf('cafe.aurora');
      await card.locator('dl').waitFor();
      const reach = await card.locator('[data-metric="reach"] dd').textContent();
      app.emulator.addFault({
        path: `/${mediaId}/insights`,
        code: 10,
        message: '(#10) Application does not have permission for this action',
      });

      await page.getByRole('button', { name: 'Refresh now' }).click();
      await card.locator('code').getByText('PERMISSION_REQUIRED').waitFor();
      const text = await card.textContent();
      expect(text).toContain('The metrics could not be read now; these are from the last read:');
      expect(text).toContain("the account did not grant Instagram's insights permission.");
      expect(text).toContain('Reconnect the account');
      expect(
        await card.getByRole('link', { name: 'Go to the accounts' }).getAttribute('href'),
      ).toBe('/app/accounts');
      expect(await card.locator('[data-metric="reach"] dd').textContent()).toBe(reach);
      expect(await seriousViolations(page)).toEqual([]);

      await card.getByRole('link', { name: 'Go to the accounts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Connected accounts' }).waitFor();
    });

    it('says when too few people saw the post for Instagram to report, in both languages', async () => {
      await openPost(posts.quiet);
      const card = insightsOf('cafe.aurora');
      await card.getByText(/too few viewers for Instagram to report/).waitFor();
      expect(await card.locator('dl').count()).toBe(0);
      const { platforms } = await api.posts.insights(posts.quiet.id);
      expect(platforms[0]!.reason).toBe('not_enough_viewers');
      expect(await seriousViolations(page)).toEqual([]);

      await inAppMenu(page, () => page.getByLabel('Language').selectOption('pt-BR'));
      await page.getByRole('heading', { level: 2, name: 'Métricas' }).waitFor();
      const portuguese = page
        .getByRole('region', { name: 'Métricas' })
        .getByRole('region', { name: '@cafe.aurora' });
      expect(await portuguese.textContent()).toContain(
        'Poucas pessoas viram o post para o Instagram informar métricas.',
      );
      await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
      await page.getByRole('heading', { level: 2, name: 'Insights' }).waitFor();
      expect(opened.problems).toEqual([]);
    });

    it('says when the insights cannot be loaded, and loads them on "Try again"', async () => {
      // The network fails for the insights only: the rest of the page loads.
      await page.route('**/v1/posts/*/insights*', (route) => route.abort('connectionfailed'));
      try {
        await openPost(posts.busy);
        const alert = page.getByRole('region', { name: 'Insights' }).getByRole('alert');
        await alert.getByText(/^The insights could not be loaded\./).waitFor();
        expect(await page.getByRole('button', { name: 'Refresh now' }).count()).toBe(0);
      } finally {
        await page.unroute('**/v1/posts/*/insights*');
      }
      await page.getByRole('button', { name: 'Try again' }).click();
      await insightsOf('cafe.aurora').locator('dl').waitFor();
      expect(await page.getByRole('region', { name: 'Insights' }).getByRole('alert').count()).toBe(
        0,
      );
      opened.problems.length = 0; // the refused requests were logged by the browser, as intended
    });

    it('asks for no insights while the post is only scheduled', async () => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/insights')) asked.push(request.url());
      });
      await openPost(posts.later);
      await page.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Insights' }).count()).toBe(0);
      expect(asked).toEqual([]);
    });
  },
);

describe('how the metrics are written', () => {
  it('shows each kind only the metrics Instagram has for it', () => {
    expect(metricsOf('feed')).toEqual(metricsOf('carousel'));
    expect(metricsOf('feed')).not.toContain('avgWatchTimeMs');
    expect(metricsOf('reel')).toEqual([...metricsOf('feed'), 'avgWatchTimeMs', 'totalWatchTimeMs']);
    expect(metricsOf('story')).toEqual([
      'views',
      'reach',
      'shares',
      'totalInteractions',
      'navigation',
      'replies',
    ]);
  });

  it('writes counts, watch times and a dash for what Instagram did not serve', () => {
    expect(formatMetric('views', 1840, 'pt-BR')).toBe('1.840');
    expect(formatMetric('views', 1840, 'en')).toBe('1,840');
    expect(formatMetric('likes', null, 'en')).toBe(NO_VALUE);
    expect(formatMetric('avgWatchTimeMs', 8_400, 'en')).toBe('8.4 sec');
    expect(formatDuration(90_000, 'pt-BR')).toBe('1,5 min');
    expect(formatMetric('totalWatchTimeMs', 5_400_000, 'en')).toBe('1.5 hr');
  });

  it('says how long ago a read was', () => {
    const at = '2026-11-24T14:00:00.000Z';
    expect(timeAgo(at, Date.parse(at) + 20_000, 'en')).toBe('now');
    expect(timeAgo(at, Date.parse(at) - 5_000, 'en')).toBe('now');
    expect(timeAgo(at, Date.parse(at) + 5 * 60_000, 'en')).toBe('5 minutes ago');
    expect(timeAgo(at, Date.parse(at) + 3 * HOUR_MS, 'pt-BR')).toBe('há 3 horas');
    expect(timeAgo(at, Date.parse(at) + 24 * HOUR_MS, 'en')).toBe('yesterday');
  });
});
