/**
 * Posting schedules and the queue in real Chromium (set to São Paulo time) against a real
 * server and the Instagram emulator: an account's weekly slots set in the accounts page's
 * editor, a profile's schedule followed by its account, a post added to the queue landing
 * on each account's next free slot (shown before sending, in the person's zone), the free
 * slots marked on the calendar's week view opening the composer at that time, and the
 * server's NO_FREE_SLOT shown beside the account it names. No serious accessibility
 * violation, no console error; nothing waits for a publication time.
 */
import type { FreeSlot, Reelay } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { apiAs, descriptionOf, focusedId, imageFile } from './helpers/compose';
import { signUp } from '@reelay/test-support/flows';

const ZONE = 'America/Sao_Paulo';

/** The São Paulo day (`YYYY-MM-DD`) of an instant. */
function dayIn(zone: string, at: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
    new Date(at),
  );
}

describe.each(appDatabases())(
  'posting schedules and the queue on %s',
  { timeout: 60_000 },
  (database) => {
    let app: AppServer;
    let browser: Browser;
    let opened: OpenedPage;
    let page: Page;
    let api: Reelay;
    const ids = {} as Record<'cafe' | 'padaria' | 'bare' | 'profile', string>;
    /** The post added to the queue, and the slot it took on @cafe.aurora. */
    let queued: { id: string; at: string };

    const card = (username: string) => page.getByRole('article', { name: `@${username}` });
    const openEditor = async (scope: Locator, name: string) => {
      // Closed, an editor has read nothing and says it is loading nothing.
      expect(await scope.locator('.slots-editor:not([open]) [aria-busy="true"]').count()).toBe(0);
      await scope.locator('summary', { hasText: `Agenda de publicação de ${name}` }).click();
      const form = scope.getByRole('form', { name: `Agenda de publicação de ${name}` });
      await form.locator('.slots-source').waitFor();
      return form;
    };
    const addTime = async (form: Locator, time: string) => {
      await form.getByLabel('Novo horário').fill(time);
      await form.getByRole('button', { name: 'Adicionar horário' }).click();
      await form.getByRole('row', { name: new RegExp(`^${time}`) }).waitFor();
    };
    const openComposer = async (query = '') => {
      await page.goto(`${app.url}/app/compose${query}`);
      await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
      await page.getByRole('group', { name: 'Contas' }).getByLabel('@cafe.aurora').waitFor();
    };
    const nextFree = async (accountId: string, count = 1): Promise<FreeSlot[]> =>
      (await api.accounts.freeSlots(accountId, { count })).slots;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startAppServer({ database }), launchBrowser()]);
      opened = await openPage(browser);
      page = opened.page;
      await page.setViewportSize({ width: 1280, height: 900 });
      const cdp = await opened.context.newCDPSession(page);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
      const email = await signUp(page, app);
      api = await apiAs(app.url, email);
      ids.profile = (await api.profiles.create({ name: 'Padaria' })).profile.id;
      ids.cafe = (await connectAccount(app, api, 'cafe.aurora')).integrationId;
      ids.padaria = (await connectAccount(app, api, 'padaria.sol', ids.profile)).integrationId;
      ids.bare = (await connectAccount(app, api, 'sem.agenda')).integrationId;
      await page.reload();
      await card('sem.agenda').waitFor();
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it("sets an account's weekly slots in the editor, in the person's time zone", async () => {
      const form = await openEditor(card('cafe.aurora'), '@cafe.aurora');
      await form
        .getByText('Sem agenda: posts desta conta ainda não podem ir para a fila.')
        .waitFor();
      expect(await form.getByLabel('Fuso horário da agenda').inputValue()).toBe(ZONE);
      await addTime(form, '09:00');
      // A new time starts on every day; the weekend is taken out.
      expect(await form.getByLabel('segunda-feira às 09:00').isChecked()).toBe(true);
      await form.getByLabel('sábado às 09:00').uncheck();
      await form.getByLabel('domingo às 09:00').uncheck();
      await addTime(form, '18:30');
      for (const day of ['segunda', 'terça', 'quarta', 'quinta']) {
        await form.getByLabel(`${day}-feira às 18:30`).uncheck();
      }
      await form.getByLabel('sábado às 18:30').uncheck();
      await form.getByLabel('domingo às 18:30').uncheck();
      await form.getByText('6 horários por semana.').waitFor();
      expect(await seriousViolations(page), 'with the editor open').toEqual([]);
      await form.getByRole('button', { name: 'Salvar agenda' }).click();
      await form.getByText('Agenda de @cafe.aurora salva: 6 horários por semana.').waitFor();
      await form.getByText('Esta conta tem agenda própria').waitFor();

      const { schedule } = await api.accounts.slots(ids.cafe);
      expect(schedule).toMatchObject({ source: 'integration', timezone: ZONE });
      expect(schedule.slots).toEqual([
        { day: 'monday', time: '09:00' },
        { day: 'tuesday', time: '09:00' },
        { day: 'wednesday', time: '09:00' },
        { day: 'thursday', time: '09:00' },
        { day: 'friday', time: '09:00' },
        { day: 'friday', time: '18:30' },
      ]);
    });

    it('gives a profile a schedule its accounts follow, and says so on the account', async () => {
      const profile = page.getByRole('region', { name: 'Padaria' });
      const form = await openEditor(profile, 'Padaria');
      await form.getByText('O perfil ainda não tem agenda.').waitFor();
      await form.getByLabel('Fuso horário da agenda').selectOption('Europe/Lisbon');
      await addTime(form, '10:30');
      // Recycling evergreen posts: off at first; days outside the bounds are refused.
      const recycle = form.getByRole('switch', {
        name: 'Reaproveitar posts evergreen nos horários vazios',
      });
      expect(await recycle.isChecked()).toBe(false);
      await recycle.check();
      const days = form.getByLabel('Dias, no mínimo, entre duas saídas do mesmo post');
      expect(await days.inputValue()).toBe('30');
      await days.fill('0');
      await form.getByRole('button', { name: 'Salvar agenda' }).click();
      await form.getByText('Informe um número inteiro de dias entre 1 e 365.').waitFor();
      expect((await api.profiles.slots(ids.profile)).schedule.source).toBe('none');
      await days.fill('14');
      expect(await seriousViolations(page), 'with the evergreen switch on').toEqual([]);
      await form.getByRole('button', { name: 'Salvar agenda' }).click();
      await form.getByText('Agenda de Padaria salva: 7 horários por semana.').waitFor();
      expect((await api.profiles.slots(ids.profile)).schedule.evergreen).toEqual({
        enabled: true,
        minDaysBetween: 14,
      });

      const account = await openEditor(card('padaria.sol'), '@padaria.sol');
      await account.getByText('Esta conta segue a agenda do perfil “Padaria”.').waitFor();
      expect(await account.getByLabel('Fuso horário da agenda').inputValue()).toBe('Europe/Lisbon');
      expect(await account.getByLabel('quarta-feira às 10:30').isChecked()).toBe(true);
      expect((await api.accounts.slots(ids.padaria)).schedule.source).toBe('profile');
    });

    it('adds a post to the queue: each account shows the next free slot it takes, and takes it', async () => {
      const cafeNext = (await nextFree(ids.cafe))[0]!;
      const padariaNext = (await nextFree(ids.padaria))[0]!;
      await openComposer();
      await page
        .getByLabel('Escolher arquivos')
        .setInputFiles(await imageFile('pao.jpg', 1080, 1350));
      await page.getByText(/^Imagem · JPEG ·/).waitFor();
      await page.getByLabel('Legenda', { exact: true }).fill('Pão de queijo na fila');
      await page.getByLabel('@cafe.aurora').check();
      await page.getByLabel('@padaria.sol').check();
      await page.getByLabel('Adicionar à fila').check();

      const queue = page.getByRole('list', { name: 'Próximo horário livre de cada conta' });
      const cafeLine = queue.getByText(/^@cafe\.aurora: próximo horário livre em /);
      await cafeLine.waitFor();
      expect(await cafeLine.textContent()).toContain(cafeNext.local.slice(11));
      // The profile's schedule is in Lisbon: its own clock is added.
      const padariaLine = queue.getByText(/^@padaria\.sol: próximo horário livre em /);
      await padariaLine.waitFor();
      expect(await padariaLine.textContent()).toContain(
        `(na agenda: ${padariaNext.local.replace('T', ' ')}, fuso Europe/Lisbon)`,
      );
      await page.getByText(`Horários no fuso ${ZONE} (UTC−03:00).`).waitFor();
      expect(await seriousViolations(page), 'with the queue chosen').toEqual([]);

      await page.getByRole('button', { name: 'Adicionar à fila', exact: true }).click();
      await page.getByRole('heading', { name: 'Post adicionado à fila' }).waitFor();
      const { posts } = await api.posts.list({ limit: 10 });
      const post = posts.find((item) => item.content === 'Pão de queijo na fila')!;
      const at = Object.fromEntries(
        post.platforms.map((target) => [target.integrationId, target.scheduledFor]),
      );
      expect(at).toEqual({ [ids.cafe]: cafeNext.at, [ids.padaria]: padariaNext.at });
      expect(post.status).toBe('scheduled');
      queued = { id: post.id, at: cafeNext.at };
      await page.getByText(/^@cafe\.aurora: .+/).waitFor();
      // The slot is taken: the next free one comes after it.
      expect(Date.parse((await nextFree(ids.cafe))[0]!.at)).toBeGreaterThan(
        Date.parse(cafeNext.at),
      );
    });

    it('marks free slots on the week view, apart from posts, and opens the composer at one', async () => {
      // The slot the queued post took shows the post, not a free slot.
      const slotsRead = page.waitForResponse((answer) => answer.url().includes('/slots/next'));
      await page.goto(
        `${app.url}/app/calendar?view=week&date=${dayIn(ZONE, queued.at)}&account=${ids.cafe}`,
      );
      const post = page.locator(`a.post-event[href="/app/posts/${queued.id}"]`);
      await post.waitFor();
      expect(await post.innerText()).toContain('Agendado');
      await slotsRead;
      expect(
        await page.locator(`a.free-slot-event[href*="${encodeURIComponent(queued.at)}"]`).count(),
      ).toBe(0);

      const [, second] = await nextFree(ids.cafe, 2);
      const day = dayIn(ZONE, second!.at);
      await page.goto(`${app.url}/app/calendar?view=week&date=${day}&account=${ids.cafe}`);
      await page.getByRole('heading', { level: 1, name: 'Calendário' }).waitFor();
      // The note waits in the page's help, behind the heading's button.
      await page
        .getByText(/^Na visão de semana, os horários livres/)
        .waitFor({ state: 'attached' });
      const slot = page.locator(`a.free-slot-event[href*="${encodeURIComponent(second!.at)}"]`);
      await slot.waitFor();
      expect(await slot.innerText()).toMatch(/Horário livre\s*@cafe\.aurora/);
      // Only the filtered account's slots.
      expect(await page.getByRole('link', { name: /Horário livre @padaria\.sol/ }).count()).toBe(0);
      expect(await seriousViolations(page), 'with free slots shown').toEqual([]);

      // Unfiltered, every account's slots are marked (three accounts: a bounded number).
      await page
        .getByRole('combobox', { name: 'Conta' })
        .selectOption({ label: 'Todas as contas' });
      await page
        .getByRole('link', { name: /Horário livre @padaria\.sol/ })
        .first()
        .waitFor();

      await page.locator(`a.free-slot-event[href*="${encodeURIComponent(second!.at)}"]`).click();
      await page.waitForURL(/\/app\/compose\?/);
      await page.getByRole('heading', { level: 1, name: 'Criar post' }).waitFor();
      expect(await page.getByLabel('Agendar', { exact: true }).isChecked()).toBe(true);
      const local = second!.local; // the schedule is in the person's zone
      expect(await page.locator('#compose-date').inputValue()).toBe(local.slice(0, 10));
      expect(await page.locator('#compose-time').inputValue()).toBe(local.slice(11));
      expect(await page.locator('#compose-zone').inputValue()).toBe(ZONE);
      await expect.poll(() => page.getByLabel('@cafe.aurora').isChecked()).toBe(true);
      expect(await page.getByLabel('@padaria.sol').isChecked()).toBe(false);
    });

    it('keeps “Add to queue” unavailable while an account has no schedule, and shows the server’s NO_FREE_SLOT beside it', async () => {
      const before = (await api.posts.list()).total;
      await openComposer();
      await page
        .getByLabel('Escolher arquivos')
        .setInputFiles(await imageFile('bolo.jpg', 1080, 1350));
      await page.getByText(/^Imagem · JPEG ·/).waitFor();
      await page.getByLabel('@cafe.aurora').check();
      await page.getByLabel('@sem.agenda').check();
      await page.getByLabel('Adicionar à fila').check();
      const queue = page.getByRole('list', { name: 'Próximo horário livre de cada conta' });
      const bare = queue.getByRole('listitem').filter({ hasText: '@sem.agenda' });
      await bare.getByText('@sem.agenda não tem agenda de publicação, nem pelo perfil.').waitFor();
      expect(
        await bare
          .getByRole('link', { name: 'Definir os horários na página de contas' })
          .getAttribute('href'),
      ).toBe('/app/accounts');

      // Nothing is sent that the queue would refuse: the button waits, and says why.
      const send = page.getByRole('button', { name: 'Adicionar à fila', exact: true });
      const reason =
        'Para pôr na fila, cada conta precisa de um horário livre. @sem.agenda não tem agenda de publicação.';
      await page.getByText(reason).waitFor();
      expect(await send.isDisabled()).toBe(true);
      expect(await send.getAttribute('aria-disabled')).toBe('true');
      expect(await descriptionOf(send)).toBe(reason);
      expect(await seriousViolations(page), 'with the queue unavailable').toEqual([]);
      // Unchosen, the account no longer holds the queue back.
      await page.getByLabel('@cafe.aurora').uncheck();
      await page.getByLabel('@sem.agenda').uncheck();
      expect(await send.isDisabled()).toBe(false);
      await page.getByLabel('@sem.agenda').check();
      await page.getByText(reason).waitFor();

      // Given a schedule, the account can take the queue (read afresh when it is chosen again)…
      await api.accounts.replaceSlots(ids.bare, {
        timezone: ZONE,
        slots: [{ day: 'monday', time: '08:00' }],
      });
      await page.getByLabel('Agendar', { exact: true }).check();
      await page.getByLabel('Adicionar à fila').check();
      await page.getByLabel('@cafe.aurora').check();
      await queue.getByText(/^@sem\.agenda: próximo horário livre em /).waitFor();
      expect(await send.isDisabled()).toBe(false);
      expect(await page.getByText(reason).count()).toBe(0);
      // …and losing it before the post is sent, the server's refusal shows beside it.
      await api.accounts.replaceSlots(ids.bare, { timezone: ZONE, slots: [] });
      await send.click();
      const message =
        'O servidor recusou a fila: @sem.agenda não tem agenda de publicação. Defina os horários dela na página de contas, ou agende num horário escolhido.';
      await bare.getByText(message).waitFor();
      await expect.poll(() => focusedId(page)).toBe(`compose-queue-${ids.bare}`);
      expect(await bare.getAttribute('aria-describedby')).toBeTruthy();
      expect(
        await queue.getByRole('listitem').filter({ hasText: '@cafe.aurora' }).textContent(),
      ).not.toContain('O servidor recusou');
      expect((await api.posts.list()).total).toBe(before);
      expect(await seriousViolations(page), 'with the refusal shown').toEqual([]);
      expect(opened.problems).toEqual([]);
    });
  },
);
