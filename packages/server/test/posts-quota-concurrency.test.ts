import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount, type Account, type Answer } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import type { TestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startTwoInstances,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Runs the tasks with at most `width` of them in flight at once; answers in task order. */
async function inParallel<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
const refusals = (answers: Answer[]) => answers.filter((answer) => answer.status === 409);

describe.each(testDialects())('account quota under concurrent requests on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let mediaId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    const uploaded = await call(
      platform.server.url,
      'POST',
      '/v1/media',
      { url: media.image(1080, 1350, 'jpg', 7) },
      account.key,
    );
    if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    mediaId = uploaded.body.media.id;
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const url = () => platform.server.url;
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  let seed = 0;
  const post = (accountIds: string[], extra: Record<string, unknown> = {}) =>
    call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: `Post ${++seed}`,
        mediaItems: [{ mediaId }],
        platforms: accountIds.map((accountId) => ({ platform: 'instagram', accountId })),
        ...extra,
      },
      account.key,
    );
  const connect = async (username: string) => {
    const connected = await connectThroughPlatform(platform, account, { username });
    return { id: connected.body.integration.id as string, platformId: connected.platformAccountId };
  };
  /** Publishes straight on the platform, as another app would: the platform's own usage. */
  const useOnPlatform = async (platformAccountId: string, times: number) => {
    const { access_token: token } = platform.emulator.mintToken(platformAccountId);
    const graph = (path: string, form: Record<string, string>) =>
      fetch(`${platform.emulator.url}/v21.0/me/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
      }).then((response) => response.json() as Promise<{ id: string }>);
    for (let index = 0; index < times; index++) {
      const container = await graph('media', { image_url: 'https://cdn.example.com/a.jpg' });
      await graph('media_publish', { creation_id: container.id });
    }
  };
  const activeTargets = async (integrationId: string) =>
    Number(
      (
        await platform.server.reelay.context.db
          .selectFrom('post_targets')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('integration_id', '=', integrationId)
          .where('status', 'in', ['scheduled', 'queued', 'publishing'])
          .executeTakeFirstOrThrow()
      ).count,
    );
  const withQuota = async (quotaTotal: number, run: () => Promise<void>) => {
    platform.emulator.configure({ quotaTotal });
    try {
      await run();
    } finally {
      platform.emulator.configure({ quotaTotal: 100 });
    }
  };

  // First: it runs the queue, which would otherwise publish the other tests' schedules.
  it('retries failed posts at once up to the quota left, never past it', async () => {
    const retried = await connect('cota.retry');
    platform.emulator.addFault({ path: '/media_publish', times: 8, code: 368, message: 'blocked' });
    const created: string[] = [];
    for (let index = 0; index < 8; index++) created.push((await post([retried.id])).body.post.id);
    await settle(platform.server);
    expect(await activeTargets(retried.id)).toBe(0);

    await withQuota(3, async () => {
      const answers = await inParallel(
        created.map(
          (id) => () => call(url(), 'POST', `/v1/posts/${id}/retry`, undefined, account.key),
        ),
        8,
      );
      expect(statuses(answers).filter((status) => status === 202)).toHaveLength(3);
      expect(refusals(answers)).toHaveLength(5);
      for (const refused of refusals(answers)) {
        expect(refused.body).toMatchObject({
          code: 'RATE_LIMIT_ACCOUNT',
          details: { accountId: retried.id, quotaUsage: 3, quotaTotal: 3 },
        });
      }
      expect(await activeTargets(retried.id)).toBe(3);
    });
  });

  // 130 acceptances, each waiting on the account's lock: a minute leaves a busy machine room.
  it(
    'accepts exactly the quota left when 130 scheduled posts for one account arrive 30 at a time',
    {
      timeout: 60_000,
    },
    async () => {
      const busy = await connect('cota.concorrida');
      await useOnPlatform(busy.platformId, 4);
      const answers = await inParallel(
        Array.from(
          { length: 130 },
          (_, index) => () => post([busy.id], { scheduledFor: at(HOUR + index * MINUTE) }),
        ),
        30,
      );
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(96);
      expect(refusals(answers)).toHaveLength(34);
      for (const refused of refusals(answers)) {
        expect(refused.body).toMatchObject({
          statusCode: 409,
          code: 'RATE_LIMIT_ACCOUNT',
          details: { accountId: busy.id, quotaUsage: 100, quotaTotal: 100 },
        });
      }
      expect(await activeTargets(busy.id)).toBe(96);
    },
  );

  it('keeps the quota of both accounts of a post, in any order, without deadlocks', async () => {
    const first = await connect('cota.primeira');
    const second = await connect('cota.segunda');
    await withQuota(10, async () => {
      const answers = await inParallel(
        Array.from(
          { length: 30 },
          (_, index) => () =>
            post(index % 2 === 0 ? [first.id, second.id] : [second.id, first.id], {
              scheduledFor: at(2 * HOUR + index * MINUTE),
            }),
        ),
        30,
      );
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(10);
      expect(refusals(answers)).toHaveLength(20);
      for (const refused of refusals(answers)) {
        expect(refused.body.code).toBe('RATE_LIMIT_ACCOUNT');
        expect([first.id, second.id]).toContain(refused.body.details.accountId);
      }
      expect(await activeTargets(first.id)).toBe(10);
      expect(await activeTargets(second.id)).toBe(10);
    });
  });

  it('moves posts into a window concurrently only up to the quota', async () => {
    const moving = await connect('cota.mudanca');
    await withQuota(5, async () => {
      const ids: string[] = [];
      for (const when of [10 * DAY, 15 * DAY]) {
        for (let index = 0; index < 5; index++) {
          const created = await post([moving.id], { scheduledFor: at(when + index * MINUTE) });
          expect(created.status).toBe(201);
          ids.push(created.body.post.id);
        }
      }
      const target = platform.server.clock.now() + 2 * DAY;
      const answers = await inParallel(
        ids.map(
          (id, index) => () =>
            call(
              url(),
              'PATCH',
              `/v1/posts/${id}`,
              { scheduledFor: new Date(target + index * MINUTE).toISOString() },
              account.key,
            ),
        ),
        10,
      );
      expect(statuses(answers).filter((status) => status === 200)).toHaveLength(5);
      expect(refusals(answers)).toHaveLength(5);
      for (const refused of refusals(answers)) {
        expect(refused.body).toMatchObject({
          code: 'RATE_LIMIT_ACCOUNT',
          details: { accountId: moving.id, quotaUsage: 5, quotaTotal: 5 },
        });
      }
      const moved = await platform.server.reelay.context.db
        .selectFrom('post_targets')
        .select('id')
        .where('integration_id', '=', moving.id)
        .where('scheduled_for', '>=', target)
        .where('scheduled_for', '<', target + DAY)
        .execute();
      expect(moved).toHaveLength(5);
    });
  });
});

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

describe.skipIf(!postgres)('account quota across two instances sharing PostgreSQL', () => {
  let database: TestDatabase;
  let platform: Platform;
  let other: TestServer;
  let media: MediaServer;
  let account: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    database = await postgres!.create();
    ({ platform, other } = await startTwoInstances(postgres!, database));
    account = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await other.close();
    await platform.close();
    await database.drop();
    await media.close();
  });

  it('accepts exactly the quota when both instances take posts for one account at once', async () => {
    const connected = await connectThroughPlatform(platform, account, { username: 'cota.dupla' });
    const accountId = connected.body.integration.id as string;
    const uploaded = await call(
      platform.server.url,
      'POST',
      '/v1/media',
      { url: media.image(1080, 1350, 'jpg', 9) },
      account.key,
    );
    const start = platform.server.clock.now() + 3 * HOUR;
    platform.emulator.configure({ quotaTotal: 12 });
    try {
      const answers = await inParallel(
        Array.from(
          { length: 40 },
          (_, index) => () =>
            call(
              (index % 2 === 0 ? platform.server : other).url,
              'POST',
              '/v1/posts',
              {
                content: `Dupla ${index}`,
                mediaItems: [{ mediaId: uploaded.body.media.id }],
                platforms: [{ platform: 'instagram', accountId }],
                scheduledFor: new Date(start + index * MINUTE).toISOString(),
              },
              account.key,
            ),
        ),
        40,
      );
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(12);
      expect(refusals(answers)).toHaveLength(28);
      expect(refusals(answers).every((answer) => answer.body.code === 'RATE_LIMIT_ACCOUNT')).toBe(
        true,
      );
    } finally {
      platform.emulator.configure({ quotaTotal: 100 });
    }
  });
});
