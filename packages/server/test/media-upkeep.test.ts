/**
 * The media library's upkeep against a real server, on every database: the file name an
 * upload or an import was sent with, whether a media is unused and kept, `PATCH
 * /v1/media/{id}`, and the cleanup that deletes unused, unkept media after
 * `REELAY_UNUSED_MEDIA_DAYS` with its files, never one a post uses, even a post written
 * while the cleanup runs.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdPostMedia } from '../src/publishing/held-media';
import { deleteUnusedMedia } from '../src/media/unused-media-cleanup';
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

beforeAll(() => makeFixtures(), 120_000);

describe.each(testDialects())('media upkeep on $name', (dialect) => {
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
    await platform?.close();
    await origin?.close();
  });

  const url = () => platform.server.url;
  const reelay = () => platform.server.reelay;
  const clock = () => platform.server.clock;
  const at = (ms: number) => new Date(clock().now() + ms).toISOString();

  interface Project {
    account: Account;
    accountId: string;
  }
  let projects = 0;
  async function newProject(): Promise<Project> {
    const account = await createAccount(url());
    const connected = await connectThroughPlatform(platform, account, {
      username: `limpeza.${++projects}`,
    });
    return { account, accountId: connected.body.integration.id };
  }

  async function upload(account: Account, name: FixtureName, sentAs: string = name) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixture(name))]), sentAs);
    const response = await fetch(`${url()}/v1/media`, {
      method: 'POST',
      headers: account.key,
      body: form,
    });
    const body = (await response.json()) as any;
    if (response.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
    clock().advance(1000);
    return body.media;
  }

  const api = (account: Account, method: string, path: string, body?: unknown) =>
    call(url(), method, path, body, account.key);
  let captions = 0;
  const createPost = (project: Project, mediaItems: unknown[], extra = {}) =>
    api(project.account, 'POST', '/v1/posts', {
      content: `Limpeza ${++captions}`,
      mediaItems,
      platforms: [{ platform: 'instagram', accountId: project.accountId }],
      ...extra,
    });
  const listed = async (account: Account, query = '') =>
    (await api(account, 'GET', `/v1/media${query}`)).body;
  const ids = (media: Array<{ id: string }>) => media.map((item) => item.id).sort();
  const storedKeys = async (mediaId: string) => {
    const row = await reelay()
      .context.db.selectFrom('media')
      .select(['storage_key', 'rendition_key'])
      .where('id', '=', mediaId)
      .executeTakeFirstOrThrow();
    return [row.storage_key, row.rendition_key].filter((key): key is string => key !== null);
  };
  const exists = (key: string) => reelay().context.media.storage.exists(key);

  it('keeps the file name of an upload and of a URL import, and searches it', async () => {
    const { account } = await newProject();
    const photo = await upload(account, 'photo.jpg', 'C:\\fakepath\\Café da manhã.JPG');
    expect(photo).toMatchObject({ fileName: 'Café da manhã.JPG', unused: true, keep: false });
    const imported = await api(account, 'POST', '/v1/media', {
      url: origin.image(1080, 1080, 'png', 7),
    });
    expect(imported.status).toBe(201);
    expect(imported.body.media).toMatchObject({ fileName: '1080x1080.png', unused: true });
    const nameless = await upload(account, 'reel.mp4', '\u202e');
    expect(nameless.fileName).toBeNull();

    const all = await listed(account);
    expect(all.media.map((media: any) => media.fileName)).toEqual([
      null,
      '1080x1080.png',
      'Café da manhã.JPG',
    ]);
    const read = await api(account, 'GET', `/v1/media/${photo.id}`);
    expect(read.body.media).toMatchObject({ fileName: 'Café da manhã.JPG', unused: true });

    expect(ids((await listed(account, '?q=caf%C3%A9%20DA')).media)).toEqual([photo.id]);
    expect(ids((await listed(account, '?q=.png')).media)).toEqual([imported.body.media.id]);
    // LIKE's wildcards are searched for as they are.
    expect((await listed(account, '?q=%25')).total).toBe(0);
    expect((await listed(account, '?q=_')).total).toBe(0);
    const refused = await api(account, 'GET', `/v1/media?q=${'x'.repeat(101)}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'q' } });
  });

  it('says which media no post uses, filters by it, and keeps one with PATCH', async () => {
    const project = await newProject();
    const { account } = project;
    const used = await upload(account, 'photo.jpg');
    const free = await upload(account, 'story-1080x1920.jpg');
    const draft = await createPost(project, [{ mediaId: used.id }], { draft: true });
    expect(draft.status).toBe(201);

    const all = await listed(account);
    const byId = new Map(all.media.map((media: any) => [media.id, media]));
    expect(byId.get(used.id)).toMatchObject({ unused: false, keep: false });
    expect(byId.get(free.id)).toMatchObject({ unused: true, keep: false });
    expect(ids((await listed(account, '?unused=true')).media)).toEqual([free.id]);
    expect((await listed(account, '?unused=true')).total).toBe(1);
    expect(ids((await listed(account, '?unused=false')).media)).toEqual([used.id]);
    expect((await api(account, 'GET', '/v1/media?unused=yes')).status).toBe(400);

    const kept = await api(account, 'PATCH', `/v1/media/${free.id}`, { keep: true });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ success: true, media: { ...free, keep: true } });
    expect((await api(account, 'GET', `/v1/media/${free.id}`)).body.media.keep).toBe(true);
    const usedKept = await api(account, 'PATCH', `/v1/media/${used.id}`, { keep: true });
    expect(usedKept.body.media).toMatchObject({ unused: false, keep: true });
    const unkept = await api(account, 'PATCH', `/v1/media/${free.id}`, { keep: false });
    expect(unkept.body.media).toMatchObject({ unused: true, keep: false });
  });

  it('answers PATCH errors in the envelope: unknown media, another project, a bad body', async () => {
    const { account } = await newProject();
    const stranger = await createAccount(url());
    const photo = await upload(account, 'photo.jpg');
    for (const [who, id] of [
      [account, 'med_00000000000000000000000000'],
      [stranger, photo.id],
    ] as const) {
      const missing = await api(who, 'PATCH', `/v1/media/${id}`, { keep: true });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    for (const body of [{}, { keep: 'yes' }, { keep: true, fileName: 'x.jpg' }, null]) {
      const refused = await api(account, 'PATCH', `/v1/media/${photo.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await api(account, 'GET', `/v1/media/${photo.id}`)).body.media.keep).toBe(false);
  });

  it('deletes unused, unkept media older than 7 days with their files, never one a post uses', async () => {
    const project = await newProject();
    const { account } = project;
    const abandoned = await upload(account, 'square-alpha.png');
    // A rendition too: both files go.
    const record = (await reelay().context.media.find(account.projectId, abandoned.id))!;
    await reelay().context.media.platformUrl(record);
    const kept = await upload(account, 'photo.jpg');
    await api(account, 'PATCH', `/v1/media/${kept.id}`, { keep: true });
    const inDraft = await upload(account, 'photo.jpg');
    await createPost(project, [{ mediaId: inDraft.id }], { draft: true });
    const inScheduled = await upload(account, 'photo.jpg');
    await createPost(project, [{ mediaId: inScheduled.id }], { scheduledFor: at(30 * DAY) });
    const inPublished = await upload(account, 'photo.jpg');
    await createPost(project, [{ mediaId: inPublished.id }]);
    await settle(platform.server, { until: clock().now() + 30 * MINUTE });
    const inCancelled = await upload(account, 'photo.jpg');
    const cancelled = await createPost(project, [{ mediaId: inCancelled.id }], {
      scheduledFor: at(30 * DAY),
    });
    await api(account, 'DELETE', `/v1/posts/${cancelled.body.post.id}`);
    const abandonedKeys = await storedKeys(abandoned.id);
    expect(abandonedKeys).toHaveLength(2);
    for (const key of abandonedKeys) expect(await exists(key), key).toBe(true);

    // Six days on: nothing is old enough.
    clock().advance(6 * DAY);
    const young = await upload(account, 'photo.jpg');
    expect((await reelay().tasks.deleteUnusedMedia()).deleted).toBe(0);

    clock().advance(1 * DAY + MINUTE);
    const before = ids((await listed(account)).media);
    const { deleted } = await reelay().tasks.deleteUnusedMedia();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const after = ids((await listed(account)).media);
    expect(after).toEqual(before.filter((id) => id !== abandoned.id));
    expect(after).toEqual(ids([kept, inDraft, inScheduled, inPublished, inCancelled, young]));
    for (const key of abandonedKeys) expect(await exists(key), key).toBe(false);
    expect((await fetch(abandoned.url)).status).toBe(404);
    expect((await api(account, 'GET', `/v1/media/${abandoned.id}`)).status).toBe(404);
    for (const media of [kept, inDraft, inScheduled, inPublished, inCancelled, young]) {
      for (const key of await storedKeys(media.id)) expect(await exists(key), key).toBe(true);
    }
    const queued = await reelay()
      .context.db.selectFrom('media_erasures')
      .select('storage_key')
      .where('storage_key', 'in', abandonedKeys)
      .execute();
    expect(queued).toEqual([]);

    // No longer kept, the old media goes at the next run; the young one waits its turn.
    await api(account, 'PATCH', `/v1/media/${kept.id}`, { keep: false });
    await reelay().tasks.deleteUnusedMedia();
    expect(ids((await listed(account)).media)).toEqual(
      ids([inDraft, inScheduled, inPublished, inCancelled, young]),
    );
    clock().advance(6 * DAY);
    await reelay().tasks.deleteUnusedMedia();
    expect(ids((await listed(account)).media)).toEqual(
      ids([inDraft, inScheduled, inPublished, inCancelled]),
    );
    // A post refused for a media the cleanup took: a clean refusal, nothing stored.
    const late = await createPost(project, [{ mediaId: young.id }], { draft: true });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'mediaItems[0].mediaId' },
    });
  });

  it('leaves a media whose post is being written while the cleanup runs', async () => {
    const { account } = await newProject();
    const photo = await upload(account, 'photo.jpg');
    clock().advance(8 * DAY);
    const { db, capabilities, logger, media } = reelay().context;
    let cleanup: Promise<{ deleted: number }> | undefined;
    let finishedWhileHeld = false;
    // The transaction a post writes itself in: its media held (shared) and linked. The
    // cleanup starts meanwhile, sees the media unused (the link is not committed) and
    // must wait for the post, then see its link.
    await db.transaction().execute(async (trx) => {
      await holdPostMedia(
        trx,
        capabilities,
        {
          id: 'post_00000000000000000000000000',
          projectId: account.projectId,
          mediaItems: [{ type: 'image', mediaId: photo.id, url: photo.url }] as any,
        },
        (index) => `mediaItems[${index}].mediaId`,
      );
      cleanup = deleteUnusedMedia({ db, capabilities, clock: clock(), logger, media, days: 7 });
      void cleanup.then(() => (finishedWhileHeld = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(finishedWhileHeld).toBe(false);
    expect(await cleanup!).toEqual({ deleted: 0 });
    expect((await api(account, 'GET', `/v1/media/${photo.id}`)).status).toBe(200);
    for (const key of await storedKeys(photo.id)) expect(await exists(key)).toBe(true);
  });

  it('does nothing with REELAY_UNUSED_MEDIA_DAYS=0', async () => {
    const { account } = await newProject();
    const photo = await upload(account, 'photo.jpg');
    clock().advance(400 * DAY);
    const { db, capabilities, logger, media } = reelay().context;
    const off = await deleteUnusedMedia({
      db,
      capabilities,
      clock: clock(),
      logger,
      media,
      days: 0,
    });
    expect(off).toEqual({ deleted: 0 });
    expect((await api(account, 'GET', `/v1/media/${photo.id}`)).status).toBe(200);
  });
});
