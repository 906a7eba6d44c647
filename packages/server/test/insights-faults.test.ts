/**
 * Insights when Instagram fails, over real HTTP against the emulator's faults, on every
 * database and with both login modes: every failure of the platform answers a catalogued
 * code with a retry hint, within a bounded time, and never `INTERNAL_ERROR`. The account
 * route answers the error itself; the post route answers 200 with the failure in the
 * target's `errorCode`, keeping the metrics read before.
 */
import type { FaultSpec } from '@reelay/emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

const HOUR = 3_600_000;
/** Every insights read of these servers ends within this (`platformTimeouts.insightsMs`). */
const DEADLINE_MS = 1_500;
/** The deadline, and room for a loaded machine. */
const ANSWERED_WITHIN_MS = DEADLINE_MS + 2_500;

interface FaultCase {
  name: string;
  fault: Omit<FaultSpec, 'path'>;
  status: number;
  code: string;
}

const CASES: FaultCase[] = [
  {
    name: 'a transient 500',
    fault: { status: 500, code: 2, isTransient: true, message: 'Service temporarily unavailable' },
    status: 503,
    code: 'PLATFORM_UNAVAILABLE',
  },
  {
    name: 'an error code no rule knows',
    fault: { status: 400, code: 987_654, message: 'Something new went wrong' },
    status: 503,
    code: 'PLATFORM_UNAVAILABLE',
  },
  {
    name: "a proxy's 502 page",
    fault: { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' },
    status: 503,
    code: 'PLATFORM_UNAVAILABLE',
  },
  {
    name: 'a success that is not JSON',
    fault: { status: 200, body: 'ok' },
    status: 503,
    code: 'PLATFORM_UNAVAILABLE',
  },
  {
    name: 'a dropped connection',
    fault: { drop: true },
    status: 503,
    code: 'PLATFORM_UNAVAILABLE',
  },
  {
    name: '35 s of latency',
    fault: { latencyMs: 35_000 },
    status: 504,
    code: 'PLATFORM_TIMEOUT',
  },
  { name: 'a hang', fault: { hang: true }, status: 504, code: 'PLATFORM_TIMEOUT' },
  {
    name: "the app's rate limit",
    fault: { code: 4, message: '(#4) Application request limit reached' },
    status: 503,
    code: 'RATE_LIMIT_APP',
  },
];

/** Calls a route and times the answer. */
async function timed(url: string, path: string, as: Account) {
  const started = performance.now();
  const answer = await call(url, 'GET', path, undefined, as.key);
  return { ...answer, elapsedMs: performance.now() - started };
}

/** What every platform failure of the account route answers. */
function expectPlatformError(
  answer: Awaited<ReturnType<typeof timed>>,
  expected: { status: number; code: string },
) {
  expect(answer.body).toMatchObject({ statusCode: expected.status, code: expected.code });
  expect(answer.status).toBe(expected.status);
  expect(answer.body.message).toEqual(expect.any(String));
  expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect(answer.elapsedMs).toBeLessThan(ANSWERED_WITHIN_MS);
}

/** What every platform failure of the post route answers for its one target. */
function expectTargetFailure(
  answer: Awaited<ReturnType<typeof timed>>,
  code: string,
  metricsBefore: Record<string, number | null>,
) {
  expect(answer.status).toBe(200);
  expect(answer.body.platforms[0]).toMatchObject({
    checkedLive: true,
    errorCode: code,
    metrics: metricsBefore,
  });
  expect(answer.body.platforms[0].errorMessage).toEqual(expect.any(String));
  expect(answer.elapsedMs).toBeLessThan(ANSWERED_WITHIN_MS);
}

interface Setup {
  platform: Platform;
  owner: Account;
  integrationId: string;
  platformAccountId: string;
  postId: string;
  mediaId: string;
  metricsBefore: Record<string, number | null>;
}

/** Publishes one post on the account and reads its metrics once, before any fault. */
async function publishAndRead(
  platform: Platform,
  owner: Account,
  media: MediaServer,
  integrationId: string,
): Promise<Pick<Setup, 'postId' | 'mediaId' | 'metricsBefore'>> {
  const url = platform.server.url;
  const created = await call(
    url,
    'POST',
    '/v1/posts',
    {
      content: 'Métricas sob falhas',
      mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
    },
    owner.key,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  await settle(platform.server);
  platform.server.clock.set(platform.server.clock.now() + HOUR);
  const first = await call(
    url,
    'GET',
    `/v1/posts/${created.body.post.id}/insights`,
    undefined,
    owner.key,
  );
  expect(first.body.platforms[0].errorCode).toBeNull();
  expect(first.body.platforms[0].metrics.reach).toBeGreaterThan(0);
  return {
    postId: created.body.post.id,
    mediaId: first.body.platforms[0].platformPostId,
    metricsBefore: first.body.platforms[0].metrics,
  };
}

describe.each(testDialects())('insights when Instagram fails, on $name', (dialect) => {
  let media: MediaServer;
  let setup: Setup;

  beforeAll(async () => {
    media = await startMediaServer();
    const platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false, platformTimeouts: { insightsMs: DEADLINE_MS } },
    });
    const owner = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, { username: 'falhas.ig' });
    const integrationId = connected.body.integration.id as string;
    setup = {
      platform,
      owner,
      integrationId,
      platformAccountId: connected.platformAccountId,
      ...(await publishAndRead(platform, owner, media, integrationId)),
    };
  });
  afterEach(() => setup?.platform.emulator.clearFaults());
  afterAll(async () => {
    await setup?.platform.close();
    await media?.close();
  });

  it.each(CASES)('account insights: $name answers $status $code', async (fault) => {
    const { platform, owner, integrationId, platformAccountId } = setup;
    platform.emulator.addFault({ path: `/${platformAccountId}/insights`, ...fault.fault });
    const answer = await timed(
      platform.server.url,
      `/v1/integrations/${integrationId}/insights`,
      owner,
    );
    expectPlatformError(answer, fault);
  });

  it.each(CASES)("post insights: $name is the target's $code", async (fault) => {
    const { platform, owner, postId, mediaId, metricsBefore } = setup;
    platform.emulator.addFault({ path: `/${mediaId}/insights`, ...fault.fault });
    const answer = await timed(
      platform.server.url,
      `/v1/posts/${postId}/insights?force=true`,
      owner,
    );
    expectTargetFailure(answer, fault.code, metricsBefore);
  });

  it('bounds the whole account read, not each call: two calls slow within their own limits time out together', async () => {
    const { platform, owner, integrationId, platformAccountId } = setup;
    // The daily values, then the totals: each call answers in 1 s, under every per-call
    // limit, and the two together pass the read's deadline.
    platform.emulator.addFault({
      path: `/${platformAccountId}/insights`,
      latencyMs: 1_000,
      times: 2,
    });
    const answer = await timed(
      platform.server.url,
      `/v1/integrations/${integrationId}/insights`,
      owner,
    );
    expectPlatformError(answer, { status: 504, code: 'PLATFORM_TIMEOUT' });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
  });

  it('answers again as soon as Instagram does', async () => {
    const { platform, owner, integrationId, postId } = setup;
    const account = await timed(
      platform.server.url,
      `/v1/integrations/${integrationId}/insights`,
      owner,
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const post = await timed(platform.server.url, `/v1/posts/${postId}/insights?force=true`, owner);
    expect(post.body.platforms[0]).toMatchObject({ errorCode: null, checkedLive: true });
  });
});

