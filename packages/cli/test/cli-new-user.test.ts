/**
 * What a new user meets first with the built `reelay`, against a real server and the
 * Instagram emulator (workers off, so scheduled posts stay scheduled): a refused `--at`
 * in their language before anything is uploaded, and a file sent once per content.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('a new user scheduling posts', { timeout: 120_000 }, () => {
  let platform: Platform;
  let owner: Account;
  let reelay: Cli;
  let username: string;
  let folder: string;

  beforeAll(async () => {
    await makeFixtures();
    platform = await startWithEmulator(testDialects()[0]!, { reelay: { workers: false } });
    owner = await createAccount(platform.server.url);
    username = `cli.novato.${Date.now().toString(36)}`;
    await connectThroughPlatform(platform, owner, { username });
    folder = mkdtempSync(join(tmpdir(), 'reelay-new-user-'));
    copyFileSync(fixture('photo.jpg'), join(folder, 'a.jpg'));
    copyFileSync(fixture('photo.jpg'), join(folder, 'b.jpg'));
    reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
      REELAY_PROGRESS: '1',
    });
  });
  afterAll(async () => {
    await platform?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const mediaCount = async () =>
    (await reelay.run(['media', 'list', '--all', '--json'])).json().media.length as number;

  it('refuses a too-soon --at in English before uploading the file', async () => {
    const before = await mediaCount();
    const args = ['posts', 'schedule', 'Cedo', '-m', join(folder, 'a.jpg'), '-a', `@${username}`];
    const english = await reelay.run([...args, '--at', '+10s'], { env: { LANG: 'en_US.UTF-8' } });
    expect(english.code, english.stderr).toBe(2);
    expect(english.stderr).toContain('too soon');
    expect(english.stderr).not.toMatch(/minuto|deve ser/);
    const portuguese = await reelay.run([...args, '--at', '+10s'], {
      env: { LANG: 'pt_BR.UTF-8' },
    });
    expect(portuguese.code, portuguese.stderr).toBe(2);
    expect(portuguese.stderr).toContain('cedo demais');
    const far = await reelay.run([...args, '--at', '+80d'], { env: { LANG: 'en_US.UTF-8' } });
    expect(far.code, far.stderr).toBe(2);
    expect(far.stderr).toContain('too far');
    expect(await mediaCount()).toBe(before);
  });

  it('uploads the same bytes once, under two names', async () => {
    const before = await mediaCount();
    const result = await reelay.run([
      'posts',
      'schedule',
      'Duas vezes',
      '-m',
      join(folder, 'a.jpg'),
      '-m',
      join(folder, 'b.jpg'),
      '-a',
      `@${username}`,
      '--at',
      '+2h',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const { post } = result.json();
    expect(post.mediaItems).toHaveLength(2);
    expect(post.mediaItems[0].mediaId).toBe(post.mediaItems[1].mediaId);
    expect(await mediaCount()).toBe(before + 1);
  });
});
