/**
 * Publishing behaviours read from peers' trackers (reference §9): 100/33 on container and
 * permalink reads is transient, 9007/2207027 waits and publishes, a carousel that fails
 * names the item that failed, and a carousel takes at most 10 items.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

describe.each(testDialects())('platform behaviours of section 9 on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let integration: { id: string; platformId: string };
  let reelUrl: string;
  let seed = 900;

  beforeAll(async () => {
    await makeFixtures();
    media = await startMediaServer();
    reelUrl = media.serve('/video/s9.mp4', readFileSync(fixture('reel.mp4')), 'video/mp4');
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, account, { username: 'secao.nove' });
    integration = { id: connected.body.integration.id, platformId: connected.platformAccountId };
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });
  afterEach(() => platform.emulator.clearFaults());

  const url = () => platform.server.url;
  const image = () => ({ type: 'image', url: media.image(1080, 1350, 'jpg', ++seed) });
  const video = () => ({ type: 'video', url: reelUrl });
  const create = async (content: string, mediaItems: object[]) => {
    const answer = await call(
      url(),
      'POST',
      '/v1/posts',
      { content, mediaItems, platforms: [{ platform: 'instagram', accountId: integration.id }] },
      account.key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    return answer.body.post.id as string;
  };
  const target = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post.platforms[0];
  const copies = (content: string) =>
    platform.emulator.published().filter((item) => item.caption === content);

  it('reads a container again after 100/33 and publishes once', async () => {
    const id = await create('Leitura 33', [video()]);
    // The first read of the Reel's container fails the way it did during the incident.
    platform.emulator.addFault({ path: '/', method: 'GET', times: 1, code: 100, subcode: 33 });
    await settle(platform.server);
    expect(await target(id)).toMatchObject({ status: 'published', errorCode: null });
    expect(copies('Leitura 33')).toHaveLength(1);
  });

  it('reads the permalink again after 100/33 instead of giving up on it', async () => {
    const id = await create('Link 33', [image()]);
    // An image is published at once; the next read is the permalink's.
    platform.emulator.addFault({ path: '/', method: 'GET', times: 1, code: 100, subcode: 33 });
    await settle(platform.server);
    const [published] = copies('Link 33');
    expect(await target(id)).toMatchObject({
      status: 'published',
      platformPostUrl: published!.permalink,
      warningMessage: null,
    });
  });

  it('waits and publishes once when media_publish says the media is not ready (9007/2207027)', async () => {
    const id = await create('Ainda não', [image()]);
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 9007, subcode: 2207027 });
    await settle(platform.server);
    expect(await target(id)).toMatchObject({ status: 'published', errorCode: null });
    expect(copies('Ainda não')).toHaveLength(1);
  });

  it('names the carousel item that failed (2207003 on the second item)', async () => {
    const content = 'Carrossel com falha';
    const id = await create(content, [image(), video()]);
    // The first run creates both items and the carousel; the video is still processing.
    await platform.server.reelay.tasks.runDueJobs();
    const [parent] = platform.emulator
      .containers()
      .filter((container) => container.caption === content);
    expect(parent?.children).toHaveLength(2);
    const failedItem = parent!.children![1]!;
    platform.emulator.forceContainer(failedItem, { status: 'ERROR', subcode: 2207003 });
    await settle(platform.server);
    const shown = await target(id);
    expect(shown).toMatchObject({ status: 'failed', errorCode: 'MEDIA_FETCH_FAILED' });
    expect(shown.errorMessage).toContain('item 2 do carrossel');
    expect(shown.errorMessage).toContain('mediaItems[1]');
    expect(shown.errorMessage).toContain(failedItem);
    expect(copies(content)).toEqual([]);
  });

  it('refuses a carousel of 11 items at acceptance', async () => {
    const answer = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Onze',
        mediaItems: Array.from({ length: 11 }, () => image()),
        platforms: [{ platform: 'instagram', accountId: integration.id }],
      },
      account.key,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'MEDIA_INVALID',
      details: { reason: 'too_many', field: 'mediaItems' },
    });
  });
});
