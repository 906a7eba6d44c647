/**
 * The API keys, webhooks and settings pages in real Chromium against a real server, the
 * Instagram emulator and a real webhook receiver: a key shown once and copied, then
 * revoked and refused by the API; a subscription whose secret verifies the test it sends,
 * a real delivery with its attempt, pause, rotation and deletion; the organization
 * renamed; signing out that ends the session on the server; and the account deleted
 * after typing the e-mail. No serious accessibility violation on any of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isReelayError, Reelay, verifyWebhook } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSolidPng } from '@reelay/test-support/solid-png';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import { appDatabases, startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { connectThroughConsentPage, signUp, inAppMenu } from '@reelay/test-support/flows';

const PASSWORD = 'senha-bem-longa';

/** What the API answers a call, as the code of its refusal or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (isReelayError(error)) return error.code;
    throw error;
  }
}

describe.each(appDatabases())(
  'the webhooks, API keys and settings pages on %s',
  { timeout: 90_000 },
  (database) => {
    let app: AppServer;
    let browser: Browser;
    let receiver: Receiver;
    let opened: OpenedPage;
    let page: Page;
    let email: string;
    let scratch: string;

    beforeAll(async () => {
      [app, browser, receiver] = await Promise.all([
        startAppServer({ database, env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } }),
        launchBrowser(),
        startReceiver(),
      ]);
      scratch = mkdtempSync(join(tmpdir(), 'reelay-admin-pages-'));
      opened = await openPage(browser);
      page = opened.page;
      await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: app.url,
      });
      email = await signUp(page, app);
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
      await receiver?.close();
      await app?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    /** A client signed in as the test's person, on their first project. */
    async function personApi(): Promise<Reelay> {
      const api = new Reelay({ baseUrl: app.url });
      const session = await api.auth.login({ email, password: PASSWORD });
      api.setAccessToken(session.accessToken);
      const { projects } = await api.me.get();
      api.setProjectId(projects[0]!.id);
      return api;
    }

    async function open(link: string, heading: string) {
      await inAppMenu(page, () =>
        page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click(),
      );
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }

    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    describe('API keys', () => {
      let key = '';

      it('lists no key at first, with no serious accessibility violation', async () => {
        await open('Chaves de API', 'Chaves de API');
        await page.getByText('Nenhuma chave criada ainda.').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      });

      it('shows a new key once, copies it, and lists it by its prefix', async () => {
        await page.getByLabel(/^Nome/).fill('integração-ci');
        await page.getByRole('button', { name: 'Criar chave' }).click();
        const reveal = page.getByRole('region', { name: 'Chave “integração-ci” criada' });
        await reveal.waitFor();
        expect(await reveal.textContent()).toContain(
          'Copie agora: este valor não será mostrado de novo.',
        );
        key = await reveal.getByLabel('Chave de API').inputValue();
        expect(key).toMatch(/^rly_live_/);

        await reveal.getByRole('button', { name: 'Copiar' }).click();
        await reveal.getByText('Copiado para a área de transferência.').waitFor();
        expect(await clipboard()).toBe(key);
        expect(await seriousViolations(page), 'with the key shown').toEqual([]);

        const row = page.getByRole('row', { name: /integração-ci/ });
        const prefix = (await row.locator('code').textContent())!.replace('…', '');
        expect(key.startsWith(prefix)).toBe(true);
        expect(await row.textContent()).toContain('nunca usada');

        // The key works, then the page never shows it again.
        const client = new Reelay({ baseUrl: app.url, apiKey: key, retry: { maxRetries: 0 } });
        expect(await outcome(client.profiles.list())).toBe('ok');
        await reveal.getByRole('button', { name: 'Já guardei' }).click();
        await reveal.waitFor({ state: 'detached' });
        await page.reload();
        await page.getByRole('row', { name: /integração-ci/ }).waitFor();
        expect(await page.content()).not.toContain(key);
        expect(await page.getByRole('row', { name: /integração-ci/ }).textContent()).not.toContain(
          'nunca usada',
        );
      });

      it('revokes a key after confirming; the API then refuses it', async () => {
        await page.getByRole('button', { name: 'Revogar a chave integração-ci' }).click();
        const dialog = page.getByRole('dialog', { name: 'Revogar a chave “integração-ci”?' });
        await dialog.getByRole('button', { name: 'Revogar' }).click();
        await page.getByText('Chave “integração-ci” revogada.').waitFor();
        await page.getByRole('row', { name: /integração-ci.*Revogada em/ }).waitFor();

        const client = new Reelay({ baseUrl: app.url, apiKey: key, retry: { maxRetries: 0 } });
        expect(await outcome(client.profiles.list())).toBe('UNAUTHORIZED');
      });
    });

    describe('webhooks', () => {
      let secret = '';
      const url = () => `${receiver.url}/reelay`;
      const card = () => page.getByRole('article', { name: url() });

      it('starts empty, with no serious accessibility violation', async () => {
        await open('Webhooks', 'Webhooks');
        await page.getByText('Nenhuma assinatura ainda.').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      });

      it('asks for an event before sending, and shows the server refusing the URL beside it', async () => {
        const events = page.getByRole('group', { name: 'Eventos' });
        // The inbox's event is offered, in words.
        await events.getByLabel('Comentário recebido').waitFor();
        for (const box of await events.getByRole('checkbox').all()) await box.uncheck();
        await page.getByRole('button', { name: 'Criar assinatura' }).click();
        await events.getByText('Escolha ao menos um evento.').waitFor();
        for (const box of await events.getByRole('checkbox').all()) await box.check();

        const field = page.getByLabel('Endereço que recebe os avisos');
        await field.fill('ftp://arquivos.example.com/avisos');
        await page.getByRole('button', { name: 'Criar assinatura' }).click();
        await page.getByText(/^Este endereço não é aceito\./).waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        const note = await field.getAttribute('aria-describedby');
        expect(await page.locator(`#${note}`).textContent()).toContain(
          'Este endereço não é aceito.',
        );
      });

      it('creates a subscription and shows its secret once', async () => {
        await page.getByLabel('Endereço que recebe os avisos').fill(url());
        await page.getByRole('button', { name: 'Criar assinatura' }).click();
        const reveal = page.getByRole('region', { name: 'Assinatura criada: guarde o segredo' });
        await reveal.waitFor();
        expect(await reveal.textContent()).toContain('este valor não será mostrado de novo');
        secret = await reveal.getByRole('textbox').inputValue();
        expect(secret).toMatch(/^whsec_/);
        await reveal.getByRole('button', { name: 'Copiar' }).click();
        expect(await clipboard()).toBe(secret);
        await card().waitFor();
        expect(await card().textContent()).toMatch(/Ativa.*Post agendado, Post publicado/);
        await reveal.getByRole('button', { name: 'Já guardei' }).click();
      });

      it('sends a test the receiver can verify with the secret, and shows its answer', async () => {
        receiver.answers.push({ status: 200, body: 'recebido pelo teste' });
        await card()
          .getByRole('button', { name: `Enviar teste para ${url()}` })
          .click();
        await card().getByText('Teste entregue.').waitFor();
        const shown = await card().getByRole('status').textContent();
        expect(shown).toMatch(/Resposta: 200, em \d+ ms\./);
        expect(shown).toContain('recebido pelo teste');

        await receiver.waitFor(1);
        const test = receiver.received[0]!;
        expect(test.headers['x-service-test']).toBe('true');
        const event = await verifyWebhook(test.raw, test.headers, secret);
        expect(event.type).toBe('post.published');
      });

      it('lists a real delivery with its attempt', async () => {
        // A scheduled post makes a post.scheduled event for the subscription.
        app.emulator.createAccount({ username: 'padaria.sol', accountType: 'BUSINESS' });
        await open('Contas', 'Contas conectadas');
        await connectThroughConsentPage(
          page,
          page.getByRole('region', { name: 'Sem perfil' }).getByRole('button', {
            name: 'Conectar conta do Instagram',
          }),
          'padaria.sol',
        );
        const api = await personApi();
        const [account] = await api.accounts.list().toArray({ max: 1 });
        const photo = join(scratch, 'foto.png');
        await writeSolidPng(photo, 1080, 1080);
        const { media } = await api.media.upload(photo);
        await api.posts.create({
          content: 'Pão quentinho às 7h',
          mediaItems: [{ mediaId: media.id }],
          platforms: [{ platform: 'instagram', accountId: account!.id }],
          scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
        });
        await app.reelay.tasks.runDueJobs();
        await receiver.waitFor(2);

        await open('Webhooks', 'Webhooks');
        await card()
          .getByRole('button', { name: `Entregas de ${url()}` })
          .click();
        const delivery = card().getByRole('article', { name: /^Post agendado · / });
        await delivery.waitFor();
        expect(await delivery.textContent()).toContain('Entregue');
        const cells = await delivery.getByRole('row').nth(1).getByRole('cell').allTextContents();
        expect(cells).toEqual([
          '1',
          expect.any(String),
          '200',
          expect.stringMatching(/^\d+ ms$/),
          'ok',
        ]);
        expect(await seriousViolations(page), 'with the deliveries open').toEqual([]);
      });

      it('pauses and resumes the subscription', async () => {
        await card()
          .getByRole('button', { name: `Pausar ${url()}` })
          .click();
        await card().getByText('Pausada', { exact: true }).waitFor();
        const api = await personApi();
        const [stored] = await api.notifications.list().toArray({ max: 1 });
        expect(stored!.paused).toBe(true);
        await card()
          .getByRole('button', { name: `Retomar ${url()}` })
          .click();
        await card().getByText('Ativa', { exact: true }).waitFor();
      });

      it('rotates the secret after confirming and shows the new one once', async () => {
        await card()
          .getByRole('button', { name: `Trocar segredo de ${url()}` })
          .click();
        await page
          .getByRole('dialog', { name: `Trocar o segredo de ${url()}?` })
          .getByRole('button', { name: 'Trocar segredo' })
          .click();
        const reveal = page.getByRole('region', { name: 'Segredo trocado: guarde o novo' });
        const rotated = await reveal.getByRole('textbox').inputValue();
        expect(rotated).toMatch(/^whsec_/);
        expect(rotated).not.toBe(secret);
        expect(await card().textContent()).toContain('ainda assina até');
        await reveal.getByRole('button', { name: 'Já guardei' }).click();
      });

      it('deletes the subscription after confirming', async () => {
        await card()
          .getByRole('button', { name: `Excluir a assinatura de ${url()}` })
          .click();
        await page
          .getByRole('dialog', { name: `Excluir a assinatura de ${url()}?` })
          .getByRole('button', { name: 'Excluir' })
          .click();
        await page.getByText('Nenhuma assinatura ainda.').waitFor();
        const api = await personApi();
        expect(await api.notifications.list().toArray({ max: 10 })).toEqual([]);
      });
    });

    describe('settings', () => {
      it('shows the e-mail, with no serious accessibility violation', async () => {
        await open('Configurações', 'Configurações');
        await page.getByRole('main').getByText(email).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      });

      it('refuses an empty organization name beside the field, then renames it', async () => {
        const field = page.getByLabel('Nome da organização');
        await field.fill('');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('O nome da organização deve ter de 1 a 80 caracteres.').waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');

        await field.fill('Padaria Sol Ltda');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Organização renomeada para “Padaria Sol Ltda”.').waitFor();
        const { organization } = await (await personApi()).me.get();
        expect(organization.name).toBe('Padaria Sol Ltda');
      });
    });

    describe('signing out and deleting the account', () => {
      const storedRefreshToken = () =>
        page.evaluate(() => localStorage.getItem('reelay.refreshToken'));

      it('signs out for real: the server refuses the refresh token afterwards', async () => {
        const refreshToken = await storedRefreshToken();
        expect(refreshToken).toMatch(/^rrt_/);
        const loggedOut = page.waitForResponse((answer) =>
          answer.url().endsWith('/v1/auth/logout'),
        );
        await inAppMenu(page, () => page.getByRole('button', { name: 'Sair' }).click());
        await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
        expect((await loggedOut).status()).toBe(204);
        expect(await storedRefreshToken()).toBeNull();

        const api = new Reelay({ baseUrl: app.url, retry: { maxRetries: 0 } });
        expect(await outcome(api.auth.refresh({ refreshToken: refreshToken! }))).toBe(
          'UNAUTHORIZED',
        );
      });

      it('deletes the account only once the e-mail is typed, then signs out', async () => {
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel('Senha').fill(PASSWORD);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await open('Configurações', 'Configurações');
        const refreshToken = await storedRefreshToken();

        await page.getByRole('button', { name: 'Excluir a conta…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Excluir a conta e tudo o que ela tem?' });
        await dialog.waitFor();
        const confirm = dialog.getByRole('button', { name: 'Excluir a conta' });
        expect(await confirm.isDisabled()).toBe(true);
        const typed = dialog.getByLabel(/Para confirmar, digite o seu e-mail/);
        await typed.fill('outra@example.com');
        expect(await confirm.isDisabled()).toBe(true);
        expect(await seriousViolations(page), 'with the dialog open').toEqual([]);
        await typed.fill(email.toUpperCase());
        expect(await confirm.isDisabled()).toBe(false);

        await confirm.click();
        await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
        const api = new Reelay({ baseUrl: app.url, retry: { maxRetries: 0 } });
        expect(await outcome(api.auth.login({ email, password: PASSWORD }))).toBe('UNAUTHORIZED');
        expect(await outcome(api.auth.refresh({ refreshToken: refreshToken! }))).toBe(
          'UNAUTHORIZED',
        );
        expect(opened.problems).toEqual([]);
      });
    });
  },
);
