/**
 * The inbox in real Chromium against a real server whose workers publish to the Instagram
 * emulator, where other people comment (`emulator.addComment`). Polling in the background
 * is off, so comments on the posts come in only when the page's "Check now" reads
 * Instagram; later, with the app's Meta webhook registered, a comment on a media published
 * outside Reelay arrives by itself, in a group of its own. The page groups threads by post
 * with the post's picture, counts unread threads beside its link, moves between threads
 * with the keyboard (opening one marks it read), replies with a saved reply made in its
 * dialog, hides and deletes (after a confirmation) on Instagram, marks a thread unread,
 * searches, explains a refused private reply, and shows a stranger's HTML as text. A
 * published post's page lists its threads, replies and hides there, and turns comments
 * off and on. A viewer reads, with nothing to change offered. On a phone the list comes first, then the thread, in one column. No serious
 * accessibility violation, in light and dark, and no error in the page.
 */
import { Reelay, type Post } from '@reelay/sdk';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClientFor,
  connectAccount,
  signUpThroughApi,
  signedInLink,
  uploadPhoto,
} from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { seriousViolations } from './helpers/axe';
import { apiAs } from './helpers/compose';

const VERIFY_TOKEN = 'inbox-do-navegador';
const SPAM = '<b>Ganhe seguidores</b> <img src=x onerror="document.title=1">';
const PRICE = 'Oi! Custa R$ 12. Os preços estão no link da bio.';

