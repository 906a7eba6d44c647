/**
 * Hostile input over every route of the contract table, on both databases: whatever a
 * caller sends, the server answers without a 5xx, errors in the spec §7 envelope and
 * successes as the contract declares them. Driven by the table, so a new route is fuzzed
 * without touching this file; cases are seeded, so every run sends the same requests.
 */
import { Agent, request } from 'node:http';
import { ROUTES, type RouteDefinition, type RouteId } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { fillPath, fuzzCases, NOWHERE_URL, type FuzzCase } from './helpers/fuzz-cases';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const SAMPLE_ID = '01jd8k2m3n4p5q6r7s8t9v0wxy';
const PASSWORD = 'correct horse battery';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends bytes as given (GET bodies, raw encodings), which `fetch` would refuse or fix. */
function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawAnswer> {
  const bytes = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        agent,
        method,
        headers: bytes ? { ...headers, 'content-length': String(bytes.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

/** What is wrong with an answer, or `null` when it keeps the contract. */
function breach(route: RouteDefinition, fuzz: FuzzCase, answer: RawAnswer): string | null {
  const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
  let body: any;
  try {
    body = json ? JSON.parse(answer.text) : undefined;
  } catch {
    return 'an answer announced as JSON that does not parse';
  }
  if (answer.status >= 500) return `${answer.status} ${body?.code ?? answer.text.slice(0, 80)}`;
  if (answer.status < 400) {
    if (fuzz.expectCode) return `${answer.status}, expected ${fuzz.expectCode}`;
    const declared = route.responses[answer.status];
    if (!declared) return `${answer.status}, which the contract does not declare`;
    if (declared.schema) {
      if (!json) return `${answer.status} without a JSON body`;
      const check = declared.schema.safeParse(body);
      if (!check.success) return `${answer.status} outside its schema`;
    }
    return null;
  }
  if (!json) return `${answer.status} without the JSON envelope: ${answer.text.slice(0, 80)}`;
  if (body?.statusCode !== answer.status)
    return `${answer.status} with statusCode ${body?.statusCode}`;
  if (typeof body.code !== 'string' || typeof body.message !== 'string')
    return `${answer.status} without a string code and message`;
  if (fuzz.expectCode && !fuzz.expectCode.test(body.code))
    return `${body.code}, expected ${fuzz.expectCode}`;
  return null;
}

/** Routes whose success removes what later routes use go last; deleting the account, at the very end. */
function fuzzOrder(route: RouteDefinition): number {
  if (route.id === 'deleteMe') return 2;
  return route.method === 'DELETE' ? 1 : 0;
}

describe.each(testDialects())('contract fuzz on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  /** Deleting the account succeeds once: it gets an account of its own. */
  let doomed: Account;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const resources: Record<string, string> = {};
  let tokenIssuedAt = 0;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    const base = platform.server.url;
    owner = await createAccount(base);
    doomed = await createAccount(base);
    tokenIssuedAt = platform.server.clock.now();
    const integration = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const profile = (await call(base, 'POST', '/v1/profiles', { name: 'Fuzz' }, owner.key)).body
      .profile.id;
    const post = await call(
      base,
      'POST',
      '/v1/posts',
      {
        content: 'Fuzz',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integration }],
        scheduledFor: new Date(platform.server.clock.now() + 30 * 86_400_000).toISOString(),
      },
      owner.key,
    );
    const notification = await call(
      base,
      'POST',
      '/v1/notifications',
      { eventTypes: ['post.failed'], webhook: { url: 'http://127.0.0.1:9/webhooks' } },
      owner.key,
    );
    const imported = await call(
      base,
      'POST',
      '/v1/media',
      { url: media.image(1080, 1080, 'jpg', 7) },
      owner.key,
    );
    Object.assign(resources, {
      integration,
      profile,
      post: post.body.post.id,
      notification: notification.body.notification.id,
      media: imported.body.media.id,
    });
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await platform?.close();
    await media?.close();
  });

  /** Real resources of the caller where a route names one, so handlers run past the lookup. */
  function defaultParams(route: RouteDefinition, caller: Account): Record<string, string> {
    const id = route.path.startsWith('/v1/posts/')
      ? resources.post
      : route.path.startsWith('/v1/notifications/')
        ? resources.notification
        : route.path.startsWith('/v1/profiles/')
          ? resources.profile
          : /^\/v1\/(connect\/)?integrations\//.test(route.path)
            ? resources.integration
            : route.path.startsWith('/v1/organizations/')
              ? caller.organizationId
              : route.path.startsWith('/v1/projects/')
                ? caller.projectId
                : `x_${SAMPLE_ID}`;
    return { id: id!, keyId: `key_${SAMPLE_ID}`, platform: 'instagram', code: 'ABC123' };
  }

  /**
   * Keeps the rate limits of spec §8 from hiding the input checks: when a bucket runs
   * out, time moves to the next window; Bearer tokens are renewed before they expire.
   */
  async function keepLimitsOpen(answer: RawAnswer): Promise<void> {
    if (answer.headers['x-ratelimit-remaining'] !== '0') return;
    const { clock, url } = platform.server;
    clock.advance(60_000);
    if (clock.now() - tokenIssuedAt < 10 * 60_000) return;
    for (const account of [owner, doomed]) {
      const login = await call(url, 'POST', '/v1/auth/login', {
        email: account.email,
        password: PASSWORD,
      });
      if (login.status !== 200) continue; // the doomed account may be gone already
      account.accessToken = login.body.accessToken;
      account.bearer.authorization = `Bearer ${login.body.accessToken}`;
    }
    tokenIssuedAt = clock.now();
  }

  /**
   * Bodies that pass validation and name the caller's own resources, so each mutation
   * reaches the handler and the database with one field changed.
   */
  function samples(): Partial<Record<RouteId, unknown>> {
    const later = new Date(platform.server.clock.now() + 30 * 86_400_000).toISOString();
    return {
      createPost: {
        content: 'Fuzz',
        mediaItems: [{ mediaId: resources.media }],
        platforms: [{ platform: 'instagram', accountId: resources.integration }],
        scheduledFor: later,
      },
      updatePost: { content: 'Outro texto', scheduledFor: later },
      retryPost: {},
      createNotification: {
        eventTypes: ['post.failed'],
        webhook: { url: 'http://127.0.0.1:9/webhooks' },
        profileId: resources.profile,
      },
      updateNotification: { paused: true, profileId: resources.profile },
      testNotification: { notificationId: resources.notification },
      createProfile: { name: 'Perfil', description: 'Descrição' },
      updateOrganization: { name: 'Organização' },
      createApiKey: { name: 'fuzz' },
      uploadMedia: { url: NOWHERE_URL },
    };
  }

  function headersOf(route: RouteDefinition, fuzz: FuzzCase, caller: Account, index: number) {
    if (route.auth === 'public' || fuzz.credential === 'anonymous') return {};
    if (fuzz.credentialHeaders) return fuzz.credentialHeaders;
    if (fuzz.projectIdHeader !== undefined) {
      return { authorization: caller.bearer.authorization!, 'x-project-id': fuzz.projectIdHeader };
    }
    if (route.auth === 'bearer') return { authorization: caller.bearer.authorization! };
    // Key routes alternate between the two modes of spec §5.
    return index % 2 === 0 ? caller.key : caller.bearer;
  }

  it('fuzzes every route of the contract the server mounts', () => {
    const mounted = new Set(platform.server.reelay.mountedRoutes);
    expect(ROUTES.filter((route) => !mounted.has(route.id as RouteId)).map((r) => r.id)).toEqual(
      [],
    );
  });

  const ordered = [...ROUTES].sort((a, b) => fuzzOrder(a) - fuzzOrder(b));
  it.each(ordered.map((route) => [route.id, route] as const))(
    'answers %s without a 5xx and in the envelope, whatever the input',
    async (_id, route) => {
      const caller = route.id === 'deleteMe' ? doomed : owner;
      const breaches: string[] = [];
      const cases = fuzzCases(route, samples()[route.id as RouteId]);
      for (const [index, fuzz] of cases.entries()) {
        const path = fillPath(route, { ...defaultParams(route, caller), ...fuzz.params });
        const headers = { ...headersOf(route, fuzz, caller, index), ...fuzz.headers };
        const answer = await send(
          agent,
          platform.server.url,
          route.method,
          `${path}${fuzz.query}`,
          headers,
          fuzz.body,
        );
        const problem = breach(route, fuzz, answer);
        if (problem) breaches.push(`${fuzz.label}: ${problem}`);
        await keepLimitsOpen(answer);
      }
      expect(breaches.join('\n'), `${route.id}: ${cases.length} cases`).toBe('');
    },
    60_000,
  );
});
