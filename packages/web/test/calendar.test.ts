/**
 * The calendar and the post page in real Chromium against a real server whose workers
 * publish to the Instagram emulator at the scheduled time. Posts are created through the
 * SDK; the browser, set to São Paulo time, shows them scheduled, then published by
 * itself (the page reads the posts again while one is due). One account's publication
 * fails by a fault injected in the emulator: the post page shows the code and what to
 * do, and retrying from the page publishes it. Dragging a post reschedules it (checked
 * through the API); a move the server refuses goes back. The 70-second wait for the
 * scheduled time is spent on the other checks.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { connectThroughConsentPage, signUp, inAppMenu } from '@reelay/test-support/flows';
import { guidanceFor } from '../src/pages/post-detail/guidance';
import { apiClientFor, connectAccount, uploadPhoto } from '@reelay/test-support/api-steps';

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The São Paulo day (`YYYY-MM-DD`) of an instant. */
function dayIn(zone: string, at: Date | string | number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
    new Date(at),
  );
}

/** The instant of a wall-clock time in a zone, found by trying each whole-hour offset. */
function wallClockInstant(zone: string, day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  for (let hours = -14; hours <= 14; hours += 1) {
    const instant = wall - hours * 60 * 60 * 1000;
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(instant);
    if (shown === `${day}, ${time}`) return instant;
  }
  throw new Error(`no instant shows ${day} ${time} in ${zone}`);
}

/** The day before or after `day` that sits in the same calendar row (weeks start on Sunday). */
function neighbourInRow(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const step = date.getUTCDay() === 6 ? -1 : 1;
  return new Date(date.getTime() + step * DAY_MS).toISOString().slice(0, 10);
}

