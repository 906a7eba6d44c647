/**
 * The media library (`GET /v1/media`, `GET|DELETE /v1/media/{id}`) against a real server
 * wired to the Instagram emulator, on every database: listing and its pages, reading with
 * the posts that use a media, refusing to delete what a post still has to publish, the
 * removal of the stored files, tenant isolation, a post accepted while its media is being
 * deleted, and the migration that links the posts written before the library.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migrateToLatest, openStore } from '../src/store/database';
import { MIGRATIONS } from '../src/store/migrations';
import type { Db } from '../src/store/schema';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { fixture, makeFixtures, type FixtureName } from '@reelay/test-support/media-fixtures';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The links the library keeps between posts and media, read as the test sees them. */
const links = (db: Db) =>
  db.withTables<{ post_media: { post_id: string; media_id: string; project_id: string } }>();

beforeAll(() => makeFixtures(), 120_000);

describe.each(testDialects())('media library on $name', (dialect) => {
  let platform: Platform;
  let origin: MediaServer;

  beforeAll(async () => {
    origin = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
  });
  afterAll(async () => {
    await platform.close();
    await origin.close();
  });

  const url = () => platform.server.url;
  const db = () => platform.server.reelay.context.db;
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  /** Runs the queue a little ahead: immediate posts finish, schedules days ahead wait. */
  const runImmediatePosts = () =>
    settle(platform.server, { until: platform.server.clock.now() + 30 * MINUTE });

  interface Project {
    account: Account;
    accountId: string;
    platformAccountId: string;
  }
  let projects = 0;
  /** A project of its own with one connected account, so lists and counts are the test's. */
  async function newProject(): Promise<Project> {
    const account = await createAccount(url());
    const connected = await connectThroughPlatform(platform, account, {
      username: `biblioteca.${++projects}`,
    });
    return {
      account,
      accountId: connected.body.integration.id,
      platformAccountId: connected.platformAccountId,
    };
  }

  async function upload(account: Account, name: FixtureName) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixture(name))]), name);
    const response = await fetch(`${url()}/v1/media`, {
      method: 'POST',
      headers: account.key,
      body: form,
    });
    const body = (await response.json()) as any;
    if (response.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
    // Each media a second apart, so "newest first" has one answer.
    platform.server.clock.advance(1000);
    return body.media;
  }

  const api = (account: Account, method: string, path: string, body?: unknown) =>
    call(url(), method, path, body, account.key);
  let captions = 0;
  const createPost = (project: Project, mediaItems: unknown[], extra = {}) =>
    api(project.account, 'POST', '/v1/posts', {
      content: `Biblioteca ${++captions}`,
      mediaItems,
      platforms: [{ platform: 'instagram', accountId: project.accountId }],
      ...extra,
    });
  const ids = (media: Array<{ id: string }>) => media.map((item) => item.id);
  const count = async (table: 'posts' | 'media', projectId: string) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('lists the project media newest first, with total, pages, order and a type filter', async () => {
    const { account } = await newProject();
    const photo = await upload(account, 'photo.jpg');
    const video = await upload(account, 'reel.mp4');
    const story = await upload(account, 'story-1080x1920.jpg');
    expect(photo.kinds).toEqual(['feed', 'story', 'carousel']);

    const all = await api(account, 'GET', '/v1/media');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, total: 3 });
    expect(ids(all.body.media)).toEqual([story.id, video.id, photo.id]);
    expect(all.body.media).toEqual([
      { ...story, kinds: ['story'] },
      { ...video, kinds: ['reel', 'story', 'carousel'] },
      photo,
    ]);

    const oldest = await api(account, 'GET', '/v1/media?sort=asc');
    expect(ids(oldest.body.media)).toEqual([photo.id, video.id, story.id]);
    const alias = await api(account, 'GET', '/v1/media?sort=createdAt');
    expect(ids(alias.body.media)).toEqual([photo.id, video.id, story.id]);
    const page = await api(account, 'GET', '/v1/media?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: 3 });
    expect(ids(page.body.media)).toEqual([video.id]);
    const past = await api(account, 'GET', '/v1/media?offset=10');
    expect(past.body).toMatchObject({ total: 3, media: [] });

    const videos = await api(account, 'GET', '/v1/media?type=video');
    expect(videos.body).toMatchObject({ total: 1 });
    expect(ids(videos.body.media)).toEqual([video.id]);
    const images = await api(account, 'GET', '/v1/media?type=image&limit=1');
    expect(images.body).toMatchObject({ total: 2 });
    expect(ids(images.body.media)).toEqual([story.id]);

    for (const query of ['type=gif', 'limit=0', 'limit=101', 'offset=-1', 'sort=size']) {
      const refused = await api(account, 'GET', `/v1/media?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: query.split('=')[0] },
      });
    }
  });

  it('lists media imported from post URLs, and reads a media with the posts that use it', async () => {
    const project = await newProject();
    const photo = await upload(project.account, 'photo.jpg');
    const scheduled = await createPost(project, [{ mediaId: photo.id }], {
      scheduledFor: at(5 * DAY),
    });
    expect(scheduled.status).toBe(201);
    const immediate = await createPost(project, [{ mediaId: photo.id }]);
    expect(immediate.status).toBe(202);
    const carousel = await createPost(
      project,
      [{ mediaId: photo.id }, { type: 'image', url: origin.image(1080, 1080, 'jpg', 3) }],
      { scheduledFor: at(6 * DAY) },
    );
    expect(carousel.status).toBe(201);
    const importedId = carousel.body.post.mediaItems[1].mediaId;

    const listed = await api(project.account, 'GET', '/v1/media');
    expect(listed.body.total).toBe(2);
    expect(ids(listed.body.media)).toEqual([importedId, photo.id]);
    expect(listed.body.media[0]).toMatchObject({ type: 'image', width: 1080, height: 1080 });

    const read = await api(project.account, 'GET', `/v1/media/${photo.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      success: true,
      media: {
        ...photo,
        unused: false,
        posts: [
          {
            id: carousel.body.post.id,
            status: 'scheduled',
            scheduledFor: carousel.body.post.scheduledFor,
          },
          { id: immediate.body.post.id, status: 'queued', scheduledFor: null },
          {
            id: scheduled.body.post.id,
            status: 'scheduled',
            scheduledFor: scheduled.body.post.scheduledFor,
          },
        ],
      },
    });
    expect(read.body.media).toMatchObject({
      type: 'image',
      size: readFileSync(fixture('photo.jpg')).length,
      width: 1080,
      height: 1350,
      duration: null,
      kinds: ['feed', 'story', 'carousel'],
    });
    const imported = await api(project.account, 'GET', `/v1/media/${importedId}`);
    expect(imported.body.media.posts).toEqual([
      expect.objectContaining({ id: carousel.body.post.id }),
    ]);

    const video = await upload(project.account, 'reel.mp4');
    const unused = await api(project.account, 'GET', `/v1/media/${video.id}`);
    expect(unused.body.media).toMatchObject({ duration: 3.2, posts: [] });
  });

  it('refuses to delete media a post still has to publish, naming the posts, until they are edited or cancelled', async () => {
    const project = await newProject();
    const photo = await upload(project.account, 'photo.jpg');
    const other = await upload(project.account, 'square-alpha.png');
    const scheduled = (
      await createPost(project, [{ mediaId: photo.id }], { scheduledFor: at(5 * DAY) })
    ).body.post;
    const queued = (await createPost(project, [{ mediaId: photo.id }])).body.post;

    const refused = await api(project.account, 'DELETE', `/v1/media/${photo.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409,
      code: 'MEDIA_IN_USE',
      details: { postIds: [queued.id, scheduled.id] },
    });
    expect(refused.body.message).toContain(scheduled.id);
    expect(refused.body.message).toMatch(/cancele ou edite/);
    expect((await api(project.account, 'GET', `/v1/media/${photo.id}`)).status).toBe(200);
    expect((await fetch(photo.url)).status).toBe(200);

    // Published, the immediate post no longer holds the media; the scheduled one does.
    await runImmediatePosts();
    const still = await api(project.account, 'DELETE', `/v1/media/${photo.id}`);
    expect(still.body).toMatchObject({
      code: 'MEDIA_IN_USE',
      details: { postIds: [scheduled.id] },
    });

    const edited = await api(project.account, 'PATCH', `/v1/posts/${scheduled.id}`, {
      mediaItems: [{ mediaId: other.id }],
    });
    expect(edited.status).toBe(200);
    const deleted = await api(project.account, 'DELETE', `/v1/media/${photo.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Mídia removida.' });

    const held = await api(project.account, 'DELETE', `/v1/media/${other.id}`);
    expect(held.body).toMatchObject({ code: 'MEDIA_IN_USE', details: { postIds: [scheduled.id] } });
    expect(
      (await api(project.account, 'DELETE', `/v1/posts/${scheduled.id}`)).body.post.status,
    ).toBe('cancelled');
    expect((await api(project.account, 'DELETE', `/v1/media/${other.id}`)).status).toBe(200);
    expect(await count('media', project.account.projectId)).toBe(0);
  });

  it('deletes media only finished posts used: their items stay, the hosted URL answers 404, a retry is refused', async () => {
    const project = await newProject();
    const photo = await upload(project.account, 'photo.jpg');
    const published = (await createPost(project, [{ mediaId: photo.id }])).body.post;
    await runImmediatePosts();
    platform.emulator.addFault({
      path: '/media_publish',
      account: project.platformAccountId,
      code: 368,
      message: 'blocked',
    });
    const failed = (await createPost(project, [{ mediaId: photo.id }])).body.post;
    await runImmediatePosts();
    const before = await api(project.account, 'GET', `/v1/posts/${published.id}`);
    expect(before.body.post.status).toBe('published');
    expect((await api(project.account, 'GET', `/v1/posts/${failed.id}`)).body.post.status).toBe(
      'failed',
    );

    const deleted = await api(project.account, 'DELETE', `/v1/media/${photo.id}`);
    expect(deleted.status).toBe(200);

    const after = await api(project.account, 'GET', `/v1/posts/${published.id}`);
    expect(after.body.post.mediaItems).toEqual([
      { type: 'image', mediaId: photo.id, url: photo.url },
    ]);
    expect(after.body.post).toEqual(before.body.post);
    expect((await fetch(photo.url)).status).toBe(404);
    const gone = await api(project.account, 'GET', `/v1/media/${photo.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('NOT_FOUND');

    const retried = await api(project.account, 'POST', `/v1/posts/${failed.id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.body.code).toBe('POST_NOT_RETRYABLE');
    expect(retried.body.message).toContain(photo.id);
    expect((await api(project.account, 'GET', `/v1/posts/${failed.id}`)).body.post.status).toBe(
      'failed',
    );
  });

  it('removes the stored original and its JPEG rendition from local storage', async () => {
    const { account } = await newProject();
    const png = await upload(account, 'square-alpha.png');
    const media = platform.server.reelay.context.media;
    const record = (await media.find(account.projectId, png.id))!;
    const renditionUrl = await media.platformUrl(record);
    const keys = [record.storageKey, `${account.projectId}/${png.id}/platform.jpg`];
    for (const key of keys) expect(await media.storage.exists(key), key).toBe(true);
    expect((await fetch(renditionUrl)).status).toBe(200);

    expect((await api(account, 'DELETE', `/v1/media/${png.id}`)).status).toBe(200);
    for (const key of keys) expect(await media.storage.exists(key), key).toBe(false);
    expect((await fetch(png.url)).status).toBe(404);
    expect((await fetch(renditionUrl)).status).toBe(404);
    const folder = join(platform.server.reelay.config.dataDir, 'media', 'files', account.projectId);
    expect(existsSync(folder)).toBe(false);
    // Nothing was left queued for the sweep.
    const queued = await db()
      .selectFrom('media_erasures')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    expect(queued).toEqual([]);
  });

  it("answers NOT_FOUND for another project's media on every route and leaves it alone", async () => {
    const owner = await createAccount(url());
    const stranger = await createAccount(url());
    const photo = await upload(owner, 'photo.jpg');
    for (const headers of [stranger.key, stranger.bearer]) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await call(url(), method, `/v1/media/${photo.id}`, undefined, headers);
        expect(answer.status, method).toBe(404);
        expect(answer.body.code, method).toBe('NOT_FOUND');
      }
      const listed = await call(url(), 'GET', '/v1/media', undefined, headers);
      expect(listed.body).toMatchObject({ total: 0, media: [] });
    }
    const unknown = await api(owner, 'GET', '/v1/media/med_00000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect((await api(owner, 'DELETE', '/v1/media/post_123')).status).toBe(404);
    expect((await api(owner, 'GET', `/v1/media/${photo.id}`)).status).toBe(200);
    expect((await fetch(photo.url)).status).toBe(200);
    expect((await api(owner, 'GET', '/v1/media')).body.total).toBe(1);
  });

  it('refuses a post whose media is deleted while the post is being accepted, and stores nothing', async () => {
    const project = await newProject();
    const photo = await upload(project.account, 'photo.jpg');
    const quotaReads = () =>
      platform.emulator.requests({ path: '/content_publishing_limit' }).length;
    const readsBefore = quotaReads();
    // The platform is slow to tell the account's quota: the post has found its media and
    // waits for the platform, outside any transaction, while the media is deleted.
    platform.emulator.addFault({ path: '/content_publishing_limit', latencyMs: 2000 });
    let answered = false;
    const accepting = createPost(project, [{ mediaId: photo.id }], {
      scheduledFor: at(5 * DAY),
    }).finally(() => {
      answered = true;
    });
    for (let wait = 0; quotaReads() === readsBefore; wait++) {
      if (wait > 200) throw new Error('the post never asked for the quota');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const deleted = await api(project.account, 'DELETE', `/v1/media/${photo.id}`);
    expect(deleted.status).toBe(200);
    expect(answered).toBe(false);

    const refused = await accepting;
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'mediaItems[0].mediaId' },
    });
    expect(await count('posts', project.account.projectId)).toBe(0);
    const linked = await links(db())
      .selectFrom('post_media')
      .selectAll()
      .where('project_id', '=', project.account.projectId)
      .execute();
    expect(linked).toEqual([]);
  });

  it('drops the links of erased projects with DELETE /v1/me', async () => {
    const project = await newProject();
    const photo = await upload(project.account, 'photo.jpg');
    await createPost(project, [{ mediaId: photo.id }], { scheduledFor: at(5 * DAY) });
    const linked = () =>
      links(db())
        .selectFrom('post_media')
        .select('media_id')
        .where('project_id', '=', project.account.projectId)
        .execute();
    expect(await linked()).toEqual([{ media_id: photo.id }]);
    const erased = await call(url(), 'DELETE', '/v1/me', undefined, {
      authorization: `Bearer ${project.account.accessToken}`,
    });
    expect(erased.status).toBe(204);
    expect(await linked()).toEqual([]);
  });

  it('links the posts stored before the library to their media when migrating', async () => {
    const database = await dialect.create();
    const store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      const migrator = new Migrator({
        db: store.db,
        provider: { getMigrations: async () => MIGRATIONS },
      });
      const before = await migrator.migrateTo('2026-11-24-008-post-insights');
      expect(before.error).toBeUndefined();
      const post = (id: string, projectId: string, mediaIds: string[]) => ({
        id,
        project_id: projectId,
        kind: mediaIds.length > 1 ? ('carousel' as const) : ('feed' as const),
        content: '',
        timezone: 'UTC',
        scheduled_for: null,
        was_scheduled: 0,
        media_items: JSON.stringify(
          mediaIds.map((mediaId) => ({ type: 'image', mediaId, url: `https://x.test/${mediaId}` })),
        ),
        idempotency_key: null,
        request_hash: null,
        status: 'published' as const,
        published_at: 1,
        created_at: 1,
        updated_at: 1,
      });
      // Rows of the table as it was then, before the columns later migrations add.
      await store.db
        .insertInto('posts')
        .values([
          post('post_a', 'proj_1', ['med_1']),
          // The same media twice in a carousel is one link.
          post('post_b', 'proj_1', ['med_1', 'med_2', 'med_1']),
          post('post_c', 'proj_2', ['med_3']),
        ] as never)
        .execute();

      await migrateToLatest(store);
      const rows = await links(store.db)
        .selectFrom('post_media')
        .selectAll()
        .orderBy('post_id')
        .orderBy('media_id')
        .execute();
      expect(rows).toEqual([
        { post_id: 'post_a', media_id: 'med_1', project_id: 'proj_1' },
        { post_id: 'post_b', media_id: 'med_1', project_id: 'proj_1' },
        { post_id: 'post_b', media_id: 'med_2', project_id: 'proj_1' },
        { post_id: 'post_c', media_id: 'med_3', project_id: 'proj_2' },
      ]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
