/**
 * The access rules of spec §5 and tenant isolation, over every route the server answers,
 * driven by the contract table so a new route cannot skip them.
 */
import { ROUTES, type RouteDefinition, type RouteId } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { emitEvents } from './helpers/outbox';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const SAMPLE_ID = '01jd8k2m3n4p5q6r7s8t9v0wxy';

/** A concrete path for a route: its parameters filled with `values` or sample ids. */
function pathOf(route: RouteDefinition, values: Record<string, string> = {}): string {
  return route.path.replace(
    /\{([^}]+)\}/g,
    (_match, name: string) =>
      values[name] ?? (name === 'platform' ? 'instagram' : `x_${SAMPLE_ID}`),
  );
}

/** Bodies valid enough to get past validation, so the answer is about access. */
const BODIES: Partial<Record<RouteId, unknown>> = {
  updateOrganization: { name: 'Nome' },
  createApiKey: {},
  createProfile: { name: 'Perfil' },
  updatePost: { content: 'Outro texto' },
  updateNotification: { paused: true },
  replaceIntegrationSlots: { timezone: 'UTC', slots: [] },
  replaceProfileSlots: { timezone: 'UTC', slots: [] },
  createPostNote: { text: 'Uma nota' },
  updateProfile: { name: 'Outro nome' },
  rejectPost: { reason: 'Outra foto' },
  updateProjectSettings: { approvalRequired: false },
  createReviewLink: { expiresInHours: 24 },
  replyToComment: { message: 'Obrigada!' },
  updateComment: { status: 'read' },
  privateReplyToComment: { message: 'Oi!' },
  commentOnPost: { message: 'Obrigado!' },
  setPostCommenting: { enabled: false },
  updateSnippet: { text: 'Outro texto' },
  updateMedia: { keep: true },
  updateSeries: { content: 'Outro texto' },
  updateFeed: { paused: true },
};