/** Drags with the mouse, in small steps, from the centre of one element to another's. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('the calendar and the post page', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let cafe: string;
  let padaria: { integrationId: string; platformAccountId: string };
  let padariaProfile: string;
  const posts: Record<'soon' | 'failing' | 'dragged' | 'stale', Post> = {} as never;

  const cell = (day: string) => page.locator(`[role="gridcell"][data-date="${day}"]`);
  const event = (caption: RegExp) => page.getByRole('link', { name: caption });
  const openCalendar = async (query = '') => {
    await page.goto(`${app.url}/app/calendar${query}`);
    await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ workers: true }), launchBrowser()]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const cdp = await opened.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
    const email = await signUp(page, app);

    app.emulator.createAccount({ username: 'cafe.aurora', accountType: 'BUSINESS' });
    await connectThroughConsentPage(
      page,
      page
        .getByRole('region', { name: 'Sem perfil' })
        .getByRole('button', { name: 'Conectar conta do Instagram' }),
      'cafe.aurora',
    );
    api = await apiClientFor(app, email);
    cafe = (await api.accounts.list()).integrations.find(
      (account) => account.displayName === 'cafe.aurora',
    )!.id;
    padariaProfile = (await api.profiles.create({ name: 'Padaria' })).profile.id;
    padaria = await connectAccount(app, api, 'padaria.sol', padariaProfile);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the posts as scheduled, in the named time zone, with no serious accessibility violation', async () => {
    const mediaId = await uploadPhoto(api);
    const create = (content: string, accounts: string[], scheduledFor: Date | string) =>
      api.posts
        .create({
          content,
          mediaItems: [{ mediaId }],
          platforms: accounts.map((accountId) => ({ platform: 'instagram', accountId })),
          scheduledFor,
          timezone: ZONE,
        })
        .then((answer) => answer.post);
    // The publication of padaria.sol's next post is refused: the quota is "reached".
    app.emulator.addFault({
      path: '/media_publish',
      account: padaria.platformAccountId,
      subcode: 2207042,
    });
    const due = new Date(Date.now() + 70_000);
    posts.soon = await create('Bom dia! Café quentinho saindo #café', [cafe], due);
    posts.failing = await create(
      'Pão de queijo fresquinho nas duas lojas',
      [cafe, padaria.integrationId],
      due,
    );
    const later = dayIn(ZONE, Date.now() + 3 * DAY_MS);
    posts.dragged = await create('Promoção de quinta', [cafe], `${later}T10:00:00-03:00`);
    const further = dayIn(ZONE, Date.now() + 4 * DAY_MS);
    posts.stale = await create('Sorteio de sábado', [cafe], `${further}T15:00:00-03:00`);

    await openCalendar();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('month');
    // The zone is named in the page's help, behind the heading's button.
    await page.getByRole('button', { name: 'Ajuda' }).click();
    await page.getByText('Horários mostrados no fuso America/Sao_Paulo (UTC−03:00).').waitFor();
    await page.getByRole('button', { name: 'Ocultar ajuda' }).click();
    const soon = event(/Bom dia! Café quentinho/);
    await soon.waitFor();
    expect(await soon.textContent()).toContain('◷ Agendado');
    expect(await soon.textContent()).toContain('@cafe.aurora');
    // The time shown is São Paulo's.
    const time = new Intl.DateTimeFormat('pt-BR', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(due);
    expect(await soon.textContent()).toContain(time);
    expect(await event(/Pão de queijo/).textContent()).toContain('@cafe.aurora, @padaria.sol');
    // The status is written, and the colour is the status's.
    expect(await soon.getAttribute('class')).toContain('status-scheduled');
    expect(await seriousViolations(page), 'month view').toEqual([]);

    // The other views, each kept in the address.
    for (const [tab, view] of [
      ['Semana', 'week'],
      ['Lista', 'list'],
      ['Mês', 'month'],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(tab, 'i') }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe(view);
      await page.locator('.post-event', { hasText: 'Bom dia!' }).first().waitFor();
      if (view !== 'month') expect(await seriousViolations(page), `${view} view`).toEqual([]);
    }
  });

  it('follows the language switch', async () => {
    await inAppMenu(page, () => page.getByLabel('Idioma').selectOption('en'));
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await expect.poll(() => event(/Bom dia!/).textContent()).toContain('◷ Scheduled');
    expect(await page.getByRole('tab', { name: /month/i }).textContent()).toBe('Month');
    await inAppMenu(page, () => page.getByLabel('Language').selectOption('pt-BR'));
    await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
    await expect.poll(() => event(/Bom dia!/).textContent()).toContain('◷ Agendado');
  });

  it('filters by account and by profile, and keeps the filter in the address', async () => {
    await page.getByLabel(/^Conta/).selectOption({ label: '@padaria.sol' });
    await event(/Bom dia!/).waitFor({ state: 'detached' });
    await event(/Pão de queijo/).waitFor();
    expect(new URL(page.url()).searchParams.get('account')).toBe(padaria.integrationId);
    await page.getByLabel(/^Conta/).selectOption({ label: 'Todas as contas' });
    await event(/Bom dia!/).waitFor();

    await page.getByLabel('Perfil').selectOption({ label: 'Padaria' });
    await event(/Bom dia!/).waitFor({ state: 'detached' });
    await event(/Pão de queijo/).waitFor();
    await page.reload();
    await event(/Pão de queijo/).waitFor();
    expect(await event(/Bom dia!/).count()).toBe(0);
    expect(await page.getByLabel('Perfil').inputValue()).toBe(padariaProfile);
    await page.getByLabel('Perfil').selectOption({ label: 'Todos os perfis' });
    await event(/Bom dia!/).waitFor();
  });

  it('shows the times in another time zone when the person picks one', async () => {
    const timeIn = (zone: string) =>
      new Intl.DateTimeFormat('pt-BR', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(new Date(posts.soon.scheduledFor!));
    await page.getByLabel('Fuso horário').selectOption('Asia/Tokyo');
    await page
      .getByText('Horários mostrados no fuso Asia/Tokyo (UTC+09:00).')
      .waitFor({ state: 'attached' });
    await expect.poll(() => event(/Bom dia!/).textContent()).toContain(timeIn('Asia/Tokyo'));
    await page.getByLabel('Fuso horário').selectOption(ZONE);
    await page
      .getByText('Horários mostrados no fuso America/Sao_Paulo (UTC−03:00).')
      .waitFor({ state: 'attached' });
    await expect.poll(() => event(/Bom dia!/).textContent()).toContain(timeIn(ZONE));
  });

  it('reschedules a post dragged to another day in the month view', async () => {
    const day = dayIn(ZONE, posts.dragged.scheduledFor!);
    const target = neighbourInRow(day);
    await openCalendar(`?view=month&date=${day}`);
    const dragged = cell(day).getByRole('link', { name: /Promoção de quinta/ });
    await dragged.waitFor();
    await drag(page, dragged, cell(target));
    await page
      .getByRole('status')
      .getByText(/^Post reagendado para/)
      .waitFor();
    await cell(target)
      .getByRole('link', { name: /Promoção de quinta/ })
      .waitFor();

    const { post } = await api.posts.get(posts.dragged.id);
    const moved = Date.parse(post.scheduledFor!) - Date.parse(posts.dragged.scheduledFor!);
    expect(moved).toBe((target > day ? 1 : -1) * DAY_MS);
    expect(dayIn(ZONE, post.scheduledFor!)).toBe(target);
    posts.dragged = post;
  });

  it('puts a post back where it was when the server refuses the move, and says why', async () => {
    const day = dayIn(ZONE, posts.stale.scheduledFor!);
    await openCalendar(`?view=month&date=${day}`);
    const stale = cell(day).getByRole('link', { name: /Sorteio de sábado/ });
    await stale.waitFor();
    // Cancelled elsewhere while this page still shows it scheduled.
    await api.posts.cancel(posts.stale.id);
    await drag(page, stale, cell(neighbourInRow(day)));
    const alert = page.getByRole('alert');
    await alert.getByText(/não foi reagendado/).waitFor();
    expect(await alert.textContent()).toContain('não dá mais para mudá-lo');
    expect(
      await cell(day)
        .getByRole('link', { name: /Sorteio de sábado/ })
        .count(),
    ).toBe(1);
    const { post } = await api.posts.get(posts.stale.id);
    expect(post.scheduledFor).toBe(posts.stale.scheduledFor);
  });

  it('opens a post from the calendar, reschedules it in another zone and cancels it after confirming', async () => {
    await openCalendar(`?view=month&date=${dayIn(ZONE, posts.dragged.scheduledFor!)}`);
    await event(/Promoção de quinta/).click();
    await page.getByRole('heading', { level: 1, name: 'Detalhes do post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/posts/${posts.dragged.id}`);
    await page.getByText('Promoção de quinta').first().waitFor();
    expect(await page.locator('.post-facts').textContent()).toContain(
      'America/Sao_Paulo (UTC−03:00)',
    );
    expect(await seriousViolations(page), 'a scheduled post').toEqual([]);

    // A time outside the window is refused beside the fields.
    await page.getByLabel('Data', { exact: true }).fill('2020-01-01');
    await page.getByRole('button', { name: 'Reagendar', exact: true }).click();
    await page
      .getByText('O horário deve ficar entre 1 minuto e 75 dias a partir de agora.')
      .waitFor();
    expect(await page.getByLabel('Data', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    const day = dayIn('Europe/Lisbon', Date.now() + 6 * DAY_MS);
    await page.getByLabel('Data', { exact: true }).fill(day);
    await page.getByLabel('Horário', { exact: true }).fill('18:30');
    await page.getByLabel('Fuso horário').selectOption('Europe/Lisbon');
    await page.getByRole('button', { name: 'Reagendar', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/^Post reagendado para/)
      .waitFor();
    const { post } = await api.posts.get(posts.dragged.id);
    expect(Date.parse(post.scheduledFor!)).toBe(wallClockInstant('Europe/Lisbon', day, '18:30'));
    expect(post.timezone).toBe('Europe/Lisbon');
    // Shown in the person's zone, and in the post's own.
    expect(await page.locator('.post-facts').textContent()).toMatch(/No fuso do post: .*Lisbon/);

    const cancel = page.getByRole('button', { name: 'Cancelar o post' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar este post?' });
    await dialog.waitFor();
    expect(await seriousViolations(page), 'with the dialog open').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await api.posts.get(posts.dragged.id)).post.status).toBe('scheduled');
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancelar o post' }).click();
    await page.getByRole('status').getByText('Post cancelado.').waitFor();
    expect((await api.posts.get(posts.dragged.id)).post.status).toBe('cancelled');
    expect(await page.locator('.post-facts').textContent()).toContain('Cancelado');
    expect(await page.getByRole('button', { name: 'Cancelar o post' }).count()).toBe(0);
  });

  it(
    'shows the post published once the server publishes it, without a reload',
    { timeout: 180_000 },
    async () => {
      await openCalendar();
      const soon = event(/Bom dia! Café quentinho/);
      await soon.waitFor();
      expect(await soon.textContent()).toContain('Agendado');
      await expect
        .poll(async () => (await api.posts.get(posts.soon.id)).post.status, {
          timeout: 150_000,
          interval: 2_000,
        })
        .toBe('published');
      expect(
        app.emulator
          .published()
          .some((media) => media.username === 'cafe.aurora' && media.caption?.includes('Bom dia!')),
      ).toBe(true);
      // The page reads the posts again by itself while one of them is due.
      await expect
        .poll(() => soon.textContent(), { timeout: 30_000, interval: 500 })
        .toContain('✓ Publicado');
      expect(await soon.getAttribute('class')).toContain('status-published');
      await expect
        .poll(() => event(/Pão de queijo/).textContent(), { timeout: 30_000, interval: 500 })
        .toContain('Publicado em parte');
    },
  );

  it(
    'explains the failed account on the post page and publishes it when retried from there',
    { timeout: 120_000 },
    async () => {
      await event(/Pão de queijo/).click();
      await page.getByRole('heading', { level: 1, name: 'Detalhes do post' }).waitFor();
      const failed = page.getByRole('article', { name: '@padaria.sol' });
      await failed.waitFor();
      expect(await failed.textContent()).toContain('✕ Falhou');
      expect(await failed.locator('code').textContent()).toBe('RATE_LIMIT_ACCOUNT');
      expect(await failed.textContent()).toContain(
        'Corrigir e tentar de novo: a conta chegou ao limite de publicações do Instagram em 24 horas',
      );
      const published = page.getByRole('article', { name: '@cafe.aurora' });
      expect(await published.textContent()).toContain('✓ Publicado');
      const { post } = await api.posts.get(posts.failing.id);
      const permalink = post.platforms.find(
        (target) => target.integrationId === cafe,
      )!.platformPostUrl!;
      expect(
        await published
          .getByRole('link', { name: 'Ver o post de @cafe.aurora no Instagram' })
          .getAttribute('href'),
      ).toBe(permalink);
      expect(await seriousViolations(page), 'a partly published post').toEqual([]);

      await page.getByRole('button', { name: 'Tentar de novo nas contas com falha' }).click();
      await page.getByRole('status').getByText('Nova tentativa iniciada').waitFor();
      await expect
        .poll(() => failed.textContent(), { timeout: 60_000, interval: 500 })
        .toContain('✓ Publicado');
      expect(await failed.locator('code').count()).toBe(0);
      expect(await page.locator('.post-facts').textContent()).toContain('✓ Publicado');
      const after = (await api.posts.get(posts.failing.id)).post;
      expect(after.status).toBe('published');
      expect(
        app.emulator
          .published()
          .filter((media) => media.caption?.includes('Pão de queijo'))
          .map((media) => media.username)
          .sort(),
      ).toEqual(['cafe.aurora', 'padaria.sol']);
      expect(await page.getByRole('button', { name: /Tentar de novo/ }).count()).toBe(0);
      expect(opened.problems).toEqual([]);
    },
  );
});

describe('what the post page advises for an error code', () => {
  it('follows the retry class of each code, with reconnecting for the account codes', () => {
    expect(guidanceFor('INTERNAL_ERROR')).toBe('retry');
    expect(guidanceFor('RATE_LIMIT_APP')).toBe('retry');
    expect(guidanceFor('MEDIA_INVALID')).toBe('fix');
    expect(guidanceFor('RATE_LIMIT_ACCOUNT')).toBe('fix');
    expect(guidanceFor('TOKEN_INVALID')).toBe('reconnect');
    expect(guidanceFor('PERMISSION_REQUIRED')).toBe('reconnect');
    expect(guidanceFor('ACCOUNT_RESTRICTED')).toBe('act');
    expect(guidanceFor('PUBLISH_UNCONFIRMED')).toBe('act');
    expect(guidanceFor('CANCELLED')).toBe('none');
    // A code newer than the app: trying again is what can be done from the page.
    expect(guidanceFor('SOMETHING_NEW')).toBe('retry');
  });
});
