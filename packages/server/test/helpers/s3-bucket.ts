/**
 * A real S3-protocol server (s3rver) over HTTP in the test process, with one bucket,
 * `media`, and the variables that point a Reelay server at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { expect } from 'vitest';

export interface TestBucket {
  /** The S3 endpoint, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** The folder s3rver keeps the objects in. */
  dir: string;
  /** `REELAY_STORAGE=s3` and the `REELAY_S3_*` variables, path-style. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts s3rver on a free loopback port.
 *
 * @example
 * ```ts
 * const bucket = await startTestBucket();
 * const server = await startTestServer(dialect, { env: bucket.env });
 * ```
 */
export async function startTestBucket(): Promise<TestBucket> {
  const dir = mkdtempSync(join(tmpdir(), 'reelay-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const url = `http://127.0.0.1:${(await s3.run()).port}`;
  return {
    url,
    dir,
    env: {
      REELAY_STORAGE: 's3',
      REELAY_S3_ENDPOINT: url,
      REELAY_S3_BUCKET: 'media',
      REELAY_S3_REGION: 'us-east-1',
      REELAY_S3_ACCESS_KEY_ID: 'S3RVER',
      REELAY_S3_SECRET_ACCESS_KEY: 'S3RVER',
      REELAY_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Checks that a response is the JPEG rendition of the `wide.webp` fixture.
 *
 * @example
 * ```ts
 * await expectWideJpeg(await fetch(url));
 * ```
 */
export async function expectWideJpeg(response: Response): Promise<void> {
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
    format: 'jpeg',
    width: 1146,
    height: 600,
  });
}