describe.each(testDialects())(
  'insights through Facebook Login when Instagram fails, on $name',
  (dialect) => {
    let media: MediaServer;
    let setup: Setup;

    beforeAll(async () => {
      media = await startMediaServer();
      const platform = await startWithFacebook(dialect, {
        env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
        reelay: { workers: false, platformTimeouts: { insightsMs: DEADLINE_MS } },
      });
      const owner = await createAccount(platform.server.url);
      const { person, accountIds } = facebookPerson(platform.emulator, [
        `fb.falhas.${dialect.name}`,
      ]);
      const connected = await connectThroughFacebook(platform, owner, { personId: person.id });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const integrationId = connected.body.integration.id as string;
      setup = {
        platform,
        owner,
        integrationId,
        platformAccountId: accountIds[0]!,
        ...(await publishAndRead(platform, owner, media, integrationId)),
      };
    });
    afterEach(() => setup?.platform.emulator.clearFaults());
    afterAll(async () => {
      await setup?.platform.close();
      await media?.close();
    });

    const SOME = CASES.filter((fault) =>
      ['a transient 500', "a proxy's 502 page", 'a dropped connection', 'a hang'].includes(
        fault.name,
      ),
    );

    it.each(SOME)('account insights: $name answers $status $code', async (fault) => {
      const { platform, owner, integrationId, platformAccountId } = setup;
      platform.emulator.addFault({ path: `/${platformAccountId}/insights`, ...fault.fault });
      const answer = await timed(
        platform.server.url,
        `/v1/integrations/${integrationId}/insights`,
        owner,
      );
      expectPlatformError(answer, fault);
    });

    it.each(SOME)("post insights: $name is the target's $code", async (fault) => {
      const { platform, owner, postId, mediaId, metricsBefore } = setup;
      platform.emulator.addFault({ path: `/${mediaId}/insights`, ...fault.fault });
      const answer = await timed(
        platform.server.url,
        `/v1/posts/${postId}/insights?force=true`,
        owner,
      );
      expectTargetFailure(answer, fault.code, metricsBefore);
    });
  },
);
