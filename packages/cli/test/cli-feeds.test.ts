/**
 * Feeds from the terminal, as the built binary, against a real server wired to the
 * Instagram emulator and a feed server on 127.0.0.1: `feeds add` follows an RSS feed
 * (accounts by @username), `feeds check` turns its item into a draft and then answers
 * 304, `feeds list|show` show it in both languages, `feeds pause|resume` stop and restart
 * its checks, `feeds remove` forgets it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { rssFeed, startFeedServer, type FeedServer } from '@reelay/test-support/feed-server';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('reelay feeds', { timeout: 120_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let feeds: FeedServer;
  let owner: Account;
  let reelay: Cli;
  let username: string;
  let url: string;

  beforeAll(async () => {
    media = await startMediaServer();
    feeds = await startFeedServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    username = `cli.feed.${Date.now().toString(36)}`;
    await connectThroughPlatform(platform, owner, { username });
    url = feeds.serve(
      '/blog.xml',
      rssFeed('Blog da Padaria', [
        {
          guid: 'pao-1',
          title: 'Pão de queijo',
          link: 'https://blog.example.com/pao',
          extra: `<enclosure url="${media.image(1080, 1350)}" type="image/jpeg"/>`,
        },
      ]),
      'application/rss+xml',
    );
    reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    await feeds?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
  });

  const en = { env: { LANG: 'en_US.UTF-8' } };
  const pt = { env: { LANG: 'pt_BR.UTF-8' } };

  it('asks for accounts or a profile before calling the server', async () => {
    const none = await reelay.run(['feeds', 'add', url], en);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--account');
    const listed = await call(platform.server.url, 'GET', '/v1/feeds', undefined, owner.key);
    expect(listed.body.feeds).toEqual([]);
  });

  it('adds, checks, lists, shows, pauses, resumes and removes a feed', async () => {
    const added = await reelay.run(
      ['feeds', 'add', url, '-a', `@${username}`, '--template', '{title} 🧀 {link}'],
      en,
    );
    expect(added.code, added.stderr).toBe(0);
    const id = /Feed followed: (fed_\w+)/.exec(added.stdout)?.[1];
    expect(id, added.stdout).toBeDefined();
    expect(added.stdout).toContain('Blog da Padaria');

    const checked = await reelay.run(['feeds', 'check', id!, '--json']);
    expect(checked.code, checked.stderr).toBe(0);
    const { check } = checked.json<{ check: { outcome: string; postIds: string[] } }>();
    expect(check.outcome).toBe('fetched');
    expect(check.postIds).toHaveLength(1);
    const post = await call(
      platform.server.url,
      'GET',
      `/v1/posts/${check.postIds[0]}`,
      undefined,
      owner.key,
    );
    expect(post.body.post).toMatchObject({
      status: 'draft',
      content: 'Pão de queijo 🧀 https://blog.example.com/pao',
    });
    const again = await reelay.run(['feeds', 'check', id!], en);
    expect(again.stdout).toContain('Not modified since the last check (304)');

    const listed = await reelay.run(['feeds', 'list'], en);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('active');
    const shown = await reelay.run(['feeds', 'show', id!], pt);
    expect(shown.stdout).toContain('Blog da Padaria');
    expect(shown.stdout).toContain('ativo');

    const paused = await reelay.run(['feeds', 'pause', id!], en);
    expect(paused.code, paused.stderr).toBe(0);
    expect(paused.stdout).toContain(`Feed paused: ${id}`);
    const whilePaused = await reelay.run(['feeds', 'show', id!, '--json']);
    expect(whilePaused.json<{ feed: { status: string } }>().feed.status).toBe('paused');
    const resumed = await reelay.run(['feeds', 'resume', id!], pt);
    expect(resumed.stdout).toContain(`Feed retomado: ${id}`);

    const removed = await reelay.run(['feeds', 'remove', id!], en);
    expect(removed.code, removed.stderr).toBe(0);
    const gone = await reelay.run(['feeds', 'show', id!]);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('NOT_FOUND');
  });
});