/** The post once the server's workers have published it (they poll for due work). */
async function published(api: Reelay, post: Post): Promise<Post> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = (await api.posts.get(post.id)).post;
    if (current.status === 'published') return current;
    if (Date.now() > deadline) throw new Error(`${post.id} is still ${current.status} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('the inbox in the web app', { timeout: 90_000 }, () => {
  let app: AppServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let email: string;
  let platformAccountId: string;
  const posts: Record<'bread' | 'cake', Post> = {} as never;
  const media: Record<'bread' | 'cake', string> = {} as never;
  const ids: Record<'ana' | 'bia' | 'caio' | 'spam', string> = {} as never;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startAppServer({
        workers: true,
        env: {
          META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
          REELAY_META_SUBSCRIBE: 'on',
          REELAY_INBOX_POLL_MINUTES: '0',
        },
      }),
      launchBrowser(),
    ]);
    email = await signUpThroughApi(app);
    api = await apiClientFor(app, email);
    const connected = await connectAccount(app, api, 'cafe.aurora');
    platformAccountId = connected.platformAccountId;
    const publishNow = async (content: string) => {
      const { post } = await api.posts.create({
        content,
        mediaItems: [{ mediaId: await uploadPhoto(api) }],
        platforms: [{ platform: 'instagram', accountId: connected.integrationId }],
      });
      return published(api, post);
    };
    posts.bread = await publishNow('Pão de queijo quentinho saindo agora');
    posts.cake = await publishNow('Bolo de fubá com goiabada');
    media.bread = posts.bread.platforms[0]!.platformPostId!;
    media.cake = posts.cake.platforms[0]!.platformPostId!;
    // Other people comment on Instagram; nothing tells the server yet.
    const comment = (on: string, username: string, text: string, parentId?: string) =>
      app.emulator.addComment({ mediaId: on, username, text, ...(parentId ? { parentId } : {}) })
        .id;
    ids.ana = comment(media.bread, 'ana.souza', 'Quanto custa?');
    ids.bia = comment(media.bread, 'bia', 'Tem sem glúten?');
    ids.caio = comment(media.bread, 'caio', 'Também quero saber', ids.bia);
    ids.spam = comment(media.cake, 'spam.bot', SPAM);

    opened = await openPage(browser, { locale: 'en-US' });
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(await signedInLink(app, email, '/app/inbox'));
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const nav = () => page.getByRole('navigation');
  const pane = () => page.getByRole('region', { name: 'Open thread' });
  const threadLink = (username: string) =>
    page.locator('.inbox-threads').getByRole('link', { name: new RegExp(`^@${username} `) });
  /** The server's thread of a comment, as the API reads it. */
  const threadOf = async (platformCommentId: string) => {
    const { comments } = await api.comments.list({ limit: 100 });
    const thread = comments.find((item) => item.platformCommentId === platformCommentId);
    if (!thread) throw new Error(`no thread for ${platformCommentId}`);
    return thread;
  };
  /** The state a thread's badge shows (`Unread`, `Read`, `Replied`), its symbol left out. */
  const stateOf = (thread: Locator) =>
    thread
      .locator('.thread-header .comment-status')
      .evaluate((badge) => badge.lastChild?.textContent?.trim() ?? '');
  /** A comment as Instagram (the emulator) has it: a thread's or a reply. */
  const onInstagram = (mediaId: string, id: string) =>
    app.emulator
      .comments(mediaId)
      .flatMap((item) => [item, ...(item.replies ?? [])])
      .find((item) => item.id === id)!;

  it('brings the comments in with "Check now", grouped by post, strangers\' HTML as text', async () => {
    await page.getByText('No comments yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('Read the comments of 2 posts on Instagram: 4 new.').waitFor();
    await nav().getByRole('link', { name: 'Inbox, 3 unread threads' }).waitFor();
    await page.getByText('3 threads').waitFor();

    const bread = page.getByRole('region', { name: 'Pão de queijo quentinho saindo agora' });
    await bread.getByRole('link', { name: /^@ana\.souza / }).waitFor();
    await bread.getByRole('link', { name: /^@bia .*1 reply$/ }).waitFor();
    // The post's picture heads its group, from this server.
    const thumb = bread.locator('img.inbox-thumb');
    await thumb.waitFor();
    expect(new URL((await thumb.getAttribute('src'))!, app.url).origin).toBe(app.url);
    const cake = page.getByRole('region', { name: 'Bolo de fubá com goiabada' });
    const spam = cake.getByRole('link', { name: /^@spam\.bot / });
    // Written by a stranger: shown as text, never run as HTML.
    expect(await spam.locator('.thread-excerpt').textContent()).toBe(SPAM);
    expect(
      await page.locator('.inbox-threads b, .inbox-threads img:not(.inbox-thumb)').count(),
    ).toBe(0);
    expect(await page.title()).toBe('Inbox · Reelay');

    await page.getByText('Keyboard:').waitFor();
    await page.getByText('Choose a thread in the list to read and answer it.').waitFor();
    expect(await seriousViolations(page), 'inbox, list').toEqual([]);
  });

  it('moves between threads with j, k and the arrows, marking each one opened as read', async () => {
    const links = page.locator('.inbox-thread-link');
    const first = (await links.nth(0).getAttribute('id'))!;
    const second = (await links.nth(1).getAttribute('id'))!;
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');

    await page.keyboard.press('j');
    await expect.poll(focused).toBe(first);
    expect(await links.nth(0).getAttribute('aria-current')).toBe('true');
    expect(page.url()).toContain(`thread=${first.replace('inbox-link-', '')}`);
    await pane()
      .getByRole('heading', { name: /^Comment by @/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(second);
    await page.keyboard.press('k');
    await expect.poll(focused).toBe(first);
    // Both opened: both read now, and the count says so.
    await nav().getByRole('link', { name: 'Inbox, 1 unread thread' }).waitFor();
    expect(await seriousViolations(page), 'inbox, a thread open').toEqual([]);
  });

  it('replies with a saved reply made in its dialog, and marks the thread replied', async () => {
    await threadLink('ana\\.souza').click();
    const thread = pane().getByRole('article', { name: 'Comment by @ana.souza' });
    await thread.getByText('Quanto custa?').waitFor();
    // Opened with the pointer: focus is on the thread; `r` goes to the reply box.
    await page.keyboard.press('r');
    const box = thread.getByLabel('Reply to @ana.souza');
    await expect
      .poll(() => box.evaluate((element) => element === document.activeElement))
      .toBe(true);

    await thread.getByRole('button', { name: 'Manage saved replies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Saved replies' });
    await dialog.getByText('No saved replies yet.').waitFor();
    await dialog.getByLabel('Title').fill('Preço');
    await dialog.getByLabel('Text', { exact: true }).fill(PRICE);
    await dialog.getByRole('button', { name: 'Save the reply' }).click();
    await dialog.getByText('Saved reply “Preço” saved.').waitFor();
    await dialog.getByRole('button', { name: 'Delete the saved reply “Preço”' }).waitFor();
    expect(await seriousViolations(page), 'saved replies dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await api.savedReplies.list()).savedReplies.map((reply) => reply.title)).toEqual([
      'Preço',
    ]);

    await thread.getByLabel('Saved replies').selectOption({ label: 'Preço' });
    expect(await box.inputValue()).toBe(PRICE);
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByText("Reply published in @ana.souza's thread.").waitFor();
    await expect.poll(() => stateOf(thread)).toBe('Replied');
    await thread.locator('.comment-self').getByText(PRICE).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(onInstagram(media.bread, ids.ana).replies!.map((reply) => reply.text)).toEqual([PRICE]);
    expect((await threadOf(ids.ana)).status).toBe('replied');
    expect(await seriousViolations(page), 'after a reply').toEqual([]);
  });

  it('hides a comment on Instagram, lists it under Hidden, and deletes it after a confirmation', async () => {
    await threadLink('spam\\.bot').click();
    const thread = pane().getByRole('article', { name: 'Comment by @spam.bot' });
    await thread.getByRole('button', { name: "Hide @spam.bot's comment" }).click();
    await page.getByText("@spam.bot's comment hidden on Instagram.").waitFor();
    await thread.getByText('Hidden', { exact: true }).waitFor();
    await thread
      .getByText('Instagram takes no reply to a hidden comment', { exact: false })
      .waitFor();
    expect(onInstagram(media.cake, ids.spam).hidden).toBe(true);

    await page.getByLabel('Show').selectOption({ label: 'Hidden' });
    await page.getByText('1 thread', { exact: true }).waitFor();
    expect(await page.locator('.inbox-thread-link').count()).toBe(1);
    expect(page.url()).toContain('status=hidden');

    await thread.getByRole('button', { name: "Delete @spam.bot's comment" }).click();
    const dialog = page.getByRole('dialog', { name: "Delete @spam.bot's comment?" });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    expect(await dialog.locator('blockquote').textContent()).toBe(SPAM);
    expect(await seriousViolations(page), 'delete confirmation').toEqual([]);
    await dialog.getByRole('button', { name: 'Delete on Instagram' }).click();
    await page.getByText("@spam.bot's comment deleted on Instagram.").waitFor();
    await thread.getByText('Deleted on Instagram', { exact: true }).waitFor();
    expect(onInstagram(media.cake, ids.spam).deleted).toBe(true);
    await page.getByLabel('Show').selectOption({ label: 'All threads' });
  });

  it('explains a refused private reply, marks a thread unread, and searches', async () => {
    await threadLink('bia').click();
    const thread = pane().getByRole('article', { name: 'Comment by @bia' });
    await thread.getByText('Também quero saber').waitFor();
    await thread.getByRole('button', { name: 'Reply privately to @bia' }).click();
    await thread.getByLabel('Private message to @bia').fill('Temos, sim! Te mando o cardápio.');
    await thread.getByRole('button', { name: 'Send privately' }).click();
    await thread
      .getByText("To reply privately, the account needs Instagram's messaging permission", {
        exact: false,
      })
      .waitFor();
    expect(await seriousViolations(page), 'a refused private reply').toEqual([]);
    await thread.getByRole('button', { name: 'Cancel' }).click();

    await thread.getByRole('button', { name: 'Mark as unread' }).click();
    await page.getByText("@bia's thread marked as unread.").waitFor();
    await expect.poll(() => stateOf(thread)).toBe('Unread');
    await nav().getByRole('link', { name: 'Inbox, 1 unread thread' }).waitFor();
    expect((await threadOf(ids.bia)).status).toBe('unread');

    // `/` goes to the search; a reply's text finds its thread.
    await page.locator('h1').focus();
    await page.keyboard.press('/');
    await page.keyboard.type('também quero');
    await page.keyboard.press('Enter');
    await page.getByText('1 thread', { exact: true }).waitFor();
    await threadLink('bia').waitFor();
    expect(page.url()).toContain('q=');
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('3 threads').waitFor();
  });

  it('groups a comment on a media published outside Reelay, brought by the Meta webhook', async () => {
    await app.emulator.registerWebhook({
      callbackUrl: `${app.url}/v1/meta/webhooks`,
      verifyToken: VERIFY_TOKEN,
      app: 'instagram',
    });
    // A post made in the Instagram app, not through Reelay.
    const { access_token: token } = app.emulator.mintToken(platformAccountId);
    const graph = async (path: string, params: Record<string, string>) => {
      const answer = await fetch(`${app.emulator.url}/${path}`, {
        method: 'POST',
        body: new URLSearchParams({ ...params, access_token: token }),
      });
      return (await answer.json()) as { id: string };
    };
    const container = await graph(`${platformAccountId}/media`, {
      image_url: 'https://example.com/feito-no-app.jpg',
    });
    const outside = await graph(`${platformAccountId}/media_publish`, {
      creation_id: container.id,
    });
    app.emulator.addComment({ mediaId: outside.id, username: 'duda', text: 'Abre domingo?' });
    await app.emulator.idle();
    await expect
      .poll(async () => (await api.comments.list({ q: 'domingo' })).total, { timeout: 20_000 })
      .toBe(1);

    await page.reload();
    const group = page.getByRole('region', { name: 'Posts published outside Reelay' });
    await group.getByRole('link', { name: /^@duda / }).click();
    await pane().getByText(`Instagram id ${outside.id}`, { exact: false }).waitFor();
    expect(await seriousViolations(page), 'a thread outside Reelay').toEqual([]);
  });

  it("lists a published post's threads on its page, replies and hides there, and turns comments off and on", async () => {
    await page.goto(`${app.url}/app/posts/${posts.bread.id}`);
    const section = page.getByRole('region', { name: 'Comments', exact: true });
    const bia = section.getByRole('article', { name: 'Comment by @bia' });
    await bia.getByText('Tem sem glúten?').waitFor();
    await section.getByRole('article', { name: 'Comment by @ana.souza' }).waitFor();

    await bia.getByRole('button', { name: 'Reply to @bia' }).click();
    await bia.getByLabel('Reply to @bia').fill('Temos, sim!');
    await bia.getByRole('button', { name: 'Reply', exact: true }).click();
    await section.getByText("Reply published in @bia's thread.").waitFor();
    await bia.locator('.comment-self').getByText('Temos, sim!').waitFor();
    await bia.getByRole('button', { name: "Hide @caio's comment" }).click();
    await section.getByText("@caio's comment hidden on Instagram.").waitFor();
    expect(onInstagram(media.bread, ids.caio).hidden).toBe(true);
    expect(await seriousViolations(page), 'post page, comments').toEqual([]);

    await section.getByRole('button', { name: 'Turn comments off' }).click();
    await section.getByText('New comments turned off on @cafe.aurora.').waitFor();
    expect(() =>
      app.emulator.addComment({ mediaId: media.bread, username: 'eva', text: 'Ainda dá?' }),
    ).toThrow(/turned off/);
    // Replying is refused too, and the page says why.
    const ana = section.getByRole('article', { name: 'Comment by @ana.souza' });
    await ana.getByRole('button', { name: 'Reply to @ana.souza' }).click();
    await ana.getByLabel('Reply to @ana.souza').fill('Mais alguma dúvida?');
    await ana.getByRole('button', { name: 'Reply', exact: true }).click();
    await ana.getByText("This post's comments are turned off", { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Turn comments on' }).click();
    await section.getByText('New comments allowed again on @cafe.aurora.').waitFor();
    app.emulator.addComment({ mediaId: media.bread, username: 'eva', text: 'Ainda dá?' });
    expect(await seriousViolations(page), 'post page, commenting').toEqual([]);
  });

  it('lets a viewer read the threads, without replying, moderating or marking them', async () => {
    const owner = await apiAs(app.url, email);
    const viewerEmail = `vera.${Date.now().toString(36)}@example.com`;
    const { invitation } = await owner.invitations.create(owner.projectId!, {
      email: viewerEmail,
      role: 'viewer',
    });
    const invitationToken = new URL(invitation.url).pathname.split('/').at(-1)!;
    await new Reelay({ baseUrl: app.url }).auth.signup({
      email: viewerEmail,
      password: 'senha-bem-longa',
      invitationToken,
    });
    const gabi = app.emulator.addComment({
      mediaId: media.cake,
      username: 'gabi',
      text: 'Vende por fatia?',
    }).id;
    await api.comments.sync();
    const unread = await threadOf(gabi);
    expect(unread.status).toBe('unread');
    const viewer = await openPage(browser, { locale: 'en-US' });
    await viewer.page.goto(await signedInLink(app, viewerEmail, `/app/inbox?thread=${unread.id}`));
    const thread = viewer.page
      .getByRole('region', { name: 'Open thread' })
      .getByRole('article', { name: 'Comment by @gabi' });
    await thread.getByText('Vende por fatia?').waitFor();
    await viewer.page
      .getByText('Only editors, admins and the owner reply, moderate and mark threads.', {
        exact: false,
      })
      .waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Check now' }).count()).toBe(0);
    expect(await thread.getByRole('button').count()).toBe(0);
    expect(await thread.locator('textarea').count()).toBe(0);
    // Reading is no change: the thread stays unread for the team.
    expect((await threadOf(gabi)).status).toBe('unread');
    expect(await seriousViolations(viewer.page), 'inbox, as a viewer').toEqual([]);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  });

  it('shows the list, then the thread, in one column on a phone, in light and dark', async () => {
    const thread = await threadOf(ids.ana);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/app/inbox?thread=${thread.id}`);
    await pane().getByRole('article', { name: 'Comment by @ana.souza' }).waitFor();
    const list = (await page.locator('.inbox-threads').boundingBox())!;
    const open = (await pane().boundingBox())!;
    expect(open.y).toBeGreaterThanOrEqual(list.y + list.height);
    for (const box of [list, open]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await pane().getByRole('button', { name: 'Back to the list' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`inbox-link-${thread.id}`);
    expect(await seriousViolations(page), 'phone').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Past Pico's colour transitions.
    await page.waitForTimeout(300);
    expect(await seriousViolations(page), 'phone, dark').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page), 'desktop, dark').toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(opened.problems).toEqual([]);
  });
});
