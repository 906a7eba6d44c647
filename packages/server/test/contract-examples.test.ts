/**
 * Every request example of the contract table (what the OpenAPI document offers to "try
 * it"), sent to a real server wired to the emulator, on both databases. The examples' ids
 * and addresses (`EXAMPLE_VALUES`) are swapped for resources made here first: a connected
 * account, a profile, an uploaded medium, a scheduled post, a webhook subscription with a
 * delivery. Each example must succeed as the contract declares, or get exactly the error
 * it says it gets.
 */
import { readFileSync } from 'node:fs';
import {
  EXAMPLE_VALUES,
  exampleContentType,
  HTTP_ERRORS,
  ROUTES,
  type RouteDefinition,
  type RouteExample,
} from '@reelay/core';
import { createSignedRequest, DEFAULT_APP_SECRET } from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const SAMPLE_IMAGE = new URL('../../../examples/media/sample.jpg', import.meta.url);
type Placeholder = keyof typeof EXAMPLE_VALUES;

/** Replaces every string that is a placeholder, deep in a value. */
function substitute(value: unknown, real: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return real.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => substitute(item, real));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substitute(item, real)]),
    );
  return value;
}

/** Removals go last, in the order that keeps what later ones name; the account, at the very end. */
const REMOVAL_ORDER = [
  'deletePost',
  'deleteMedia',
  'deleteNotification',
  'deleteProfile',
  'deleteIntegration',
  'revokeApiKey',
  'removeMember',
  'deleteInvitation',
  'deleteMe',
];
function sendingOrder(): RouteDefinition[] {
  const rank = (route: RouteDefinition) =>
    route.method === 'DELETE' ? 1 + REMOVAL_ORDER.indexOf(route.id) : 0;
  return ROUTES.map((route, index) => ({ route, index }))
    .sort((a, b) => rank(a.route) - rank(b.route) || a.index - b.index)
    .map(({ route }) => route);
}

