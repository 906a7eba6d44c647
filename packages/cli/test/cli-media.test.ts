/**
 * `reelay media list|show|delete`, as the built binary, against a real server (SQLite)
 * wired to the Instagram emulator: the library page by page and by type, a media with the
 * posts that use it, and a deletion refused while a scheduled post uses the media.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

const DAY = 24 * 3_600_000;

describe('reelay media list, show and delete', { timeout: 120_000 }, () => {
  let platform: Platform;
  let owner: Account;
  let accountId: string;
  let reelay: Cli;
  let photoId: string;
  let videoId: string;

  beforeAll(async () => {
    await makeFixtures();
    platform = await startWithEmulator(testDialects()[0]!, { reelay: { workers: false } });
    owner = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, { username: 'cli.midias' });
    accountId = connected.body.integration.id;
    reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
    const photo = await reelay.run(['media', 'upload', fixture('photo.jpg'), '--json']);
    expect(photo.code, photo.stderr).toBe(0);
    photoId = photo.json().media.id;
    platform.server.clock.advance(1000);
    const video = await reelay.run(['media', 'upload', fixture('reel.mp4'), '--json']);
    expect(video.code, video.stderr).toBe(0);
    videoId = video.json().media.id;
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
  });

  it('lists the media newest first, by type and page by page', async () => {
    const all = await reelay.run(['media', 'list', '--json']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.json()).toMatchObject({ success: true, total: 2 });
    expect(all.json().media.map((media: { id: string }) => media.id)).toEqual([videoId, photoId]);
    expect(all.json().media[1].kinds).toEqual(['feed', 'story', 'carousel']);

    const videos = await reelay.run(['media', 'list', '--type', 'video', '--json']);
    expect(videos.json()).toMatchObject({ total: 1, media: [{ id: videoId, type: 'video' }] });

    const page = await reelay.run(['media', 'list', '--limit', '1']);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/ID\s+TIPO\s+TAMANHO\s+DIMENSÕES\s+DURAÇÃO\s+CABE EM/);
    expect(page.stdout).toContain(videoId);
    expect(page.stdout).toContain('reel, story, carousel');
    expect(page.stdout).not.toContain(photoId);
    expect(page.stdout).toContain('1 de 2; veja mais com --offset 1 ou --all');

    const every = await reelay.run(['media', 'list', '--all', '--sort', 'asc', '--json']);
    expect(every.json().media.map((media: { id: string }) => media.id)).toEqual([photoId, videoId]);

    const refused = await reelay.run(['media', 'list', '--type', 'gif']);
    expect(refused.code).toBe(2);
    expect(await reelay.run(['media', 'list', '--limit', '0']).then((r) => r.code)).toBe(2);
  });

  it('refuses to delete a media a scheduled post uses, shows that post, then deletes it once cancelled', async () => {
    const scheduled = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Mídia da biblioteca',
        mediaItems: [{ mediaId: photoId }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(platform.server.clock.now() + 3 * DAY).toISOString(),
      },
      owner.key,
    );
    expect(scheduled.status).toBe(201);
    const postId = scheduled.body.post.id as string;

    const shown = await reelay.run(['media', 'show', photoId, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.json().media).toMatchObject({
      id: photoId,
      kinds: ['feed', 'story', 'carousel'],
      posts: [{ id: postId, status: 'scheduled' }],
    });
    const text = await reelay.run(['media', 'show', photoId]);
    expect(text.stdout).toContain('Cabe em:');
    expect(text.stdout).toContain('Posts que a usam:');
    expect(text.stdout).toMatch(new RegExp(`${postId}\\s+scheduled`));

    const refused = await reelay.run(['media', 'delete', photoId, '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.errorJson()).toMatchObject({
      code: 'MEDIA_IN_USE',
      details: { postIds: [postId] },
    });
    const told = await reelay.run(['media', 'delete', photoId]);
    expect(told.stderr).toContain('erro [MEDIA_IN_USE]');
    expect(told.stderr).toContain('reelay posts cancel');

    expect((await reelay.run(['posts', 'cancel', postId])).code).toBe(0);
    const deleted = await reelay.run(['media', 'delete', photoId, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.json()).toEqual({ success: true, message: 'Mídia removida.', mediaId: photoId });
    const gone = await reelay.run(['media', 'show', photoId, '--json']);
    expect(gone.code).toBe(1);
    expect(gone.errorJson().code).toBe('NOT_FOUND');

    const unused = await reelay.run(['media', 'show', videoId]);
    expect(unused.stdout).toContain('Nenhum post usa esta mídia.');
  });
});
