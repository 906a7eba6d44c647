/**
 * `reelay posts insights` and `reelay accounts insights`, as the built binary, against a
 * real server wired to the Instagram emulator: the metrics per account (stored for the
 * hour, `--force` asking again), the days of an account, and a refused range.
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

const HOUR = 3_600_000;

describe('reelay posts insights and accounts insights', { timeout: 60_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let reelay: Cli;
  let postId: string;
  let username: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    username = `cli.metricas.${Date.now().toString(36)}`;
    const connected = await connectThroughPlatform(platform, owner, { username });
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Métricas pela linha de comando',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }],
      },
      owner.key,
    );
    postId = created.body.post.id;
    await settle(platform.server);
    platform.server.clock.set(platform.server.clock.now() + 2 * HOUR);
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

  it('prints the metrics per account, from the last hour unless --force', async () => {
    const first = await reelay.run(['posts', 'insights', postId, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const [entry] = first.json().platforms;
    expect(entry).toMatchObject({ checkedLive: true, reason: null, errorCode: null });
    expect(entry.metrics.reach).toBeGreaterThan(0);

    const again = await reelay.run(['posts', 'insights', postId, '--json']);
    expect(again.json().platforms[0]).toMatchObject({ checkedLive: false, metrics: entry.metrics });
    const forced = await reelay.run(['posts', 'insights', postId, '--force', '--json']);
    expect(forced.json().platforms[0].checkedLive).toBe(true);

    const text = await reelay.run(['posts', 'insights', postId]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('ALCANCE');
    expect(text.stdout).toContain(String(entry.metrics.reach));
  });

  it('prints an account per day by @username, and refuses a range over 30 days', async () => {
    const today = new Date(platform.server.clock.now()).toISOString().slice(0, 10);
    const result = await reelay.run(['accounts', 'insights', `@${username}`, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { insights } = result.json();
    expect(insights.until).toBe(today);
    expect(insights.days).toHaveLength(7);

    const text = await reelay.run(['accounts', 'insights', `@${username}`, '--until', today]);
    expect(text.stdout).toContain('SEGUIDORES NOVOS');
    expect(text.stdout).toContain('Visitas ao perfil');

    const refused = await reelay.run([
      'accounts',
      'insights',
      `@${username}`,
      '--since',
      '2020-01-01',
      '--until',
      today,
      '--json',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.errorJson()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(refused.errorJson().message).toContain('until');
  });
});
