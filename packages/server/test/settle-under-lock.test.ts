/**
 * Two targets of one post finishing at the same moment, each in its own transaction: the
 * post's row lock orders them, and the second must see the first's result when it reads
 * the targets, or neither would write the final event and the post would stay
 * `publishing`. The two writers are made to queue behind a third transaction that holds
 * the lock, so both statements start before either can see the other's change.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { recordTarget } from '../src/publishing/post-outcome';
import { findTargetsOfPost } from '../src/store/post-targets';
import { lockPost } from '../src/store/posts';

// Row locks are what orders the writers; a database without them runs one writer at a time.
const withRowLocks = testDialects().filter((dialect) => dialect.name === 'postgres');

describe.each(withRowLocks)('settling a post under its lock on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  const integrations: string[] = [];

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    for (const username of ['marca.um', 'marca.dois']) {
      const connected = await connectThroughPlatform(platform, account, { username });
      integrations.push(connected.body.integration.id as string);
    }
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  /** Backends of this database waiting for a lock. */
  async function waitingForLocks(): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(
      platform.server.reelay.context.db,
    );
    return rows[0]!.count;
  }

  it('writes the final event once when both targets finish behind one lock', async () => {
    const ctx = platform.server.reelay.context;
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Dois destinos ao mesmo tempo',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: integrations.map((accountId) => ({ platform: 'instagram', accountId })),
      },
      account.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const postId = created.body.post.id as string;
    for (const target of await findTargetsOfPost(ctx.db, postId)) {
      expect(await recordTarget(ctx, target, { status: 'publishing' })).toBe(true);
    }
    const [first, second] = await findTargetsOfPost(ctx.db, postId);
    expect([first!.status, second!.status]).toEqual(['publishing', 'publishing']);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx.db.transaction().execute(async (trx) => {
      await lockPost(trx, ctx.capabilities, postId);
      locked();
      await held;
    });
    await lockTaken;
    const now = ctx.clock.now();
    const finishing = [first!, second!].map((target, index) =>
      recordTarget(ctx, target, {
        status: 'published',
        publishedAt: now,
        platformPostId: `1790000000000000${index}`,
      }),
    );
    const deadline = Date.now() + 10_000;
    while ((await waitingForLocks()) < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await waitingForLocks()).toBe(2);
    release();
    await holder;
    expect(await Promise.all(finishing)).toEqual([true, true]);

    const post = (
      await call(platform.server.url, 'GET', `/v1/posts/${postId}`, undefined, account.key)
    ).body.post;
    expect(post.status).toBe('published');
    const events = await ctx.db
      .selectFrom('events')
      .select('type')
      .where('post_id', '=', postId)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['post.published']);
  });
});
