/**
 * `reelay slots show|set|clear|next` and `reelay posts create --queue`, as the built
 * binary, against a real server wired to the Instagram emulator: an account's schedule by
 * @username, a profile's with `--profile`, the free slots, a post queued into the first
 * one, and the refusals (no owner, bad slots, `--queue` with `--at`, no schedule).
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

describe('reelay slots and posts create --queue', { timeout: 60_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let reelay: Cli;
  let username: string;
  let accountId: string;
  let mediaId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    username = `cli.agenda.${Date.now().toString(36)}`;
    const connected = await connectThroughPlatform(platform, owner, { username });
    accountId = connected.body.integration.id;
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

  it("sets an account's schedule by @username, shows it, and lists its free slots", async () => {
    const empty = await reelay.run(['slots', 'show', `@${username}`]);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('Sem agenda de publicação');

    const set = await reelay.run([
      'slots',
      'set',
      `@${username}`,
      '--timezone',
      'America/Sao_Paulo',
      '--slot',
      'mon-fri@18:00,09:00',
      '--slot',
      'sab@10:30',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const { schedule } = set.json();
    expect(schedule).toMatchObject({ source: 'integration', timezone: 'America/Sao_Paulo' });
    expect(schedule.slots).toHaveLength(11);
    expect(schedule.slots.slice(0, 2)).toEqual([
      { day: 'monday', time: '09:00' },
      { day: 'monday', time: '18:00' },
    ]);
    expect(schedule.slots.at(-1)).toEqual({ day: 'saturday', time: '10:30' });

    const shown = await reelay.run(['slots', 'show', accountId]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('America/Sao_Paulo');
    expect(shown.stdout).toMatch(/segunda\s+09:00, 18:00/);
    expect(shown.stdout).toMatch(/sábado\s+10:30/);

    const next = await reelay.run(['slots', 'next', `@${username}`, '--count', '3', '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.json().slots).toHaveLength(3);
    const text = await reelay.run(['slots', 'next', `@${username}`, '--count', '2']);
    expect(text.stdout).toContain('HORA LOCAL (America/Sao_Paulo)');
    expect(text.stdout).toContain(next.json().slots[0].local.replace('T', ' '));
  });

  it('queues a post into the first free slot, and refuses --queue with --at', async () => {
    const before = (await reelay.run(['slots', 'next', accountId, '--count', '2', '--json'])).json()
      .slots;
    const queued = await reelay.run([
      'posts',
      'create',
      'Na fila da agenda',
      '--media',
      mediaId,
      '--account',
      `@${username}`,
      '--queue',
      '--json',
    ]);
    expect(queued.code, queued.stderr).toBe(0);
    const { post } = queued.json();
    expect(post.status).toBe('scheduled');
    expect(post.scheduledFor).toBe(before[0].at);
    expect(post.platforms[0].scheduledFor).toBe(before[0].at);
    const after = (await reelay.run(['slots', 'next', accountId, '--count', '1', '--json'])).json()
      .slots;
    expect(after[0].at).toBe(before[1].at);

    const both = await reelay.run([
      'posts',
      'create',
      'x',
      '--media',
      mediaId,
      '--account',
      accountId,
      '--queue',
      '--at',
      '+2h',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--queue ou --at');
  });

  it("manages a profile's schedule with --profile, and clears it", async () => {
    const profile = (
      await call(platform.server.url, 'POST', '/v1/profiles', { name: 'Marca' }, owner.key)
    ).body.profile.id as string;
    const set = await reelay.run([
      'slots',
      'set',
      '--profile',
      profile,
      '--timezone',
      'Europe/Lisbon',
      '--slot',
      'sab,dom@10:30',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.json().schedule).toEqual(
      expect.objectContaining({
        source: 'profile',
        slots: [
          { day: 'saturday', time: '10:30' },
          { day: 'sunday', time: '10:30' },
        ],
      }),
    );
    const next = await reelay.run(['slots', 'next', '--profile', profile, '--json']);
    expect(next.json().slots).toHaveLength(10);
    const cleared = await reelay.run(['slots', 'clear', '--profile', profile]);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('Agenda removida.');
    const shown = await reelay.run(['slots', 'show', '--profile', profile, '--json']);
    expect(shown.json().schedule.source).toBe('none');
  });

  it('turns recycling on with --evergreen, keeps it when the slots change, and marks posts evergreen', async () => {
    const other = await connectThroughPlatform(platform, owner, {
      username: `${username}.perene`,
    });
    const id = other.body.integration.id as string;
    const slots = ['--timezone', 'UTC', '--slot', 'mon-sun@12:00'];
    const on = await reelay.run([
      'slots',
      'set',
      id,
      ...slots,
      '--evergreen',
      '--min-days-between',
      '14',
      '--json',
    ]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.json().schedule.evergreen).toEqual({ enabled: true, minDaysBetween: 14 });
    const kept = await reelay.run(['slots', 'set', id, ...slots]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('ligada');
    expect(kept.stdout).toContain('14 dias');
    const off = await reelay.run(['slots', 'set', id, ...slots, '--no-evergreen', '--json']);
    expect(off.json().schedule.evergreen).toEqual({ enabled: false, minDaysBetween: 30 });
    const lonely = await reelay.run(['slots', 'set', id, ...slots, '--min-days-between', '3']);
    expect(lonely.code).toBe(2);

    const created = await reelay.run([
      'posts',
      'create',
      'O clássico',
      '--media',
      mediaId,
      '--account',
      id,
      '--at',
      '+2h',
      '--evergreen',
      '--evergreen-caption',
      'O clássico, de novo',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const post = created.json().post;
    expect(post).toMatchObject({ evergreen: true, evergreenCaptions: ['O clássico, de novo'] });
    const edited = await reelay.run(['posts', 'edit', post.id, '--no-evergreen', '--json']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.json().post).toMatchObject({ evergreen: false, content: 'O clássico' });
    const shown = await reelay.run(['posts', 'edit', post.id, '--evergreen']);
    expect(shown.stdout).toContain('Evergreen');
  });

  it('refuses a missing or double owner and bad slots as usage errors, before any request', async () => {
    for (const args of [
      ['slots', 'show'],
      ['slots', 'show', accountId, '--profile', 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy'],
      ['slots', 'set', accountId, '--timezone', 'UTC', '--slot', 'mon@25:00'],
      ['slots', 'set', accountId, '--timezone', 'UTC', '--slot', 'funday@09:00'],
      ['slots', 'set', accountId, '--timezone', 'UTC', '--slot', 'fri-mon@09:00'],
      ['slots', 'set', accountId, '--timezone', 'UTC'],
      ['slots', 'set', accountId, '--slot', 'mon@09:00'],
      ['slots', 'set', accountId, '--timezone', 'Marte/Base', '--slot', 'mon@09:00'],
      ['slots', 'next', accountId, '--count', '51'],
    ]) {
      const result = await reelay.run([...args, '--json']);
      expect(result.code, args.join(' ')).toBe(2);
    }
  });

  it('answers NO_FREE_SLOT for an account without a schedule, with what to do', async () => {
    const other = await connectThroughPlatform(platform, owner, {
      username: `${username}.sem`,
    });
    const refused = await reelay.run([
      'posts',
      'create',
      'Sem agenda',
      '--media',
      mediaId,
      '--account',
      other.body.integration.id,
      '--queue',
      '--json',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.errorJson()).toMatchObject({ code: 'NO_FREE_SLOT' });
    expect(refused.errorJson().message).toContain('agenda de publicação');

    const clear = await reelay.run(['slots', 'clear', accountId]);
    expect(clear.code, clear.stderr).toBe(0);
    expect(clear.stdout).toContain('Agenda removida.');
  });
});
