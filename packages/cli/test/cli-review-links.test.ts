/**
 * Review links from the terminal, as the built binary, against a real server wired to the
 * Instagram emulator: an admin makes a link to an editor's post awaiting approval (the
 * address printed once), lists it without its address, revokes it; an editor may not make
 * one (exit 3); and the address works for someone without an account.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('reelay review-links', { timeout: 120_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let admin: Cli;
  let editor: Cli;
  let postId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    const accountId = (await connectThroughPlatform(platform, owner)).body.integration.id;
    await call(
      platform.server.url,
      'PATCH',
      `/v1/projects/${owner.projectId}/settings`,
      { approvalRequired: true },
      owner.bearer,
    );
    const key = await call(
      platform.server.url,
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agente', role: 'editor' },
      owner.bearer,
    );
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Para a cliente',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(platform.server.clock.now() + 86_400_000).toISOString(),
      },
      { 'x-access-key': key.body.apiKey.key },
    );
    postId = created.body.post.id;
    admin = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
    editor = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: key.body.apiKey.key,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    for (const cli of [admin, editor]) {
      if (cli) rmSync(cli.configDir, { recursive: true, force: true });
    }
  });

  it('makes a link printed once, lists it without its address and revokes it', async () => {
    const made = await admin.run([
      'review-links',
      'create',
      postId,
      '--hours',
      '48',
      '--label',
      'Ana, da Padaria',
      '--lang',
      'en',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const url = /(http\S+\/review\/rly_rvw_\S+)/.exec(made.stdout)?.[1];
    expect(url, made.stdout).toBeDefined();
    expect(made.stdout).toContain('it is shown only now');
    const id = /Review link (rvl_\w+)/.exec(made.stdout)![1]!;

    // The address works without any credential.
    const token = url!.split('/').pop();
    const seen = await call(platform.server.url, 'POST', '/v1/review-links/lookup', { token }, {});
    expect(seen.body.review.post.content).toBe('Para a cliente');

    const listed = await admin.run(['review-links', 'list', postId, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      listed.json<{ reviewLinks: Array<{ id: string; label: string }> }>().reviewLinks,
    ).toEqual([expect.objectContaining({ id, label: 'Ana, da Padaria' })]);
    expect(listed.stdout).not.toContain(token);

    const revoked = await admin.run(['review-links', 'revoke', id, '--lang', 'pt-BR']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Link de revisão ${id} revogado`);
    const gone = await call(platform.server.url, 'POST', '/v1/review-links/lookup', { token }, {});
    expect(gone.body.code).toBe('REVIEW_LINK_INVALID');
    const none = await admin.run(['review-links', 'list', postId, '--lang', 'en']);
    expect(none.stdout).toContain('has no valid review link');
  });

  it('refuses an editor (exit 3) and an out-of-range duration (exit 2)', async () => {
    const byEditor = await editor.run(['review-links', 'create', postId, '--hours', '24']);
    expect(byEditor.code, byEditor.stdout).toBe(3);
    const tooLong = await admin.run(['review-links', 'create', postId, '--hours', '1000']);
    expect(tooLong.code, tooLong.stdout).toBe(2);
  });
});
