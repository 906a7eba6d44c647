/**
 * The schedule-a-post example, run as its own process against a real server and the
 * Instagram emulator.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solidJpeg } from '../packages/core/src/platform/testing/media-fixtures';
import {
  authorizeOnEmulator,
  createTestAccount,
  startPlatform,
} from '@reelay/test-support/sdk-platform';
import { runExample } from './helpers/run-example';

const platform = await startPlatform();
const scratch = mkdtempSync(join(tmpdir(), 'reelay-example-'));
afterAll(async () => {
  await platform.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('examples/schedule-a-post.ts', () => {
  it('uploads the image, schedules the post an hour ahead and lists it', async () => {
    const account = await createTestAccount(platform.url);
    const { url } = await account.reelay.accounts.connect();
    const connected = await authorizeOnEmulator(platform, url, { username: 'cafe.exemplo' });
    const image = join(scratch, 'cafe.jpg');
    writeFileSync(image, solidJpeg(1080, 1350));

    const example = runExample('schedule-a-post.ts', {
      REELAY_SERVER: platform.url,
      REELAY_API_KEY: account.apiKey,
      REELAY_ACCOUNT_ID: connected.body.integration.id,
      REELAY_MEDIA: image,
      REELAY_CAPTION: 'Do exemplo',
    });
    expect(await example.exited).toBe(0);
    const [, postId] = example.output().match(/scheduled (post_\w+)/)!;
    const { post } = await account.reelay.posts.get(postId!);
    expect(post).toMatchObject({ status: 'scheduled', content: 'Do exemplo' });
    expect(example.output()).toContain(`- ${postId}`);
  });

  it('fails clearly when a setting is missing', async () => {
    const example = runExample('schedule-a-post.ts', { REELAY_SERVER: platform.url });
    expect(await example.exited).toBe(1);
    expect(example.errors()).toContain('Set REELAY_API_KEY.');
  });

  it('still reads the older REELAY_BASE_URL, with a note naming REELAY_SERVER', async () => {
    const example = runExample('schedule-a-post.ts', { REELAY_BASE_URL: platform.url });
    expect(await example.exited).toBe(1);
    expect(example.errors()).toContain('REELAY_BASE_URL is deprecated; set REELAY_SERVER instead');
    expect(example.errors()).toContain('Set REELAY_API_KEY.');
  });
});
