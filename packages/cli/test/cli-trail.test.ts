/**
 * `reelay posts notes|note|activity` and `reelay activity`, as the built binary, against
 * a real server wired to the Instagram emulator: a note left from the terminal, the
 * post's activity naming the key that created it and the server that published it, and
 * the project's activity filtered by post — in both languages.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('reelay posts notes and activity', { timeout: 60_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let reelay: Cli;
  let postId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, {
      username: `cli.notas.${Date.now().toString(36)}`,
    });
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Notas pela linha de comando',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }],
      },
      owner.key,
    );
    postId = created.body.post.id;
    await settle(platform.server);
    reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
  });

  it('leaves a note and lists it, and shows who did what to the post', async () => {
    const empty = await reelay.run(['posts', 'notes', postId, '--lang', 'en']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No notes on this post yet.');

    const added = await reelay.run(['posts', 'note', postId, 'Repostar no sábado', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json().note).toMatchObject({ postId, text: 'Repostar no sábado' });
    const notes = await reelay.run(['posts', 'notes', postId]);
    expect(notes.stdout).toContain('Repostar no sábado');
    expect(notes.stdout).toContain('chave tests');

    const activity = await reelay.run(['posts', 'activity', postId, '--json']);
    expect(activity.json().activity.map((entry: { action: string }) => entry.action)).toEqual([
      'created',
      'published',
      'noted',
    ]);
    const table = await reelay.run(['posts', 'activity', postId, '--lang', 'en']);
    expect(table.stdout).toMatch(/WHO\s+WHAT/);
    expect(table.stdout).toContain('published');
    expect(table.stdout).toContain('key tests');
    const ptTable = await reelay.run(['posts', 'activity', postId]);
    expect(ptTable.stdout).toMatch(/QUEM\s+O QUÊ/);
    expect(ptTable.stdout).toContain('deixou uma nota');
  });

  it("lists the project's activity by post, newest first", async () => {
    const listed = await reelay.run(['activity', '--post', postId, '--limit', '2', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json()).toMatchObject({ total: 3 });
    expect(listed.json().activity.map((entry: { action: string }) => entry.action)).toEqual([
      'noted',
      'published',
    ]);
    const bad = await reelay.run(['activity', '--limit', '0']);
    expect(bad.code).toBe(2);
  });
});
