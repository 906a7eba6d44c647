/**
 * An account's insights on the accounts page, in real Chromium against a real server and
 * the Instagram emulator: closed and unread at first, the last 7 UTC days when opened,
 * the numbers the API answers, another range and one the API would refuse, an account
 * connected without the insights permission told to reconnect, in both languages and
 * with no serious accessibility violation.
 *
 * The emulator draws an account's daily numbers only from the day it was created on, so
 * its clock, the server's and the browser's run 10 days ahead of the accounts' creation:
 * every day of the range has numbers.
 */
import type { Reelay } from '@reelay/sdk';
import type { ManualClock } from '@reelay/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs } from './helpers/compose';
import { connectThroughConsentPage, inAppMenu, signUp } from '@reelay/test-support/flows';

const DAY_MS = 24 * 60 * 60_000;
const AHEAD_MS = 10 * DAY_MS;

/** The wall clock, 10 days ahead: the server's time during this file. */
const aheadClock: ManualClock = {
  now: () => Date.now() + AHEAD_MS,
  advance: () => {
    throw new Error('this clock follows the wall clock');
  },
  set: () => {
    throw new Error('this clock follows the wall clock');
  },
};

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('account insights on the accounts page', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let auroraId: string;
  let oldShopId: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ clock: aheadClock }), launchBrowser()]);
    app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
    // Connected as before insights were asked for: no insights permission.
    app.emulator.createAccount({
      username: 'loja.antiga',
      accountType: 'BUSINESS',
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    app.emulator.advance(AHEAD_MS);
    opened = await openPage(browser);
    page = opened.page;
    await page.clock.install({ time: aheadClock.now() });
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    for (const username of ['cafe.aurora', 'loja.antiga']) {
      await connectThroughConsentPage(
        page,
        page
          .getByRole('region', { name: 'Sem perfil' })
          .getByRole('button', { name: 'Conectar conta do Instagram' }),
        username,
      );
    }
    const { integrations } = await api.accounts.list();
    auroraId = integrations.find((item) => item.displayName === 'cafe.aurora')!.id;
    oldShopId = integrations.find((item) => item.displayName === 'loja.antiga')!.id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const card = (username: string) => page.getByRole('article', { name: `@${username}` });
  const disclosure = (username: string) => card(username).locator('details.account-insights');
  const insightsRequests = () => app.emulator.requests({ path: '/insights' });
  const number = (value: number | null) =>
    value === null ? '—sem dado' : new Intl.NumberFormat('pt-BR').format(value);
  const signed = (value: number | null) =>
    value === null
      ? '—sem dado'
      : new Intl.NumberFormat('pt-BR', { signDisplay: 'exceptZero' }).format(value);

  /** The table's rows: the day's `datetime`, then each cell's text. */
  const rows = (username: string) =>
    card(username)
      .locator('table.insights-days tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('time')!.getAttribute('datetime')!,
          ...[...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
        ]),
      );

  it('shows each account with how it was connected, its insights closed and not yet read', async () => {
    await card('loja.antiga').waitFor();
    expect(await card('cafe.aurora').textContent()).toContain('Conectada comLogin do Instagram');
    const summary = disclosure('cafe.aurora').locator('summary');
    expect(await summary.textContent()).toBe('Métricas de @cafe.aurora');
    expect(await disclosure('cafe.aurora').getAttribute('open')).toBeNull();
    expect(insightsRequests()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reads the last 7 UTC days when opened, with the numbers the API answers', async () => {
    await disclosure('cafe.aurora').locator('summary').click();
    const table = card('cafe.aurora').getByRole('table', {
      name: /^Alcance, visualizações e seguidores novos de @cafe\.aurora por dia \(UTC\)/,
    });
    await table.waitFor();
    await page.getByText('Métricas de 7 dias carregadas.').waitFor();

    const today = utcDay(aheadClock.now());
    const since = utcDay(aheadClock.now() - 6 * DAY_MS);
    expect(await page.getByLabel('De (dia em UTC)').inputValue()).toBe(since);
    expect(await page.getByLabel('Até (dia em UTC)').inputValue()).toBe(today);
    // Two calls to Instagram (the daily series, then the totals), for this account only.
    expect(insightsRequests()).toHaveLength(2);

    const { insights } = await api.accounts.insights(auroraId, { since, until: today });
    expect(insights.days).toHaveLength(7);
    const shown = await rows('cafe.aurora');
    expect(shown.map((row) => row[0])).toEqual(insights.days.map((day) => day.date));
    // Today is still running, so its numbers grow between two reads; the days before do not.
    for (const [index, day] of insights.days.slice(0, -1).entries()) {
      expect(shown[index]).toEqual([
        day.date,
        number(day.reach),
        number(day.views),
        signed(day.followerCount),
      ]);
      expect(day.reach).toBeGreaterThan(0);
    }
    // Instagram never reports today's new followers: a dash, read as "no data".
    expect(insights.days.at(-1)!.followerCount).toBeNull();
    expect(shown.at(-1)![3]).toBe('—sem dado');

    const totals = card('cafe.aurora').locator('.insights-totals');
    expect(await totals.locator('dt').allTextContents()).toEqual([
      'Contas alcançadas (cada uma uma vez)',
      'Visualizações',
      'Visitas ao perfil',
      'Contas que interagiram',
    ]);
    for (const value of await totals.locator('dd').allTextContents()) {
      expect(value).toMatch(/^\d{1,3}(\.\d{3})*$/);
    }
    await card('cafe.aurora')
      .getByText(/Lido do Instagram em .+ no fuso [\w/+-]+ \(UTC[+−]\d\d:\d\d\)\.$/)
      .waitFor();
    expect(await seriousViolations(page), 'with the insights open').toEqual([]);
  });

  it('reads another range, with the totals of exactly those days', async () => {
    const since = utcDay(aheadClock.now() - 9 * DAY_MS);
    const until = utcDay(aheadClock.now() - DAY_MS);
    await page.getByLabel('De (dia em UTC)').fill(since);
    await page.getByLabel('Até (dia em UTC)').fill(until);
    await card('cafe.aurora').getByRole('button', { name: 'Mostrar' }).click();
    await page.getByText('Métricas de 9 dias carregadas.').waitFor();

    // Days that are over: the API answers the same numbers, the totals included.
    const { insights } = await api.accounts.insights(auroraId, { since, until });
    expect(await rows('cafe.aurora')).toEqual(
      insights.days.map((day) => [
        day.date,
        number(day.reach),
        number(day.views),
        signed(day.followerCount),
      ]),
    );
    const { totals } = insights;
    expect(await card('cafe.aurora').locator('.insights-totals dd').allTextContents()).toEqual(
      [totals.reach, totals.views, totals.profileViews, totals.accountsEngaged].map(number),
    );
    const asked = insightsRequests().at(-2)!;
    expect(Number(asked.params.since)).toBe(Date.parse(`${since}T00:00:00Z`) / 1000);
  });

  it('explains a range the API would refuse beside its field, and asks nothing', async () => {
    const before = insightsRequests().length;
    const until = page.getByLabel('Até (dia em UTC)');
    await page.getByLabel('De (dia em UTC)').fill(utcDay(aheadClock.now() - 40 * DAY_MS));
    await until.fill(utcDay(aheadClock.now() - DAY_MS));
    await card('cafe.aurora').getByRole('button', { name: 'Mostrar' }).click();
    const text = 'O Instagram informa no máximo 30 dias por consulta: encurte o período.';
    await card('cafe.aurora').getByText(text).waitFor();
    expect(await until.getAttribute('aria-invalid')).toBe('true');
    // Focus moves to the refused field once it has been drawn as refused.
    const untilId = await until.getAttribute('id');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(untilId);
    const describedBy = (await until.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(text);
    expect(insightsRequests()).toHaveLength(before);
    expect(await seriousViolations(page), 'with the range refused').toEqual([]);

    // Fixed, it is read.
    await page.getByLabel('De (dia em UTC)').fill(utcDay(aheadClock.now() - 2 * DAY_MS));
    await card('cafe.aurora').getByRole('button', { name: 'Mostrar' }).click();
    await page.getByText('Métricas de 2 dias carregadas.').waitFor();
    expect(await until.getAttribute('aria-invalid')).toBeNull();
  });

  it('tells an account without the insights permission to reconnect, with the button that does it', async () => {
    await disclosure('loja.antiga').locator('summary').click();
    const alert = card('loja.antiga').getByRole('alert');
    await alert.getByText('Reconecte a conta para ver as métricas').waitFor();
    // What the API answers for it.
    await expect(api.accounts.insights(oldShopId)).rejects.toMatchObject({
      code: 'PERMISSION_REQUIRED',
    });
    expect(await seriousViolations(page), 'with the reconnect notice').toEqual([]);
    await alert.getByRole('button', { name: 'Reconectar para ver as métricas' }).click();
    await page.waitForURL(/\/oauth\/authorize/);
    expect(new URL(page.url()).searchParams.get('scope')).toContain(
      'instagram_business_manage_insights',
    );
    await page.goBack();
    await card('loja.antiga').waitFor();
  });

  it('speaks English too', async () => {
    await inAppMenu(page, () => page.getByLabel(/^(Idioma|Language)$/).selectOption('en'));
    await disclosure('cafe.aurora').locator('summary').click();
    await card('cafe.aurora').getByText('Insights for 7 days loaded.').waitFor();
    expect(await disclosure('cafe.aurora').locator('summary').textContent()).toBe(
      'Insights of @cafe.aurora',
    );
    expect(await card('cafe.aurora').locator('thead th').allTextContents()).toEqual([
      'Day (UTC)',
      'Reach',
      'Views',
      'New followers',
    ]);
    expect(await page.getByLabel('From (UTC day)').inputValue()).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await seriousViolations(page), 'in English').toEqual([]);
  });

  it('offers to reconnect an account whose authorization Instagram revoked', async () => {
    const { integrations } = await api.accounts.list();
    const aurora = integrations.find((item) => item.id === auroraId)!;
    app.emulator.revokeTokens(aurora.platformUserId, 458);
    await page.reload();
    await disclosure('cafe.aurora').locator('summary').click();
    const alert = card('cafe.aurora').getByRole('alert');
    await alert
      .getByText(
        'This account’s authorization no longer works: reconnect the account to see insights.',
      )
      .waitFor();
    await alert.getByRole('button', { name: 'Reconnect to see insights' }).waitFor();
    expect(opened.problems).toEqual([]);
  });
});
