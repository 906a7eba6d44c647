/**
 * Times as the person means them: `--wait` says what it waits for (the post and its
 * accounts) and counts down to the scheduled time in the post's zone; `posts list` shows
 * every time on the wall clock of one zone named in its header (the machine's, or UTC
 * with `--utc`), statuses in the person's language. The built
 * binary against a real server and the Instagram emulator; the server's workers are off,
 * so scheduled posts stay scheduled.
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

/** `2026-12-01 10:00` in a zone, the way the CLI writes it. */
const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

describe('--wait countdown and posts list zones', { timeout: 90_000 }, () => {
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
    username = `cli.relogio.${Date.now().toString(36)}`;
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
      // Progress as plain lines, as a terminal without a width gets it.
      REELAY_PROGRESS: '1',
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    if (reelay) rmSync(reelay.configDir, { recursive: true, force: true });
  });

  const schedule = (zone: string, lang: string) =>
    reelay.run(
      [
        'posts',
        'schedule',
        `Daqui a duas horas (${zone})`,
        '-m',
        mediaId,
        '-a',
        `@${username}`,
        '--at',
        '+2h',
        '--timezone',
        zone,
        '--wait',
        '--timeout',
        '2',
        '--json',
      ],
      { env: { LANG: lang } },
    );

  it('says what --wait waits for and counts down to the time, in the post zone', async () => {
    const english = await schedule('America/Sao_Paulo', 'en_US.UTF-8');
    // Still scheduled when --timeout ends: exit 5, the post on stdout.
    expect(english.code, english.stderr).toBe(5);
    const { post } = english.json();
    const when = `${wall(post.scheduledFor, 'America/Sao_Paulo')} America/Sao_Paulo`;
    expect(english.stderr).toMatch(
      new RegExp(
        `^Waiting for ${post.id} on @${username.replace(/\./g, '\\.')}: publishes in (2 h 00 min|1 h 59 min) \\(${when}\\)$`,
        'm',
      ),
    );
    // Plain lines count down by the minute: one line, not one a second.
    expect(english.stderr.match(/publishes in/g)).toHaveLength(1);
    expect(english.stderr).toContain('Timed out');

    const portuguese = await schedule('Asia/Tokyo', 'pt_BR.UTF-8');
    expect(portuguese.code, portuguese.stderr).toBe(5);
    const tokyo = portuguese.json().post;
    expect(portuguese.stderr).toContain(`Aguardando ${tokyo.id} em @${username}: publica em `);
    expect(portuguese.stderr).toContain(`(${wall(tokyo.scheduledFor, 'Asia/Tokyo')} Asia/Tokyo)`);
    expect(portuguese.stderr).toContain('Tempo esgotado');
  });

  it('lists every time in one zone named in the header, the machine one or UTC', async () => {
    const { posts } = (await reelay.run(['posts', 'list', '--json'])).json();
    const saoPaulo = posts.find((p: { timezone: string }) => p.timezone === 'America/Sao_Paulo');
    const tokyo = posts.find((p: { timezone: string }) => p.timezone === 'Asia/Tokyo');
    expect(saoPaulo && tokyo).toBeTruthy();
    const line = (text: string, id: string) => text.split('\n').find((l) => l.startsWith(id))!;

    const zoned = await reelay.run(['posts', 'list'], {
      env: { LANG: 'en_US.UTF-8', TZ: 'America/Sao_Paulo' },
    });
    expect(zoned.code, zoned.stderr).toBe(0);
    expect(zoned.stdout).toMatch(/^ID\s+STATUS\s+KIND\s+WHEN \(America\/Sao_Paulo\)\s/m);
    for (const post of [saoPaulo, tokyo]) {
      const row = line(zoned.stdout, post.id);
      expect(row).toContain(wall(post.scheduledFor, 'America/Sao_Paulo'));
      // The zone is in the header, not after each time (captions may name zones).
      expect(row).not.toContain(`${wall(post.scheduledFor, 'America/Sao_Paulo')} America`);
      expect(row).toMatch(/\sscheduled\s/);
    }

    const utc = await reelay.run(['posts', 'list', '--utc'], {
      env: { LANG: 'pt_BR.UTF-8', TZ: 'Asia/Tokyo' },
    });
    expect(utc.code, utc.stderr).toBe(0);
    expect(utc.stdout).toMatch(/^ID\s+STATUS\s+TIPO\s+QUANDO \(UTC\)\s/m);
    for (const post of [saoPaulo, tokyo]) {
      const row = line(utc.stdout, post.id);
      expect(row).toContain(wall(post.scheduledFor, 'UTC'));
      // Statuses in the person's language; --json keeps the raw values.
      expect(row).toMatch(/\sagendado\s/);
    }
    expect(posts.every((p: { status: string }) => p.status === 'scheduled')).toBe(true);
    // --json is unchanged by --utc: the instants as the server gives them.
    expect((await reelay.run(['posts', 'list', '--utc', '--json'])).json().posts).toEqual(posts);
  });
});
