/**
 * Review links in real Chromium against a real server and the Instagram emulator. The
 * project requires approval, so a post an editor key creates awaits it. The owner makes a
 * review link on the post page (its address shown once) and a second one they revoke;
 * someone without an account opens the first in a fresh browser, sees the project, the
 * account, the carousel and the caption with its line breaks, the time in the post's
 * zone and their own, must write a comment to request changes, approves with a comment
 * and is told the post is scheduled, as the API then says; the revoked link shows a page
 * saying so. A post whose time passed while it waited is approved and published at once
 * (in Portuguese), an expired link and an unknown one say what they are. No serious
 * accessibility violation on the post page's section nor on the review page in any state.
 */
import type { Reelay } from '@reelay/sdk';
import type { ManualClock } from '@reelay/server';
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
import { launchBrowser, openPage } from '@reelay/test-support/browser';
import { seriousViolations } from './helpers/axe';

const HOUR_MS = 60 * 60_000;
const CAPTION = 'Pão de queijo quentinho\nSai do forno às 7h!';

/** The wall clock plus an offset the test moves: the server's time in this file. */
let offsetMs = 0;
const clock: ManualClock = {
  now: () => Date.now() + offsetMs,
  advance: (ms: number) => {
    offsetMs += ms;
  },
  set: () => {
    throw new Error('this clock follows the wall clock');
  },
};

