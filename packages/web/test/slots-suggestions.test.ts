/**
 * The posting schedule editor in real Chromium (set to São Paulo time) against a real
 * server and the Instagram emulator: an open account editor has the page's width (no
 * sideways scroll at 1280×800, a list of days at 390×844), "Suggest times" shows the
 * server's weekly times with their reasons in the person's language (the audience's
 * online hours, common hours without data), and "Use these" then saving makes them the
 * account's schedule, read back through the API.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { signUp } from '@reelay/test-support/flows';
import { seriousViolations } from './helpers/axe';

const ZONE = 'America/Sao_Paulo';

describe('suggested posting times in the schedule editor', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  const ids = {} as Record<'busy' | 'fresh', string>;

  /** Connects an emulated business account with this many followers; answers its `int_` id. */
  async function connect(username: string, followersCount: number): Promise<string> {
    const platformId = app.emulator.createAccount({
      username,
      accountType: 'BUSINESS',
      followersCount,
    }).id;
    const authorize = new URL((await api.accounts.connect({})).url);
    authorize.searchParams.set('account', platformId);
    authorize.searchParams.set('decision', 'allow');
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const answer = await fetch(redirect.headers.get('location')!, {
      headers: { accept: 'application/json' },
    });
    expect(answer.ok, await answer.clone().text()).toBe(true);
    const accounts = await api.accounts.list({ limit: 100 }).toArray({ max: 100 });
    return accounts.find((account) => account.displayName === username)!.id;
  }

  const card = (username: string) => page.getByRole('article', { name: `@${username}` });
  const openEditor = async (username: string) => {
    await page.goto(`${app.url}/app/accounts`);
    await card(username)
      .locator('summary', { hasText: `Agenda de publicação de @${username}` })
      .click();
    const form = card(username).getByRole('form', { name: `Agenda de publicação de @${username}` });
    await form.locator('.slots-source').waitFor();
    return form;
  };
  /** What scrolls sideways: the page, or the editor and anything in it (none expected). */
  const sidewaysScrolls = (form: Locator) =>
    form.evaluate((element) => {
      // A visually hidden text is clipped to one pixel on purpose.
      const wide = (item: Element) =>
        item.clientWidth > 1 && item.scrollWidth > item.clientWidth + 1;
      const found = [element, ...element.querySelectorAll('*')]
        .filter(
          (inner) =>
            (inner === element || getComputedStyle(inner).overflowX !== 'visible') && wide(inner),
        )
        .map(
          (inner) =>
            `${inner.tagName}.${inner.className} ${inner.scrollWidth}/${inner.clientWidth}`,
        );
      if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page');
      return found;
    });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const cdp = await opened.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
    const email = await signUp(page, app);
    api = await apiClientFor(app, email);
    app.emulator.configure({ onlineFollowers: 'answer' });
    // Three accounts: the grid has three columns at 1280 px, and the editor's card is one.
    ids.busy = await connect('cafe.cheio', 5_000);
    ids.fresh = await connect('cafe.novo', 40);
    await connect('cafe.terceiro', 40);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('gives the open editor the whole width at 1280×800: every day shows, nothing scrolls sideways', async () => {
    const form = await openEditor('cafe.cheio');
    await form.getByLabel('Novo horário').fill('09:00');
    await form.getByRole('button', { name: 'Adicionar horário' }).click();
    const table = form.getByRole('table', { name: 'Horários semanais de @cafe.cheio' });
    await table.waitFor();
    expect(await sidewaysScrolls(form)).toEqual([]);
    // The time column and Monday are on screen, beside the last day.
    for (const header of ['Horário', 'seg.', 'dom.']) {
      const box = (await table.getByRole('columnheader', { name: header }).boundingBox())!;
      expect(box.x, header).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, header).toBeLessThanOrEqual(1280);
    }
    const caption = table.locator('caption');
    expect(await caption.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
  });

  it('suggests the audience’s busiest hours with their reasons, and saves them once used', async () => {
    const form = await openEditor('cafe.cheio');
    const expected = await api.accounts.suggestSlots(ids.busy, { timezone: ZONE });
    expect(expected.source).toBe('audience');
    await form.getByRole('button', { name: 'Sugerir horários' }).click();
    const list = form.getByRole('list', { name: 'Horários sugeridos para @cafe.cheio' });
    await list.waitFor();
    await form.getByText('Pelos horários em que os seguidores da conta ficam online.').waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(expected.suggestions.length);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(7);
    expected.suggestions.forEach((suggestion, index) => {
      expect(items[index]).toContain(suggestion.time);
      expect(items[index]).toContain(
        `Em média ${new Intl.NumberFormat('pt-BR').format(suggestion.score)} seguidores online`,
      );
    });
    expect(await seriousViolations(page), 'with suggestions shown').toEqual([]);

    await form.getByRole('button', { name: 'Usar estes' }).click();
    await form
      .getByText(`${expected.suggestions.length} horários sugeridos postos na agenda`)
      .waitFor();
    // Not saved yet: the person sees them in the table first.
    expect((await api.accounts.slots(ids.busy)).schedule.source).toBe('none');
    for (const suggestion of expected.suggestions) {
      const day = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(suggestion.day), 12)),
      );
      expect(await form.getByLabel(`${day} às ${suggestion.time}`).isChecked()).toBe(true);
    }
    await form.getByRole('button', { name: 'Salvar agenda' }).click();
    await form.getByText(/^Agenda de @cafe\.cheio salva: \d+ horários? por semana\.$/).waitFor();
    const { schedule } = await api.accounts.slots(ids.busy);
    expect(schedule).toMatchObject({ source: 'integration', timezone: ZONE });
    const byWeek = (slots: ReadonlyArray<{ day: string; time: string }>) =>
      slots
        .map(({ day, time }) => `${WEEKDAYS.indexOf(day as never)} ${time}`)
        .sort()
        .join(', ');
    expect(byWeek(schedule.slots)).toBe(byWeek(expected.suggestions));
  });

  it('lists days at 390×844 and says the reason of common hours in English', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('reelay.language', 'en'));
    await page.goto(`${app.url}/app/accounts`);
    await card('cafe.novo')
      .locator('summary', { hasText: 'Posting schedule of @cafe.novo' })
      .click();
    const form = card('cafe.novo').getByRole('form', { name: 'Posting schedule of @cafe.novo' });
    await form.getByRole('button', { name: 'Suggest times' }).click();
    const list = form.getByRole('list', { name: 'Suggested times for @cafe.novo' });
    await list.waitFor();
    await form.getByText(/^The account has no data yet/).waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(7);
    for (const item of items) expect(item).toContain('A common engagement time.');
    await form.getByRole('button', { name: 'Use these' }).click();
    const days = form.getByRole('group', { name: 'Times of each day of @cafe.novo' });
    await days.waitFor();
    expect(await form.getByRole('table').count()).toBe(0);
    expect(await days.getByRole('group', { name: 'Monday' }).getByRole('checkbox').count()).toBe(
      new Set(
        (await api.accounts.suggestSlots(ids.fresh, { timezone: ZONE })).suggestions.map(
          (s) => s.time,
        ),
      ).size,
    );
    expect(await form.getByLabel('Monday at 12:00').isChecked()).toBe(true);
    expect(await sidewaysScrolls(form)).toEqual([]);
    expect(await seriousViolations(page), 'narrow editor').toEqual([]);
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await form.getByText('Schedule of @cafe.novo saved: 7 slots a week.').waitFor();
    expect((await api.accounts.slots(ids.fresh)).schedule.slots).toContainEqual({
      day: 'sunday',
      time: '19:00',
    });
    expect(opened.problems).toEqual([]);
  });
});

const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