describe.each(testDialects())('the contract examples on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let receiver: Receiver;
  let owner: Account;
  let doomed: Account;
  const real = new Map<string, string>();
  const set = (name: Placeholder, value: string) => real.set(EXAMPLE_VALUES[name], value);

  beforeAll(async () => {
    media = await startMediaServer();
    receiver = await startReceiver();
    platform = await startWithEmulator(dialect, {
      // The examples' redirectUrl is the integration's own site.
      env: {
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        REELAY_REDIRECT_ORIGINS: 'https://app.example.com',
      },
      reelay: { workers: false },
    });
    const base = platform.server.url;
    const now = platform.server.clock.now();
    owner = await createAccount(base);
    doomed = await createAccount(base);
    const integration = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const profile = (await call(base, 'POST', '/v1/profiles', { name: 'Exemplos' }, owner.key)).body
      .profile.id;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(SAMPLE_IMAGE)], { type: 'image/jpeg' }), 'a.jpg');
    const uploaded = await fetch(`${base}/v1/media`, {
      method: 'POST',
      headers: owner.key,
      body: form,
    });
    const mediaId = ((await uploaded.json()) as any).media.id;
    const notification = await call(
      base,
      'POST',
      '/v1/notifications',
      { eventTypes: ['post.scheduled'], webhook: { url: `${receiver.url}/hooks` } },
      owner.key,
    );
    const post = await call(
      base,
      'POST',
      '/v1/posts',
      {
        content: 'Exemplo',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integration }],
        scheduledFor: new Date(now + 30 * 86_400_000).toISOString(),
      },
      owner.key,
    );
    const notificationId = notification.body.notification.id;
    // The post.scheduled event reaches the receiver: a delivery to resend.
    await settle(platform.server, { until: now + 1000 });
    const deliveries = await call(
      base,
      'GET',
      `/v1/notifications/${notificationId}/deliveries`,
      undefined,
      owner.key,
    );
    const spareKey = await call(
      base,
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'revogável' },
      { authorization: owner.bearer.authorization! },
    );
    const session = await call(base, 'POST', '/v1/auth/login', {
      email: owner.email,
      password: 'correct horse battery',
    });
    // An authorisation granted on the emulator, whose callback only the example sends.
    const other = platform.emulator.createAccount({ username: 'exemplo', accountType: 'BUSINESS' });
    const start = await call(base, 'GET', '/v1/connect/instagram', undefined, owner.key);
    const authorize = new URL(start.body.url);
    authorize.searchParams.set('account', other.id);
    authorize.searchParams.set('decision', 'allow');
    const callback = new URL(
      (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
    );
    const signed = createSignedRequest(
      {
        algorithm: 'HMAC-SHA256',
        issued_at: Math.floor(now / 1000),
        user_id: '17841400000000999',
      },
      DEFAULT_APP_SECRET,
    );
    const deletion = await call(
      base,
      'POST',
      '/v1/meta/data-deletion',
      `signed_request=${signed}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );

    // The team: a member of the owner's project, a pending invitation to cancel, and an
    // invitation to another project for the owner to accept.
    const bearerOf = (account: Account) => ({ authorization: account.bearer.authorization! });
    const invitation = async (from: Account, email: string) =>
      (
        await call(
          base,
          'POST',
          `/v1/projects/${from.projectId}/invitations`,
          { email, role: 'viewer' },
          bearerOf(from),
        )
      ).body.invitation as { id: string; url: string };
    const member = await createAccount(base);
    const joined = await call(
      base,
      'POST',
      '/v1/invitations/accept',
      { token: (await invitation(owner, member.email)).url.split('/').pop() },
      bearerOf(member),
    );
    if (joined.status !== 200) throw new Error(JSON.stringify(joined.body));
    set('memberUserId', member.userId);
    set('invitationId', (await invitation(owner, 'pendente@example.com')).id);
    set('invitationToken', (await invitation(doomed, owner.email)).url.split('/').pop()!);

    // Review links of the post: one to revoke, another to look up.
    const reviewLink = async () =>
      (
        await call(
          base,
          'POST',
          `/v1/posts/${post.body.post.id}/review-links`,
          { expiresInHours: 24 },
          owner.key,
        )
      ).body.reviewLink as { id: string; url: string };
    set('reviewLinkId', (await reviewLink()).id);
    set('reviewToken', (await reviewLink()).url.split('/').pop()!);

    // A published post with a comment read by polling, and a saved reply to delete.
    const published = await call(
      base,
      'POST',
      '/v1/posts',
      {
        content: 'Publicado',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', 5) }],
        platforms: [{ platform: 'instagram', accountId: integration }],
      },
      owner.key,
    );
    // Only what is due now: the scheduled posts and the sessions stay as they are.
    await settle(platform.server, { until: platform.server.clock.now() });
    const publishedPost = await call(
      base,
      'GET',
      `/v1/posts/${published.body.post.id}`,
      undefined,
      owner.key,
    );
    platform.emulator.addComment({
      mediaId: publishedPost.body.post.platforms[0].platformPostId,
      username: 'ana.souza',
      text: 'Quanto custa?',
    });
    await call(base, 'POST', '/v1/comments/sync', {}, owner.key);
    set(
      'commentId',
      (await call(base, 'GET', '/v1/comments', undefined, owner.key)).body.comments[0].id,
    );
    const savedReply = await call(
      base,
      'POST',
      '/v1/saved-replies',
      { title: 'Apagar', text: 'Uma resposta pronta' },
      owner.key,
    );
    set('savedReplyId', savedReply.body.savedReply.id);
    const snippet = await call(
      base,
      'POST',
      '/v1/snippets',
      { kind: 'caption', title: 'Bom dia', text: 'Bom dia! ☕' },
      owner.key,
    );
    set('snippetId', snippet.body.snippet.id);
    const recurring = await call(
      base,
      'POST',
      '/v1/posts',
      {
        content: 'Toda segunda',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integration }],
        scheduledFor: new Date(now + 7 * 86_400_000).toISOString(),
        timezone: 'America/Sao_Paulo',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
      },
      owner.key,
    );
    set('seriesId', recurring.body.post.series.id);
    const feedUrl = media.serve(
      '/exemplo.xml',
      Buffer.from('<rss version="2.0"><channel><title>Blog</title></channel></rss>'),
      'application/rss+xml',
    );
    const feed = await call(
      base,
      'POST',
      '/v1/feeds',
      { url: feedUrl, integrationIds: [integration], mode: 'draft' },
      owner.key,
    );
    set('feedId', feed.body.feed.id);
    set('feedUrl', feedUrl);

    set('projectId', owner.projectId);
    set('organizationId', owner.organizationId);
    set('apiKeyId', spareKey.body.apiKey.id);
    set('profileId', profile);
    set('integrationId', integration);
    set('postId', post.body.post.id);
    set('mediaId', mediaId);
    set('notificationId', notificationId);
    set('deliveryId', deliveries.body.deliveries[0].id);
    set('refreshToken', session.body.refreshToken);
    set('imageUrl', media.image(1080, 1350, 'jpg', 3));
    set('webhookUrl', `${receiver.url}/hooks`);
    set('oauthCode', callback.searchParams.get('code')!);
    set('oauthState', callback.searchParams.get('state')!);
    set('signedRequest', signed);
    set('dataDeletionCode', deletion.body.confirmation_code);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await receiver?.close();
    await media?.close();
  });

  function credentials(route: RouteDefinition): Record<string, string> {
    if (route.auth === 'key') return owner.key;
    if (route.auth === 'public') return {};
    return { authorization: (route.id === 'deleteMe' ? doomed : owner).bearer.authorization! };
  }

  async function send(route: RouteDefinition, example: RouteExample) {
    const params = substitute(example.params ?? {}, real) as Record<string, string>;
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name]!),
    );
    const query = new URLSearchParams(
      Object.entries(substitute(example.query ?? {}, real) as object).map(([k, v]) => [
        k,
        String(v),
      ]),
    ).toString();
    const headers = credentials(route);
    const init: RequestInit = { method: route.method, headers, redirect: 'manual' };
    if (example.body !== undefined) {
      const body = substitute(example.body, real) as Record<string, unknown>;
      const type = exampleContentType(route, example);
      if (type === 'multipart/form-data') {
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) {
          if (value === EXAMPLE_VALUES.imageFile)
            form.append(name, new Blob([readFileSync(SAMPLE_IMAGE)]), String(value));
          else form.append(name, String(value));
        }
        init.body = form;
      } else if (type === 'application/x-www-form-urlencoded') {
        init.headers = { ...headers, 'content-type': type };
        init.body = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        init.headers = { ...headers, 'content-type': type };
        init.body = JSON.stringify(body);
      }
    }
    const response = await fetch(`${platform.server.url}${path}${query ? `?${query}` : ''}`, init);
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  /** What is wrong with the answer to an example, or `null`. */
  function breach(
    route: RouteDefinition,
    example: RouteExample,
    answer: Awaited<ReturnType<typeof send>>,
  ): string | null {
    if (example.answers) {
      const expected = HTTP_ERRORS[example.answers].status;
      if (answer.status !== expected || answer.json?.code !== example.answers)
        return `${answer.status} ${answer.json?.code ?? answer.text.slice(0, 120)}, expected ${example.answers}`;
      return null;
    }
    const declared = route.responses[answer.status];
    if (!declared)
      return `${answer.status} ${answer.json?.code ?? ''} ${answer.json?.message ?? answer.text.slice(0, 120)}`;
    if (declared.schema && !declared.schema.safeParse(answer.json).success)
      return `${answer.status} outside its schema`;
    return null;
  }

  it('every example gets the answer the contract promises', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of sendingOrder()) {
      for (const [name, example] of Object.entries(route.examples)) {
        const answer = await send(route, example);
        sent++;
        const problem = breach(route, example, answer);
        if (problem) failures.push(`${route.id}.${name}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(ROUTES.length);
  });
});
