/**
 * The database work of a prepared publication at its time. With its container ready, the
 * instant needs only `media_publish` and the permalink on the platform side; on the
 * database side, the statements counted here: what the run reads, the move to
 * `publishing`, the lease check, the stored media id, the published result with its post,
 * its event and its entry in the activity trail, and the job's end. Every statement counts against how many posts due at one
 * instant publish on time, so the count is held to what exactly-once needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import { statementLog } from './helpers/statement-log';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;

const log = statementLog();

/** A claim takes every due job at once: the queue's work, shared by the jobs it claims. */
const isClaim = (text: string) => /^update "jobs" set "lease_owner"/.test(text);

/**
 * The lease keeper's heartbeat renews every running job's lease in one statement on a
 * timer: it runs when a run lasts longer than a beat (a busy machine), whatever the
 * publication does, so it is not counted as the publication's.
 */
const isHeartbeat = (text: string) =>
  /^update "jobs" set "lease_expires_at" = \S+ where "id" in \(/.test(text);

/**
 * The statements of the target's publication: up to its job's removal, the first job to
 * end (the webhook dispatcher runs after it), claims aside. The job ends in the
 * transaction of the published result (on PostgreSQL, in its statement), so the count
 * goes on to that transaction's commit.
 */
function ofThePublication(all: readonly string[]): string[] {
  const removal = all.findIndex((text) => /delete from "jobs" where "id" = /.test(text));
  expect(removal).toBeGreaterThan(0);
  const commit = all.indexOf('commit', removal);
  const end = commit > removal ? commit : removal;
  return all.slice(0, end + 1).filter((text) => !isClaim(text) && !isHeartbeat(text));
}

describe.each(testDialects())('the due instant of a prepared post on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  /** Publishes one prepared post at its time; the statements run at that instant. */
  async function publishAtInstant(mediaItems: unknown[]): Promise<string[]> {
    const accountId = (await connectThroughPlatform(platform, account)).body.integration
      .id as string;
    const due = platform.server.clock.now() + 60 * MINUTE;
    const answer = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(due).toISOString(),
        content: `Instante ${mediaItems.length}`,
        mediaItems,
      },
      account.key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await settle(platform.server, { until: due - 1 });
    platform.server.clock.set(due);
    log.start();
    let statements: string[];
    try {
      await platform.server.reelay.tasks.runDueJobs();
    } finally {
      statements = log.stop();
    }
    const post = (
      await call(
        platform.server.url,
        'GET',
        `/v1/posts/${answer.body.post.id}`,
        undefined,
        account.key,
      )
    ).body.post;
    expect(post.status).toBe('published');
    expect(Date.parse(post.publishedAt)).toBe(due);
    return ofThePublication(statements);
  }

  const image = (seed: number) => ({ type: 'image', url: media.image(1080, 1350, 'jpg', seed) });
  // The published result's transaction also writes the activity entry ("published", by
  // the server) and, on PostgreSQL, holds the outbox lock shared so that it never waits on
  // the dispatcher's job row (`appendEvents`). On PostgreSQL, data-modifying `WITH` makes
  // the move to publishing with the lease check one statement (`startPublishingHoldingLease`)
  // instead of a transaction of five and a check, and the post's outcome, that entry, its event, the lock and the dispatcher's
  // job one statement (`writeFinalOutcome`) instead of five; the published result's lock of
  // the post and its target's change are one statement too (`lockPostAndUpdateTarget`), and
  // the run's job ends in the result's statement (`endHeldJobStep`).
  const most = dialect.name === 'postgres' ? 9 : 19;

  it('publishes a prepared image in at most 19 statements (9 on PostgreSQL)', async () => {
    const run = await publishAtInstant([image(1)]);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(most);
    // Moving to publishing settles the post without reading its targets.
    expect(run.filter((text) => /from "post_targets" where "post_id"/.test(text))).toHaveLength(1);
  });

  it('reads none of the media of a prepared carousel', async () => {
    const run = await publishAtInstant([image(2), image(3), image(4)]);
    expect(
      run.filter((text) => /from "media"/.test(text)),
      run.join('\n'),
    ).toHaveLength(0);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(most);
  });
});
