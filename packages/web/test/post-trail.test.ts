/**
 * The team's notes and a post's activity on the post page, in real Chromium against a
 * real server: the activity names who created and edited the post (the fields edited
 * too), a note added in the page shows in the thread and in the activity, a note is
 * never part of the post, and the page has no serious accessibility violation.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const HOUR_MS = 60 * 60 * 1000;

describe.each(appDatabases())(
  'the trail of a post on its page on %s',
  { timeout: 60_000 },
  (database) => {
    let app: AppServer;
    let browser: Browser;
    let opened: OpenedPage;
    let page: Page;
    let api: Reelay;
    let email: string;
    let post: Post;

    beforeAll(async () => {
      [app, browser] = await Promise.all([startAppServer({ database }), launchBrowser()]);
      email = await signUpThroughApi(app);
      api = await apiClientFor(app, email);
      const { integrationId } = await connectAccount(app, api, 'cafe.aurora');
      post = (
        await api.posts.create({
          content: 'Pão de queijo às sete.',
          mediaItems: [{ mediaId: await uploadPhoto(api) }],
          platforms: [{ platform: 'instagram', accountId: integrationId }],
          scheduledFor: new Date(Date.now() + 30 * HOUR_MS).toISOString(),
        })
      ).post;
      await api.posts.update(post.id, { content: 'Pão de queijo às oito.' });
      opened = await openPage(browser, { locale: 'en-US' });
      page = opened.page;
      await page.goto(await signedInLink(app, email, `/app/posts/${post.id}`));
      await page.getByRole('heading', { level: 1, name: 'Post details' }).waitFor();
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it('names who created and edited the post, and adds a note to the thread and the activity', async () => {
      const activity = page.getByRole('region', { name: 'Activity' });
      await activity.getByText('created the post').waitFor();
      await activity.getByText('edited (content)').waitFor();
      const notes = page.getByRole('region', { name: 'Team notes' });
      await notes.getByText('No notes yet.').waitFor();
      expect(await seriousViolations(page), 'with the trail shown').toEqual([]);

      await notes.getByLabel('New note').fill('Foto mais clara, por favor.');
      await notes.getByRole('button', { name: 'Add note' }).click();
      await notes.getByText('Foto mais clara, por favor.').waitFor();
      expect(await notes.getByText(email).count()).toBeGreaterThan(0);
      await activity.getByText('left a note').waitFor();
      expect(await notes.getByLabel('New note').inputValue()).toBe('');

      const { notes: stored } = await api.posts.notes(post.id);
      expect(stored.map((note) => note.text)).toEqual(['Foto mais clara, por favor.']);
      expect(JSON.stringify((await api.posts.get(post.id)).post)).not.toContain('Foto mais clara');
      expect(await seriousViolations(page), 'with a note').toEqual([]);
    });
  },
);