/** A browser of someone without an account: fresh storage, its own language and zone. */
async function clientPage(
  browser: Browser,
  locale: 'en-US' | 'pt-BR',
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    locale,
    timezoneId: 'Europe/Lisbon',
    extraHTTPHeaders: { 'accept-language': locale },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const refused = /^Failed to load resource: the server responded with a status of 4\d\d/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !refused.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

describe('review links', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let email: string;
  let ownerKey: Reelay;
  let editorKey: string;
  let projectName: string;
  let integrationId: string;

  const http = async (method: string, path: string, body: unknown, headers: object) => {
    const answer = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await answer.json()) as Record<string, any>;
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };

  /** A post the editor key proposes: it awaits approval. */
  const proposal = async (content: string, mediaIds: string[], inMs: number) => {
    const { post } = await http(
      'POST',
      '/v1/posts',
      {
        content,
        mediaItems: mediaIds.map((mediaId) => ({ mediaId })),
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        scheduledFor: new Date(clock.now() + inMs).toISOString(),
        timezone: 'America/Sao_Paulo',
      },
      { 'x-access-key': editorKey },
    );
    expect(post.status).toBe('awaiting_approval');
    return post.id as string;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer({ clock }), launchBrowser()]);
    email = await signUpThroughApi(app);
    ownerKey = await apiClientFor(app, email);
    ({ integrationId } = await connectAccount(app, ownerKey, 'padaria.ana'));

    const { accessToken } = await http(
      'POST',
      '/v1/auth/login',
      { email, password: 'senha-bem-longa' },
      {},
    );
    const bearer = { authorization: `Bearer ${accessToken}` };
    const me = await fetch(`${app.url}/v1/me`, { headers: bearer }).then(
      (answer) => answer.json() as Promise<Record<string, any>>,
    );
    const project = me.projects[0] as { id: string; name: string };
    projectName = project.name;
    await http('PATCH', `/v1/projects/${project.id}/settings`, { approvalRequired: true }, bearer);
    const { apiKey } = await http(
      'POST',
      `/v1/projects/${project.id}/api-keys`,
      { name: 'agente', role: 'editor' },
      bearer,
    );
    editorKey = apiKey.key;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('is made on the post page, opened without an account and approves the post', async () => {
    const postId = await proposal(
      CAPTION,
      [await uploadPhoto(ownerKey), await uploadPhoto(ownerKey)],
      30 * HOUR_MS,
    );

    // The owner makes two links on the post page and revokes the second.
    const owner = await openPage(browser, { locale: 'en-US' });
    await owner.page.goto(await signedInLink(app, email, `/app/posts/${postId}`));
    const section = owner.page.getByRole('region', { name: 'Review links' });
    await section.getByText('No live links.').waitFor();
    await section.getByLabel('Valid for').selectOption({ label: '48 hours' });
    await section.getByLabel('For whom (optional)').fill('Ana, from the bakery');
    await section.getByRole('button', { name: 'Create link' }).click();
    await section.getByRole('heading', { name: 'Review link for Ana, from the bakery' }).waitFor();
    const url = await section.getByRole('textbox', { name: 'Link address' }).inputValue();
    expect(url).toMatch(new RegExp(`^${app.url}/review/rly_rvw_`));
    await section.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await seriousViolations(owner.page), 'the review links section').toEqual([]);
    await section.getByRole('button', { name: 'I have saved it' }).click();

    await section.getByLabel('Valid for').selectOption({ label: 'Another number of hours' });
    await section.getByRole('spinbutton', { name: /^Hours/ }).fill('900');
    await section.getByRole('button', { name: 'Create link' }).click();
    await section.getByText('Enter a whole number of hours, from 1 to 720.').waitFor();
    await section.getByRole('spinbutton', { name: /^Hours/ }).fill('12');
    await section.getByLabel('For whom (optional)').fill('Bruno');
    await section.getByRole('button', { name: 'Create link' }).click();
    await section.getByRole('heading', { name: 'Review link for Bruno' }).waitFor();
    const revokedUrl = await section.getByRole('textbox', { name: 'Link address' }).inputValue();
    await section.getByRole('listitem').filter({ hasText: 'Bruno' }).waitFor();
    await section.getByRole('button', { name: 'Revoke the link “Bruno”' }).click();
    await section.getByText('Link “Bruno” revoked: the address no longer works.').waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Bruno' }).waitFor({ state: 'detached' });
    const live = await ownerKey.reviewLinks.list(postId);
    expect(live.reviewLinks.map((link) => link.label)).toEqual(['Ana, from the bakery']);
    expect(await seriousViolations(owner.page), 'after revoking').toEqual([]);
    expect(owner.problems).toEqual([]);

    // Someone without an account opens the link in a browser of their own.
    const client = await clientPage(browser, 'en-US');
    const page = client.page;
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Review the post' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByText(`${projectName} asks for your approval`).waitFor();
    await page.getByText('Link sent to Ana, from the bakery.').waitFor();
    await page.getByText('Waiting for your approval').waitFor();
    const preview = page.getByRole('region', { name: 'How it will look on Instagram' });
    expect(await preview.locator('.review-account').innerText()).toBe('padaria.ana');
    const caption = preview.locator('.review-caption');
    expect(await caption.innerText()).toBe(`padaria.ana ${CAPTION}`);
    await preview.getByRole('img', { name: 'Media 1 of 2 (image)' }).waitFor();
    expect(
      await preview
        .getByRole('img', { name: 'Media 1 of 2 (image)' })
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(1080);
    await preview.getByRole('button', { name: 'Next' }).click();
    await preview.getByText('2 of 2').waitFor();
    await preview.getByRole('button', { name: 'Previous' }).click();
    await preview.getByText('1 of 2').waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('@padaria.ana').waitFor();
    await details.getByText(/America\/Sao_Paulo \(UTC−03:00\)/).waitFor();
    await details.getByText(/Your time: .* in Europe\/Lisbon \(UTC/).waitFor();
    expect(await seriousViolations(page), 'the review page, undecided').toEqual([]);

    // Changes need a comment; approving does not.
    const decision = page.getByRole('region', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Request changes' }).click();
    await decision.getByText('Write what should change to request changes.').waitFor();
    const comment = decision.getByLabel('Comment for the team');
    expect(await comment.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await comment.getAttribute('aria-invalid')).toBe('true');
    expect((await ownerKey.posts.get(postId)).post.status).toBe('awaiting_approval');

    await comment.fill('Perfeito, pode publicar!');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Post approved. Thank you!' }).waitFor();
    await page.getByText(/It will be published on .* in America\/Sao_Paulo/).waitFor();
    await page.getByText('Approved and scheduled').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await ownerKey.posts.get(postId)).post.status).toBe('scheduled');
    const { notes } = await ownerKey.posts.notes(postId);
    expect(notes.map((note) => note.text)).toEqual(['Perfeito, pode publicar!']);
    expect(await seriousViolations(page), 'the review page, approved').toEqual([]);

    // The revoked link says so.
    await page.goto(revokedUrl);
    await page
      .getByRole('heading', { level: 1, name: 'This review link was turned off' })
      .waitFor();
    expect(await seriousViolations(page), 'a revoked link').toEqual([]);
    expect(client.problems).toEqual([]);
    await owner.context.close();
    await page.context().close();
  });

  it('publishes at once a post whose time passed, and tells expired and unknown links', async () => {
    const postId = await proposal('Broa de milho', [await uploadPhoto(ownerKey)], 2 * HOUR_MS);
    const { reviewLink } = await ownerKey.reviewLinks.create(postId, { expiresInHours: 48 });
    const { reviewLink: short } = await ownerKey.reviewLinks.create(postId, { expiresInHours: 1 });
    clock.advance(3 * HOUR_MS);

    const client = await clientPage(browser, 'pt-BR');
    const page = client.page;
    await page.goto(reviewLink.url);
    await page.getByRole('heading', { level: 1, name: 'Revisar o post' }).waitFor();
    await page.getByText('Aguardando sua aprovação').waitFor();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const passed = page.getByRole('alert').filter({ hasText: 'O horário do post já passou' });
    await passed.waitFor();
    expect(await seriousViolations(page), 'the time passed').toEqual([]);
    expect(await page.getByRole('button', { name: 'Aprovar', exact: true }).count()).toBe(0);
    expect((await ownerKey.posts.get(postId)).post.status).toBe('awaiting_approval');
    await passed.getByRole('button', { name: 'Aprovar e publicar agora' }).click();
    await page.getByRole('heading', { name: 'Post aprovado. Obrigado!' }).waitFor();
    await page.getByText('Ele está sendo publicado agora.').waitFor();
    expect((await ownerKey.posts.get(postId)).post.status).not.toBe('awaiting_approval');

    await page.goto(short.url);
    await page.getByRole('heading', { level: 1, name: 'Este link de revisão expirou' }).waitFor();
    expect(await seriousViolations(page), 'an expired link').toEqual([]);
    await page.goto(`${app.url}/review/rly_rvw_este-token-nao-existe`);
    await page.getByRole('heading', { level: 1, name: 'Link de revisão não encontrado' }).waitFor();
    expect(client.problems).toEqual([]);
    await page.context().close();
  });
});