describe.each(testDialects())('access matrix on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let stranger: Account;
  let mounted: RouteDefinition[];
  /** Resources of `stranger`'s project, by route, to try from `owner`'s credentials. */
  const foreign: Partial<Record<RouteId, Record<string, string>>> = {};

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    stranger = await createAccount(platform.server.url);
    const ids = new Set(platform.server.reelay.mountedRoutes);
    mounted = ROUTES.filter((route) => ids.has(route.id as RouteId));

    const profileId = (
      await call(platform.server.url, 'POST', '/v1/profiles', { name: 'Alheio' }, stranger.key)
    ).body.profile.id;
    const integrationId = (await connectThroughPlatform(platform, stranger)).body.integration.id;
    foreign.deleteProfile = foreign.updateProfile = { id: profileId };
    foreign.deleteIntegration = { id: integrationId };
    foreign.getIntegrationHealth = { id: integrationId };
    foreign.getIntegrationInsights = { id: integrationId };
    for (const id of [
      'getIntegrationSlots',
      'replaceIntegrationSlots',
      'listIntegrationFreeSlots',
      'suggestIntegrationSlots',
    ] as const)
      foreign[id] = { id: integrationId };
    // Another profile: the owner's removal of the first must not hide it from these routes.
    const scheduledProfileId = (
      await call(platform.server.url, 'POST', '/v1/profiles', { name: 'Agenda' }, stranger.key)
    ).body.profile.id;
    for (const id of ['getProfileSlots', 'replaceProfileSlots', 'listProfileFreeSlots'] as const)
      foreign[id] = { id: scheduledProfileId };
    const post = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Alheio',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        scheduledFor: new Date(platform.server.clock.now() + 24 * 60 * 60_000).toISOString(),
      },
      stranger.key,
    );
    for (const id of [
      'getPost',
      'updatePost',
      'deletePost',
      'retryPost',
      'getPostInsights',
      'listPostNotes',
      'createPostNote',
      'listPostActivity',
      'submitPost',
      'approvePost',
      'rejectPost',
      'createReviewLink',
      'listReviewLinks',
    ] as const)
      foreign[id] = { id: post.body.post.id };
    const reviewLink = await call(
      platform.server.url,
      'POST',
      `/v1/posts/${post.body.post.id}/review-links`,
      { expiresInHours: 24 },
      stranger.key,
    );
    foreign.deleteReviewLink = { id: reviewLink.body.reviewLink.id };
    // The media the post imported from its URL: the scheduled post holds it, so its owner's
    // deletion is refused (409), never answered 404.
    foreign.getMedia =
      foreign.updateMedia =
      foreign.deleteMedia =
        { id: post.body.post.mediaItems[0].mediaId };
    const subscribe = async () =>
      (
        await call(
          platform.server.url,
          'POST',
          '/v1/notifications',
          { eventTypes: ['post.failed'], webhook: { url: 'http://127.0.0.1:9/webhooks' } },
          stranger.key,
        )
      ).body.notification.id as string;
    const notificationId = await subscribe();
    for (const id of [
      'getNotification',
      'updateNotification',
      'rotateNotificationSecret',
      'listDeliveries',
    ] as const)
      foreign[id] = { id: notificationId };
    // A delivery of that subscription (its receiver is down: it stays pending, so its owner
    // is answered DELIVERY_PENDING, never 404).
    await emitEvents(platform.server, stranger.projectId, 1, { type: 'post.failed' });
    await platform.server.reelay.tasks.runDueJobs();
    const deliveries = await call(
      platform.server.url,
      'GET',
      `/v1/notifications/${notificationId}/deliveries`,
      undefined,
      stranger.key,
    );
    foreign.redeliverDelivery = {
      id: notificationId,
      deliveryId: deliveries.body.deliveries[0].id,
    };
    // Its own: the owner's successful removal must not hide it from the routes after it.
    foreign.deleteNotification = { id: await subscribe() };
    // A published post of the stranger, with a comment read by polling, and a saved reply.
    const published = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Publicado alheio',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', 7) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
      },
      stranger.key,
    );
    // Only what is due now: the scheduled posts and the sessions stay as they are.
    await settle(platform.server, { until: platform.server.clock.now() });
    const publishedPost = await call(
      platform.server.url,
      'GET',
      `/v1/posts/${published.body.post.id}`,
      undefined,
      stranger.key,
    );
    for (const id of ['commentOnPost', 'setPostCommenting'] as const)
      foreign[id] = { id: published.body.post.id };
    platform.emulator.addComment({
      mediaId: publishedPost.body.post.platforms[0].platformPostId,
      username: 'alguem',
      text: 'Comentário alheio',
    });
    await call(platform.server.url, 'POST', '/v1/comments/sync', {}, stranger.key);
    const comments = await call(
      platform.server.url,
      'GET',
      '/v1/comments',
      undefined,
      stranger.key,
    );
    for (const id of [
      'getComment',
      'replyToComment',
      'hideComment',
      'unhideComment',
      'deleteComment',
      'updateComment',
      'privateReplyToComment',
    ] as const)
      foreign[id] = { id: comments.body.comments[0].id };
    const savedReply = await call(
      platform.server.url,
      'POST',
      '/v1/saved-replies',
      { title: 'Alheia', text: 'Resposta alheia' },
      stranger.key,
    );
    foreign.deleteSavedReply = { id: savedReply.body.savedReply.id };
    const snippet = await call(
      platform.server.url,
      'POST',
      '/v1/snippets',
      { kind: 'hashtags', title: 'Alheio', text: '#alheio' },
      stranger.key,
    );
    foreign.updateSnippet = foreign.deleteSnippet = { id: snippet.body.snippet.id };
    const recurring = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Série alheia',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', 7) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        scheduledFor: new Date(platform.server.clock.now() + 86_400_000).toISOString(),
        recurrence: { rrule: 'FREQ=WEEKLY' },
      },
      stranger.key,
    );
    foreign.getSeries =
      foreign.updateSeries =
      foreign.stopSeries =
        {
          id: recurring.body.post.series.id,
        };
    const feed = await call(
      platform.server.url,
      'POST',
      '/v1/feeds',
      {
        url: media.serve(
          '/alheio.xml',
          Buffer.from('<rss version="2.0"><channel><title>Alheio</title></channel></rss>'),
          'application/rss+xml',
        ),
        integrationIds: [integrationId],
        mode: 'draft',
      },
      stranger.key,
    );
    // The owner's delete comes last in the table, after the reads and the check.
    for (const id of ['getFeed', 'updateFeed', 'checkFeed', 'deleteFeed'] as const)
      foreign[id] = { id: feed.body.feed.id };
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const send = (
    route: RouteDefinition,
    headers: Record<string, string>,
    values?: Record<string, string>,
  ) =>
    call(
      platform.server.url,
      route.method,
      pathOf(route, values),
      BODIES[route.id as RouteId],
      headers,
    );

  it('answers every route of the contract', () => {
    expect(mounted.map((route) => route.id).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  it('answers 401 without a credential on every K and B route', async () => {
    for (const route of mounted.filter((candidate) => candidate.auth !== 'public')) {
      const answer = await send(route, {});
      expect(answer.status, route.id).toBe(401);
      expect(answer.body.code, route.id).toBe('UNAUTHORIZED');
    }
  });

  it('answers 401 to both credentials together on every K and B route', async () => {
    for (const route of mounted.filter((candidate) => candidate.auth !== 'public')) {
      expect((await send(route, { ...owner.key, ...owner.bearer })).status, route.id).toBe(401);
    }
  });

  it('answers 401 to an API key on every Bearer-only route', async () => {
    for (const route of mounted.filter((candidate) => candidate.auth === 'bearer')) {
      expect((await send(route, owner.key, { id: owner.projectId })).status, route.id).toBe(401);
    }
  });

  it('answers 400 PROJECT_REQUIRED to Bearer without x-project-id on every K route', async () => {
    for (const route of mounted.filter((candidate) => candidate.auth === 'key')) {
      const answer = await send(route, { authorization: owner.bearer.authorization! });
      expect(answer.body.code, route.id).toBe('PROJECT_REQUIRED');
    }
  });

  it("answers 403 to Bearer with another user's project on every K route", async () => {
    for (const route of mounted.filter((candidate) => candidate.auth === 'key')) {
      const answer = await send(route, { ...owner.bearer, 'x-project-id': stranger.projectId });
      expect(answer.body.code, route.id).toBe('FORBIDDEN');
    }
  });

  it("answers 404 for another project's resource on every K route with an id, in both modes", async () => {
    const withIds = mounted.filter((route) => route.auth === 'key' && route.path.includes('{id}'));
    for (const route of withIds) {
      const values = foreign[route.id as RouteId];
      expect(values, `${route.id} needs a foreign resource in this test`).toBeDefined();
      for (const headers of [owner.key, owner.bearer]) {
        const answer = await send(route, headers, values);
        expect(answer.status, route.id).toBe(404);
        expect(answer.body.code, route.id).toBe('NOT_FOUND');
      }
      // The owner of the resource is answered.
      expect((await send(route, stranger.key, values)).status, route.id).not.toBe(404);
    }
  });

  it("answers 403 for another user's project or organization on Bearer routes", async () => {
    for (const route of mounted.filter(
      (candidate) => candidate.auth === 'bearer' && candidate.path.includes('{id}'),
    )) {
      const id = route.path.startsWith('/v1/organizations')
        ? stranger.organizationId
        : stranger.projectId;
      const answer = await send(
        route,
        { authorization: owner.bearer.authorization! },
        { id, keyId: `key_${SAMPLE_ID}` },
      );
      expect(answer.body.code, route.id).toBe('FORBIDDEN');
    }
  });
});
