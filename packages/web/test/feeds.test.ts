/**
 * The Feeds page in real Chromium against a real server, the Instagram emulator and a
 * feed server on 127.0.0.1: a feed followed from the form (a private address refused
 * beside the field first, with the server's words), read now: its two items become two
 * drafts with their images, linked from the outcome; read again: nothing new; paused and
 * resumed; removed after a confirmation, its drafts kept. At 390×844 nothing scrolls
 * sideways; no serious accessibility violation, no console error.
 */
import type { Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '@reelay/test-support/api-steps';
import { startAppServer, type AppServer } from '@reelay/test-support/app-server';
import { launchBrowser, openPage, type OpenedPage } from '@reelay/test-support/browser';
import { rssFeed, startFeedServer, type FeedServer } from '@reelay/test-support/feed-server';
import { inAppMenu, signUp } from '@reelay/test-support/flows';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { seriousViolations } from './helpers/axe';
import { apiAs } from './helpers/compose';

// One database: the feeds' storage is tested on both in the server's feeds.test.ts.
describe('the Feeds page', { timeout: 90_000 }, () => {
  let app: AppServer;
  let media: MediaServer;
  let feeds: FeedServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  let api: Reelay;
  let feedUrl: string;

  beforeAll(async () => {
    [app, media, feeds, browser] = await Promise.all([
      startAppServer({ env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } }),
      startMediaServer(),
      startFeedServer(),
      launchBrowser(),
    ]);
    opened = await openPage(browser);
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUp(page, app);
    api = await apiAs(app.url, email);
    await connectAccount(app, api, 'cafe.aurora');
    feedUrl = feeds.serve(
      '/blog/rss.xml',
      rssFeed('Blog do Café', [
        {
          guid: 'bolo',
          title: 'Bolo de cenoura',
          link: 'https://blog.example.com/bolo',
          extra: `<enclosure url="${media.image(1080, 1350, 'jpg', 1)}" type="image/jpeg" length="1000"/>`,
        },
        {
          guid: 'pao',
          title: 'Pão de fermentação natural',
          link: 'https://blog.example.com/pao',
          extra: `<enclosure url="${media.image(1080, 1080, 'jpg', 2)}" type="image/jpeg" length="1000"/>`,
        },
      ]),
      'application/rss+xml',
    );
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await feeds?.close();
    await media?.close();
    await app?.close();
  });

  it('follows a feed, reads it into two drafts, reads nothing new, pauses, resumes and removes it', async () => {
    await page.goto(`${app.url}/app/calendar`);
    await inAppMenu(page, () => page.getByRole('link', { name: 'Feeds' }).click());
    await page.getByRole('heading', { level: 1, name: 'Feeds' }).waitFor();
    await page.getByText('O projeto ainda não segue nenhum feed.').waitFor();

    const form = page.getByRole('region', { name: 'Seguir um feed' });
    const address = form.getByLabel('Endereço do feed');
    // No account chosen: said beside the accounts, nothing sent.
    await address.fill(feedUrl);
    await form.getByRole('button', { name: 'Seguir o feed' }).click();
    await form.getByText('Escolha ao menos uma conta.').waitFor();
    await form.getByLabel('@cafe.aurora').check();
    // A closed port: refused beside the address, as a media address would be.
    await address.fill('http://127.0.0.1:9/rss.xml');
    await form.getByRole('button', { name: 'Seguir o feed' }).click();
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page), 'with the address refused').toEqual([]);
    expect((await api.feeds.list()).feeds).toEqual([]);

    await address.fill(feedUrl);
    await form.getByRole('button', { name: 'Seguir o feed' }).click();
    await page.getByText(`Feed ${feedUrl} seguido.`).waitFor();
    const card = page.getByRole('article', { name: feedUrl });
    await card.getByText('Viram rascunhos').waitFor();
    await card.getByText('@cafe.aurora').waitFor();

    await card.getByRole('button', { name: `Ler agora o feed ${feedUrl}` }).click();
    await card.getByText('2 itens novos viraram posts:').waitFor();
    const links = card.getByRole('link', { name: /^Abrir o post post_/ });
    expect(await links.count()).toBe(2);
    const {
      feeds: [followed],
    } = await api.feeds.list();
    const drafts = (await api.posts.list({ status: 'draft' }).toArray({ max: 10 })).sort((a, b) =>
      a.content.localeCompare(b.content),
    );
    expect(drafts.map((post) => [post.content, post.mediaItems.length])).toEqual([
      ['Bolo de cenoura\n\nhttps://blog.example.com/bolo', 1],
      ['Pão de fermentação natural\n\nhttps://blog.example.com/pao', 1],
    ]);
    expect(followed!.lastCheckedAt).not.toBeNull();
    expect(await seriousViolations(page), 'with a read listed').toEqual([]);

    await card.getByRole('button', { name: `Ler agora o feed ${feedUrl}` }).click();
    await card
      .getByText(
        /^(Lido: nenhum item novo \(2 no feed\)\.|O feed não mudou desde a última leitura\.)$/,
      )
      .waitFor();
    expect(await api.posts.list({ status: 'draft' }).toArray({ max: 10 })).toHaveLength(2);

    await card.getByRole('button', { name: `Pausar o feed ${feedUrl}` }).click();
    await page.getByText(`Feed ${feedUrl} pausado.`).waitFor();
    await card.getByText('Pausado', { exact: true }).waitFor();
    expect((await api.feeds.get(followed!.id)).feed.status).toBe('paused');
    await card.getByRole('button', { name: `Retomar o feed ${feedUrl}` }).click();
    await page.getByText(`Feed ${feedUrl} retomado: ele será lido agora.`).waitFor();
    expect((await api.feeds.get(followed!.id)).feed.status).toBe('active');

    // On a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A draft it made is marked evergreen on its page.
    await page.goto(`${app.url}/app/posts/${drafts[0]!.id}`);
    const evergreen = page.getByRole('switch', {
      name: 'Post evergreen: pode voltar nos horários vazios',
    });
    await evergreen.check();
    await page.getByText('O post agora é evergreen.').waitFor();
    expect((await api.posts.get(drafts[0]!.id)).post.evergreen).toBe(true);
    expect(await seriousViolations(page), 'the post page with the evergreen switch').toEqual([]);
    await page.goto(`${app.url}/app/feeds`);
    await card.waitFor();

    await card.getByRole('button', { name: `Remover o feed ${feedUrl}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remover o feed ${feedUrl}?` });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await page.getByText(`Feed ${feedUrl} removido. Os posts já criados continuam.`).waitFor();
    expect((await api.feeds.list()).feeds).toEqual([]);
    expect(await api.posts.list({ status: 'draft' }).toArray({ max: 10 })).toHaveLength(2);
    expect(opened.problems).toEqual([]);
  });
});
