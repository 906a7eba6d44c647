/**
 * Queued posts arriving at once never take the same slot: on each database, for one
 * account and for posts naming two accounts in either order, and across two server
 * instances sharing PostgreSQL. Taking a slot follows the quota's rule: the accounts are
 * locked, then their scheduled times read, in the transaction that writes the post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount, type Account, type Answer } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import type { TestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startTwoInstances,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Four slots a day, in São Paulo. */
const SLOTS = EVERY_DAY.flatMap((day) =>
  ['08:00', '12:00', '16:00', '20:00'].map((time) => ({ day, time })),
);

/** Runs the tasks with at most `width` in flight at once; answers in task order. */
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

const timeOf = (answer: Answer, accountId: string): string =>
  answer.body.post.platforms.find((target: any) => target.integrationId === accountId).scheduledFor;

async function uploadImage(base: string, account: Account, media: MediaServer, seed: number) {
  const uploaded = await call(
    base,
    'POST',
    '/v1/media',
    { url: media.image(1080, 1350, 'jpg', seed) },
    account.key,
  );
  if (uploaded.status !== 201) throw new Error(JSON.stringify(uploaded.body));
  return uploaded.body.media.id as string;
}

describe.each(testDialects())('queued posts arriving at once on $name', (dialect) => {
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
    mediaId = await uploadImage(platform.server.url, account, media, 11);
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const url = () => platform.server.url;
  let seed = 0;
  const queue = (accountIds: string[]) =>
    call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: `Concorrente ${++seed}`,
        mediaItems: [{ mediaId }],
        platforms: accountIds.map((accountId) => ({ platform: 'instagram', accountId })),
        queue: true,
      },
      account.key,
    );
  const connectWithSlots = async (username: string) => {
    const connected = await connectThroughPlatform(platform, account, { username });
    const id = connected.body.integration.id as string;
    const set = await call(
      url(),
      'PUT',
      `/v1/integrations/${id}/slots`,
      { timezone: 'America/Sao_Paulo', slots: SLOTS },
      account.key,
    );
    expect(set.status).toBe(200);
    return id;
  };
  const nextFree = async (id: string, count: number) =>
    (
      await call(
        url(),
        'GET',
        `/v1/integrations/${id}/slots/next?count=${count}`,
        undefined,
        account.key,
      )
    ).body.slots.map((slot: { at: string }) => slot.at) as string[];

  it('gives 24 queued posts for one account 24 distinct slots, the first 24 free ones', async () => {
    const id = await connectWithSlots('fila.concorrida');
    const expected = await nextFree(id, 24);
    const answers = await inParallel(
      Array.from({ length: 24 }, () => () => queue([id])),
      24,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(201));
    const taken = answers.map((answer) => timeOf(answer, id));
    expect(new Set(taken).size).toBe(24);
    expect([...taken].sort()).toEqual(expected);
    expect(await nextFree(id, 1)).not.toContain(expected.at(-1));
  });

  it('gives posts naming two accounts in either order distinct slots on both, without deadlocks', async () => {
    const first = await connectWithSlots('fila.primeira');
    const second = await connectWithSlots('fila.segunda');
    const answers = await inParallel(
      Array.from(
        { length: 20 },
        (_, index) => () => queue(index % 2 === 0 ? [first, second] : [second, first]),
      ),
      20,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    for (const id of [first, second]) {
      const taken = answers.map((answer) => timeOf(answer, id));
      expect(new Set(taken).size, id).toBe(20);
    }
  });
});

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

describe.skipIf(!postgres)('queued posts across two instances sharing PostgreSQL', () => {
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
    await other?.close();
    await platform?.close();
    await database?.drop();
    await media?.close();
  });

  it('gives 30 queued posts sent to both instances at once 30 distinct slots', async () => {
    const connected = await connectThroughPlatform(platform, account, { username: 'fila.dupla' });
    const id = connected.body.integration.id as string;
    const set = await call(
      other.url,
      'PUT',
      `/v1/integrations/${id}/slots`,
      { timezone: 'America/Sao_Paulo', slots: SLOTS },
      account.key,
    );
    expect(set.status).toBe(200);
    const mediaId = await uploadImage(platform.server.url, account, media, 12);
    const answers = await inParallel(
      Array.from(
        { length: 30 },
        (_, index) => () =>
          call(
            (index % 2 === 0 ? platform.server : other).url,
            'POST',
            '/v1/posts',
            {
              content: `Dupla ${index}`,
              mediaItems: [{ mediaId }],
              platforms: [{ platform: 'instagram', accountId: id }],
              queue: true,
            },
            account.key,
          ),
      ),
      30,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201));
    expect(new Set(answers.map((answer) => timeOf(answer, id))).size).toBe(30);
  });
});
