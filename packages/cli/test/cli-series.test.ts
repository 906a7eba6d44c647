/**
 * Recurring posts from the terminal, as the built binary, against a real server wired to
 * the Instagram emulator: `posts create --at … --repeat` starts a series (a refused rule is
 * refused before anything is uploaded), `series list|show` show it with its next
 * occurrences in the post's zone, `series edit` changes the following captions and
 * `series stop` cancels the waiting occurrences.
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

describe('reelay posts create --repeat and reelay series', { timeout: 120_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let reelay: Cli;
  let username: string;
  let mediaId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    username = `cli.serie.${Date.now().toString(36)}`;
    await connectThroughPlatform(platform, owner, { username });
    const uploaded = await call(
      platform.server.url,
      'POST',
      '/v1/media',
      { url: media.image(1080, 1350) },
      owner.key,
    );
    mediaId = uploaded.body.media.id;
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

  const create = (rule: string, at: string | null, lang = 'en_US.UTF-8') =>
    reelay.run(
      [
        'posts',
        'create',
        'Cardápio da semana',
        '-m',
        mediaId,
        '-a',
        `@${username}`,
        ...(at ? ['--at', at] : []),
        '--timezone',
        'America/Sao_Paulo',
        '--repeat',
        rule,
      ],
      { env: { LANG: lang } },
    );

  it('refuses a rule it cannot take, and --repeat without --at, before uploading', async () => {
    const hourly = await create('FREQ=HOURLY', '+2d');
    expect(hourly.code).toBe(2);
    expect(hourly.stderr).toContain('FREQ=HOURLY');
    expect(hourly.stderr).toContain('WEEKLY');
    const noTime = await create('FREQ=WEEKLY', null, 'pt_BR.UTF-8');
    expect(noTime.code).toBe(2);
    expect(noTime.stderr).toContain('--repeat precisa de --at');
    const posts = await call(platform.server.url, 'GET', '/v1/posts', undefined, owner.key);
    expect(posts.body.total).toBe(0);
  });

  it('starts a series, shows it, changes the following captions and stops it', async () => {
    const created = await create('FREQ=WEEKLY;COUNT=5', '+2d');
    expect(created.code, created.stderr).toBe(0);
    const id = /reelay series show (ser_\w+)/.exec(created.stdout)?.[1];
    expect(id, created.stdout).toBeDefined();

    const listed = await reelay.run(['series', 'list'], { env: { LANG: 'en_US.UTF-8' } });
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('FREQ=WEEKLY;COUNT=5');
    const shown = await reelay.run(['series', 'show', id!], { env: { LANG: 'pt_BR.UTF-8' } });
    expect(shown.stdout).toContain('Próximas ocorrências');
    expect(shown.stdout).toContain('America/Sao_Paulo');
    const json = (await reelay.run(['series', 'show', id!, '--json'])).json<{
      series: { upcoming: Array<{ index: number }> };
    }>();
    expect(json.series.upcoming.map((occurrence) => occurrence.index)).toEqual([2, 3, 4, 5]);

    const edited = await reelay.run(['series', 'edit', id!, '--caption', 'Cardápio novo']);
    expect(edited.code, edited.stderr).toBe(0);
    const series = await call(platform.server.url, 'GET', `/v1/series/${id}`, undefined, owner.key);
    expect(series.body.series.content).toBe('Cardápio novo');
    const nothing = await reelay.run(['series', 'edit', id!]);
    expect(nothing.code).toBe(2);

    const stopped = await reelay.run(['series', 'stop', id!, '--json']);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.json<{ series: { status: string } }>().series.status).toBe('stopped');
    const again = await reelay.run(['series', 'edit', id!, '--caption', 'x']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('SERIES_STOPPED');
  });
});
