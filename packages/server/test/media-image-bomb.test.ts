/**
 * Decompression bombs: a PNG of a few hundred kilobytes that declares 1920×65000 pixels
 * (1920×139000 for the second) would take gigabytes to decode. Such images are refused
 * at upload with `MEDIA_INVALID` (`too_large`), before anything decodes them, and
 * nothing is stored; the JPEG conversion refuses them on its own too.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@reelay/core';
import { convertToJpeg } from '../src/media/convert-image';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { writeSolidPng } from '@reelay/test-support/solid-png';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const BOMBS_DIR = join(tmpdir(), 'reelay-image-bombs-v1');

const BOMBS = {
  story: { width: 1920, height: 65_000 },
  huge: { width: 1920, height: 139_000 },
  // The largest a Story image sensibly gets (9:16 at 1920 px): must still pass.
  tall: { width: 1920, height: 3414 },
} as const;
type BombName = keyof typeof BOMBS;
const bombPath = (name: BombName) => join(BOMBS_DIR, `${name}.png`);

beforeAll(async () => {
  mkdirSync(BOMBS_DIR, { recursive: true });
  for (const [name, { width, height }] of Object.entries(BOMBS)) {
    const path = bombPath(name as BombName);
    if (!existsSync(path)) await writeSolidPng(path, width, height);
  }
}, 60_000);

it('makes bombs that are small files declaring huge images', () => {
  const story = readFileSync(bombPath('story'));
  expect(story.length).toBeLessThan(512 * 1024);
  expect(story.readUInt32BE(16)).toBe(1920);
  expect(story.readUInt32BE(20)).toBe(65_000);
});

it('refuses to convert an image past the pixel budget, before decoding it', async () => {
  const output = join(BOMBS_DIR, `converted-${process.pid}.jpg`);
  await expect(convertToJpeg(bombPath('story'), output)).rejects.toThrow(/pixel limit/);
  expect(existsSync(output)).toBe(false);
}, 60_000);

describe.each(testDialects())('image bombs on $name', (dialect) => {
  let server: TestServer;
  let account: Account;
  let origin: MediaServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true', REELAY_ALLOW_PRIVATE_URLS: 'true' },
    });
    account = await createAccount(server.url);
    origin = await startMediaServer();
  });
  afterAll(async () => {
    await origin?.close();
    await server?.close();
  });

  async function upload(name: BombName) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(bombPath(name))]), `${name}.png`);
    const response = await fetch(`${server.url}/v1/media`, {
      method: 'POST',
      headers: account.key,
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const countMedia = async () =>
    Number(
      (
        await server.reelay.context.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('project_id', '=', account.projectId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  const storedFiles = () => {
    const root = join(server.reelay.config.dataDir, 'media');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
  };

  const refusal = {
    statusCode: 400,
    code: 'MEDIA_INVALID',
    message: expect.stringMatching(/megapixels/),
    details: { reason: 'too_large', field: 'file' },
  };

  it('refuses a 1920×65000 PNG upload as too large and stores nothing', async () => {
    const answer = await upload('story');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal);
    expect(await countMedia()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a 1920×139000 PNG upload as too large and stores nothing', async () => {
    const answer = await upload('huge');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal);
    expect(await countMedia()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses the same bomb imported from a URL', async () => {
    const url = origin.serve('/bomb.png', readFileSync(bombPath('story')), 'image/png');
    const answer = await call(server.url, 'POST', '/v1/media', { url }, account.key);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ...refusal,
      details: { reason: 'too_large', field: 'url' },
    });
    expect(await countMedia()).toBe(0);
  });

  it('still accepts a tall 9:16 image of 1920×3414 and converts it for the platform', async () => {
    const answer = await upload('tall');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.media).toMatchObject({ width: 1920, height: 3414, mime: 'image/png' });
    const media = server.reelay.context.media;
    const record = (await media.find(account.projectId, answer.body.media.id))!;
    expect(() => media.assertUsable(record, 'story', 'mediaItems[0]')).not.toThrow();
    expect(await media.platformUrl(record)).toMatch(/\/platform\.jpg$/);
  });

  it('refuses, for a post, a bomb stored before the pixel budget existed', async () => {
    const media = server.reelay.context.media;
    const tall = (await media.find(account.projectId, (await upload('tall')).body.media.id))!;
    const stored = { ...tall, description: { ...tall.description, height: 139_000 } };
    expect(() => media.assertUsable(stored, 'story', 'mediaItems[0]')).toThrow(
      expect.objectContaining({
        code: 'MEDIA_INVALID',
        details: { reason: 'too_large', field: 'mediaItems[0]' },
      }),
    );
  });
});

it('keeps the pixel budget above every image the rules accept', () => {
  const { width } = MEDIA_LIMITS.image;
  expect(MEDIA_LIMITS.image.maxPixels).toBeGreaterThanOrEqual(
    width.max * Math.ceil(width.max * (16 / 9)),
  );
});
