/**
 * The app follows the system's dark mode: every page, with a published post, a scheduled
 * one, a draft and a connected account to show, is checked by axe-core in Chromium with the dark
 * colour scheme, so a colour that reads in the light may not vanish in the dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClientFor,
  connectAccount,
  signUpThroughApi,
  signedInLink,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('every page in dark mode', { timeout: 60_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let email: string;
  let postId: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ workers: true }), launchBrowser()]);
    email = await signUpThroughApi(app);
    const api = await apiClientFor(app, email);
    const { integrationId } = await connectAccount(app, api, 'cafe.noturno');
    const platforms = [{ platform: 'instagram' as const, accountId: integrationId }];
    const { post } = await api.posts.create({
      content: 'Café da noite #cafe',
      mediaItems: [{ mediaId: await uploadPhoto(api) }],
      platforms,
    });
    postId = post.id;
    await api.posts.create({
      content: 'Amanhã tem bolo',
      mediaItems: [{ mediaId: await uploadPhoto(api) }],
      platforms,
      scheduledFor: new Date(Date.now() + DAY_MS).toISOString(),
    });
    // A draft without a time, listed beside the calendar.
    await api.posts.create({ draft: true, content: 'Ideia para sábado' });
    const deadline = Date.now() + 60_000;
    while ((await api.posts.get(postId)).post.status !== 'published') {
      if (Date.now() > deadline) throw new Error('the post was not published in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    opened = await openPage(browser);
    page = opened.page;
    await page.emulateMedia({ colorScheme: 'dark' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the sign-in page dark, with no serious accessibility violation', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { level: 1, name: 'Entrar no Reelay' }).waitFor();
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the invitation page dark while signed out, with no serious accessibility violation', async () => {
    await page.goto(`${app.url}/app/invite/rly_inv_convite-de-exemplo`);
    await page.getByRole('heading', { level: 1, name: 'Convite para um projeto' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([
    ['/app/calendar', 'Calendário'],
    ['/app/planner', 'Planejar a grade'],
    ['/app/compose', 'Criar post'],
    ['/app/approvals', 'Aguardando aprovação'],
    ['/app/media', 'Biblioteca de mídia'],
    ['/app/accounts', 'Contas conectadas'],
    ['/app/webhooks', 'Webhooks'],
    ['/app/members', 'Membros'],
    ['/app/api-keys', 'Chaves de API'],
    ['/app/settings', 'Configurações'],
    ['/app/endereco-que-nao-existe', 'Página não encontrada'],
  ])('shows %s dark, with no serious accessibility violation', async (path, heading) => {
    await page.goto(await signedInLink(app, email, path));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a published post with its insights dark, with no serious accessibility violation', async () => {
    await page.goto(await signedInLink(app, email, `/app/posts/${postId}`));
    await page.getByRole('heading', { level: 1, name: 'Detalhes do post' }).waitFor();
    await page.getByRole('article', { name: '@cafe.noturno' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});
