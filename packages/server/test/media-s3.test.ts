import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { fixture, makeFixtures, type FixtureName } from '@reelay/test-support/media-fixtures';
import { expectWideJpeg, startTestBucket, type TestBucket } from './helpers/s3-bucket';

async function upload(server: TestServer, account: Account, name: FixtureName) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(fixture(name))]), name);
  const response = await fetch(`${server.url}/v1/media`, {
    method: 'POST',
    headers: account.key,
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

// Storage does not depend on the database, so one dialect is enough here.
describe.each(testDialects().slice(0, 1))('media in S3-compatible storage on $name', (dialect) => {
  let bucket: TestBucket;
  let server: TestServer;
  let account: Account;

  /** Object keys in the bucket, read from the S3 server's own folder. */
  const objects = () =>
    readdirSync(join(bucket.dir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
      .map((entry) => join(entry.parentPath, entry.name));

  beforeAll(async () => {
    await makeFixtures();
    // A real S3-protocol server over HTTP, in this process.
    bucket = await startTestBucket();
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true', ...bucket.env },
    });
    account = await createAccount(server.url);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await bucket.close();
  });

  it('stores an upload as an object and serves it back whole and by range', async () => {
    const before = objects().length;
    const answer = await upload(server, account, 'reel.mp4');
    expect(answer.status).toBe(201);
    const record = (await server.reelay.context.media.find(
      account.projectId,
      answer.body.media.id,
    ))!;
    expect(await server.reelay.context.media.storage.exists(record.storageKey)).toBe(true);
    expect(objects()).toHaveLength(before + 1);
    // Nothing of it stays on the server's disk.
    expect(readdirSync(join(server.reelay.config.dataDir, 'media', 'incoming'))).toEqual([]);

    const original = readFileSync(fixture('reel.mp4'));
    const whole = await fetch(answer.body.media.url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe(String(original.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const range = await fetch(answer.body.media.url, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${original.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(original.subarray(100, 200))).toBe(true);
  });

  it('leaves the bucket untouched when a file is refused', async () => {
    const before = objects().length;
    const answer = await upload(server, account, 'vp9.mp4');
    expect(answer.body).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'codec' } });
    expect(objects()).toHaveLength(before);
  });

  it('keeps the JPEG rendition in the bucket beside the original', async () => {
    const webp = (await upload(server, account, 'wide.webp')).body.media;
    const media = server.reelay.context.media;
    const url = await media.platformUrl((await media.find(account.projectId, webp.id))!);
    expect(url).toMatch(/\/platform\.jpg$/);
    expect(await media.storage.exists(`${account.projectId}/${webp.id}/platform.jpg`)).toBe(true);
    await expectWideJpeg(await fetch(url));
  });

  it('rejects, without an unhandled stream error, a file that cannot be read for a PUT', async () => {
    const storage = server.reelay.context.media.storage;
    const missing = join(bucket.dir, 'no-such-file.jpg');
    await expect(
      storage.put('proj_x/med_x/original.jpg', missing, 'image/jpeg', 10),
    ).rejects.toThrow(/ENOENT/);
    expect(await storage.exists('proj_x/med_x/original.jpg')).toBe(false);
  });

  it('deletes the original and its rendition when the media is removed from the library', async () => {
    const webp = (await upload(server, account, 'wide.webp')).body.media;
    const media = server.reelay.context.media;
    const record = (await media.find(account.projectId, webp.id))!;
    await media.platformUrl(record);
    const keys = [record.storageKey, `${account.projectId}/${webp.id}/platform.jpg`];
    for (const key of keys) expect(await media.storage.exists(key), key).toBe(true);
    const before = objects().length;

    const deleted = await call(
      server.url,
      'DELETE',
      `/v1/media/${webp.id}`,
      undefined,
      account.key,
    );
    expect(deleted.status).toBe(200);
    for (const key of keys) expect(await media.storage.exists(key), key).toBe(false);
    expect(objects()).toHaveLength(before - 2);
    expect((await fetch(webp.url)).status).toBe(404);
    expect(await media.sweep()).toMatchObject({ erased: 0, failed: 0 });
  });

  it('deletes the objects of an erased account', async () => {
    const leaving = await createAccount(server.url);
    const photo = (await upload(server, leaving, 'photo.jpg')).body.media;
    const media = server.reelay.context.media;
    const key = (await media.find(leaving.projectId, photo.id))!.storageKey;
    expect(await media.storage.exists(key)).toBe(true);
    const erased = await call(server.url, 'DELETE', '/v1/me', undefined, {
      authorization: `Bearer ${leaving.accessToken}`,
    });
    expect(erased.status).toBe(204);
    expect(await media.sweep()).toMatchObject({ erased: 0, failed: 0 });
    expect(await media.storage.exists(key)).toBe(false);
  });
});
