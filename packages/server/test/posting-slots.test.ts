/**
 * Posting schedules and queued posts, over real HTTP on both databases: reading and
 * replacing an account's or a profile's weekly slots, the free slots across daylight
 * saving changes (New York and Lisbon, with the skipped and repeated hours), `queue: true`
 * on `POST /v1/posts`, and what editing, cancelling, removing a profile and disconnecting
 * an account do to slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../src';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

/** Thursday 2026-03-05, 07:00 in New York (EST) and 09:00 in São Paulo: before both spring changes. */
const START = Date.parse('2026-03-05T12:00:00Z');
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

describe.each(testDialects())('posting slots on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let mediaId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      clock: createManualClock(START),
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    const uploaded = await call(
      platform.server.url,
      'POST',
      '/v1/media',
      { url: media.image(1080, 1350, 'jpg', 3) },
      owner.key,
    );
    if (uploaded.status !== 201) throw new Error(JSON.stringify(uploaded.body));
    mediaId = uploaded.body.media.id;
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const url = () => platform.server.url;
  const api = (method: string, path: string, body?: unknown, key = owner.key) =>
    call(url(), method, path, body, key);
  const connect = async (username: string, profileId?: string) => {
    const connected = await connectThroughPlatform(platform, owner, {
      username,
      ...(profileId ? { profileId } : {}),
    });
    if (connected.status !== 200) throw new Error(JSON.stringify(connected.body));
    return connected.body.integration.id as string;
  };
  const setSlots = (path: string, timezone: string, slots: Array<[string, string]>) =>
    api('PUT', `${path}/slots`, { timezone, slots: slots.map(([day, time]) => ({ day, time })) });
  const freeSlots = async (path: string, count: number) => {
    const answer = await api('GET', `${path}/slots/next?count=${count}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as {
      timezone: string | null;
      source: string;
      slots: Array<{ at: string; local: string; day: string }>;
    };
  };
  let seed = 0;
  const post = (accountIds: string[], extra: Record<string, unknown> = {}) =>
    api('POST', '/v1/posts', {
      content: `Fila ${++seed}`,
      mediaItems: [{ mediaId }],
      platforms: accountIds.map((accountId) => ({ platform: 'instagram', accountId })),
      ...extra,
    });
  const targetTime = (created: { body: any }, accountId: string) =>
    created.body.post.platforms.find((target: any) => target.integrationId === accountId)
      .scheduledFor as string;
  const countPosts = async () =>
    Number(
      (
        await platform.server.reelay.context.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('project_id', '=', owner.projectId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('answers no schedule for a new account, then the one it is given, sorted', async () => {
    const id = await connect('agenda.nova');
    expect((await api('GET', `/v1/integrations/${id}/slots`)).body).toEqual({
      success: true,
      schedule: {
        timezone: null,
        slots: [],
        source: 'none',
        evergreen: { enabled: false, minDaysBetween: 30 },
        updatedAt: null,
      },
    });
    expect(await freeSlots(`/v1/integrations/${id}`, 3)).toMatchObject({
      timezone: null,
      source: 'none',
      slots: [],
    });

    const replaced = await setSlots(`/v1/integrations/${id}`, 'America/Sao_Paulo', [
      ['friday', '18:00'],
      ['monday', '18:00'],
      ['monday', '09:00'],
    ]);
    const schedule = {
      timezone: 'America/Sao_Paulo',
      slots: [
        { day: 'monday', time: '09:00' },
        { day: 'monday', time: '18:00' },
        { day: 'friday', time: '18:00' },
      ],
      source: 'integration',
      evergreen: { enabled: false, minDaysBetween: 30 },
      updatedAt: new Date(START).toISOString(),
    };
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ success: true, schedule });
    expect((await api('GET', `/v1/integrations/${id}/slots`)).body.schedule).toEqual(schedule);
  });

  it('refuses a bad schedule naming the field, and keeps the one stored', async () => {
    const id = await connect('agenda.recusada');
    await setSlots(`/v1/integrations/${id}`, 'UTC', [['monday', '09:00']]);
    const refusals: Array<[unknown, string]> = [
      [
        {
          timezone: 'UTC',
          slots: [
            { day: 'monday', time: '09:00' },
            { day: 'monday', time: '09:00' },
          ],
        },
        'slots[1]',
      ],
      [{ timezone: 'UTC', slots: [{ day: 'monday', time: '24:00' }] }, 'slots[0].time'],
      [{ timezone: 'UTC', slots: [{ day: 'monday', time: '9:00' }] }, 'slots[0].time'],
      [{ timezone: 'UTC', slots: [{ day: 'segunda', time: '09:00' }] }, 'slots[0].day'],
      [{ timezone: '-03:00', slots: [{ day: 'monday', time: '09:00' }] }, 'timezone'],
      [{ slots: [{ day: 'monday', time: '09:00' }] }, 'timezone'],
      [{ timezone: 'UTC' }, 'slots'],
      [{ timezone: 'UTC', slots: [], extra: true }, ''],
    ];
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const everyHour = week.flatMap((day) =>
      Array.from({ length: 24 }, (_, hour) => ({
        day,
        time: `${String(hour).padStart(2, '0')}:00`,
      })),
    );
    refusals.push([
      { timezone: 'UTC', slots: [...everyHour, { day: 'monday', time: '09:30' }] },
      'slots',
    ]);
    for (const [body, field] of refusals) {
      const answer = await api('PUT', `/v1/integrations/${id}/slots`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      if (field) expect(answer.body.details.field).toBe(field);
    }
    // A whole week of hours is the most a schedule holds.
    expect(
      (await api('PUT', `/v1/integrations/${id}/slots`, { timezone: 'UTC', slots: everyHour }))
        .status,
    ).toBe(200);
    await setSlots(`/v1/integrations/${id}`, 'UTC', [['monday', '09:00']]);
    expect((await api('GET', `/v1/integrations/${id}/slots`)).body.schedule.slots).toEqual([
      { day: 'monday', time: '09:00' },
    ]);
    for (const count of ['0', '51', 'dez']) {
      const answer = await api('GET', `/v1/integrations/${id}/slots/next?count=${count}`);
      expect(answer.status).toBe(400);
      expect(answer.body.details.field).toBe('count');
    }
  });

  it("answers 404 for another project's account and profile, and for unknown ones", async () => {
    const id = await connect('agenda.alheia');
    const profile = (await api('POST', '/v1/profiles', { name: 'Alheio' })).body.profile.id;
    const other = await createAccount(url());
    for (const path of [`/v1/integrations/${id}`, `/v1/profiles/${profile}`]) {
      for (const [method, suffix, body] of [
        ['GET', '/slots', undefined],
        ['PUT', '/slots', { timezone: 'UTC', slots: [] }],
        ['GET', '/slots/next', undefined],
      ] as const) {
        const answer = await api(method, `${path}${suffix}`, body, other.key);
        expect(answer.status, `${method} ${path}${suffix}`).toBe(404);
        expect(answer.body.code).toBe('NOT_FOUND');
      }
    }
    expect((await api('GET', '/v1/integrations/int_00000000000000000000000000/slots')).status).toBe(
      404,
    );
    expect((await api('GET', '/v1/profiles/prf_00000000000000000000000000/slots')).status).toBe(
      404,
    );
  });

  it('lists 09:00 New York time on both sides of the spring change', async () => {
    const id = await connect('agenda.novaiorque');
    await setSlots(`/v1/integrations/${id}`, 'America/New_York', [
      ['saturday', '09:00'],
      ['sunday', '09:00'],
      ['monday', '09:00'],
    ]);
    expect(await freeSlots(`/v1/integrations/${id}`, 3)).toEqual({
      success: true,
      timezone: 'America/New_York',
      source: 'integration',
      slots: [
        { at: '2026-03-07T14:00:00.000Z', local: '2026-03-07T09:00', day: 'saturday' }, // EST
        { at: '2026-03-08T13:00:00.000Z', local: '2026-03-08T09:00', day: 'sunday' }, // EDT
        { at: '2026-03-09T13:00:00.000Z', local: '2026-03-09T09:00', day: 'monday' },
      ],
    });
  });

  it('moves a slot the spring change skips to the first minute after it: 02:30 in New York on 2026-03-08 is 03:00', async () => {
    const id = await connect('agenda.salto');
    await setSlots(`/v1/integrations/${id}`, 'America/New_York', [['sunday', '02:30']]);
    expect((await freeSlots(`/v1/integrations/${id}`, 2)).slots).toEqual([
      { at: '2026-03-08T07:00:00.000Z', local: '2026-03-08T03:00', day: 'sunday' },
      { at: '2026-03-15T06:30:00.000Z', local: '2026-03-15T02:30', day: 'sunday' },
    ]);
    // The queue gives the same instant.
    const queued = await post([id], { queue: true });
    expect(queued.status).toBe(201);
    expect(targetTime(queued, id)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first of a slot the autumn change repeats, in New York and in Lisbon', async () => {
    const newYork = await connect('agenda.repetida');
    const lisbon = await connect('agenda.lisboa.outono');
    await setSlots(`/v1/integrations/${newYork}`, 'America/New_York', [['sunday', '01:30']]);
    await setSlots(`/v1/integrations/${lisbon}`, 'Europe/Lisbon', [['sunday', '01:30']]);
    const clock = platform.server.clock;
    clock.set(Date.parse('2026-10-29T12:00:00Z'));
    try {
      expect((await freeSlots(`/v1/integrations/${newYork}`, 2)).slots).toEqual([
        { at: '2026-11-01T05:30:00.000Z', local: '2026-11-01T01:30', day: 'sunday' }, // EDT
        { at: '2026-11-08T06:30:00.000Z', local: '2026-11-08T01:30', day: 'sunday' }, // EST
      ]);
      expect((await freeSlots(`/v1/integrations/${lisbon}`, 1)).slots).toEqual([
        { at: '2026-11-01T01:30:00.000Z', local: '2026-11-01T01:30', day: 'sunday' }, // WET
      ]);
      clock.set(Date.parse('2026-10-22T12:00:00Z'));
      expect((await freeSlots(`/v1/integrations/${lisbon}`, 2)).slots).toEqual([
        { at: '2026-10-25T00:30:00.000Z', local: '2026-10-25T01:30', day: 'sunday' }, // WEST
        { at: '2026-11-01T01:30:00.000Z', local: '2026-11-01T01:30', day: 'sunday' }, // WET
      ]);
    } finally {
      clock.set(START);
    }
  });

  it('queues posts into the next free slots, passing over taken ones, and frees a cancelled one', async () => {
    const id = await connect('agenda.fila');
    await setSlots(
      `/v1/integrations/${id}`,
      'America/Sao_Paulo',
      WEEKDAYS.flatMap((day) => [
        [day, '09:00'],
        [day, '18:00'],
      ]),
    );
    // 09:00 on Thursday is now: the window starts a minute ahead. An explicit post within
    // the minute of 18:00 takes that slot.
    const explicit = await post([id], { scheduledFor: '2026-03-05T21:00:30Z' });
    expect(explicit.status).toBe(201);

    const first = await post([id], { queue: true, timezone: 'America/Sao_Paulo' });
    expect(first.status).toBe(201);
    expect(first.body.post).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2026-03-06T12:00:00.000Z',
      timezone: 'America/Sao_Paulo',
    });
    expect(targetTime(first, id)).toBe('2026-03-06T12:00:00.000Z');
    const second = await post([id], { queue: true });
    expect(targetTime(second, id)).toBe('2026-03-06T21:00:00.000Z');
    expect((await freeSlots(`/v1/integrations/${id}`, 2)).slots.map((slot) => slot.local)).toEqual([
      '2026-03-09T09:00',
      '2026-03-09T18:00',
    ]);

    const events = await platform.server.reelay.context.db
      .selectFrom('events')
      .select('type')
      .where('post_id', '=', first.body.post.id)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['post.scheduled']);

    expect((await api('DELETE', `/v1/posts/${first.body.post.id}`)).status).toBe(200);
    const again = await post([id], { queue: true });
    expect(targetTime(again, id)).toBe('2026-03-06T12:00:00.000Z');
  });

  it('gives each account of a queued post its own slot, the post the earliest, and keeps them on edits', async () => {
    const saoPaulo = await connect('agenda.par.sp');
    const newYork = await connect('agenda.par.ny');
    await setSlots(`/v1/integrations/${saoPaulo}`, 'America/Sao_Paulo', [['monday', '09:00']]);
    await setSlots(`/v1/integrations/${newYork}`, 'America/New_York', [['saturday', '09:00']]);
    const created = await post([saoPaulo, newYork], { queue: true });
    expect(created.status).toBe(201);
    expect(targetTime(created, saoPaulo)).toBe('2026-03-09T12:00:00.000Z');
    expect(targetTime(created, newYork)).toBe('2026-03-07T14:00:00.000Z');
    expect(created.body.post.scheduledFor).toBe('2026-03-07T14:00:00.000Z');
    const postId = created.body.post.id;

    // Listed by each account's own time: São Paulo's Monday, though the post's date is
    // New York's Saturday; a range holding neither time finds nothing.
    const listed = async (query: string) =>
      ((await api('GET', `/v1/posts?${query}`)).body.posts as Array<{ id: string }>).map(
        (found) => found.id,
      );
    const monday = 'from=2026-03-09T00:00:00Z&to=2026-03-09T23:59:59Z';
    expect(await listed(`${monday}&accountId=${saoPaulo}`)).toEqual([postId]);
    expect(await listed(`${monday}&accountId=${newYork}`)).toEqual([]);
    expect(await listed(monday)).toContain(postId);
    expect(await listed('from=2026-03-08T00:00:00Z&to=2026-03-08T23:59:59Z')).not.toContain(postId);

    const edited = await api('PATCH', `/v1/posts/${postId}`, { content: 'Legenda nova' });
    expect(edited.status).toBe(200);
    expect(targetTime(edited, saoPaulo)).toBe('2026-03-09T12:00:00.000Z');
    expect(targetTime(edited, newYork)).toBe('2026-03-07T14:00:00.000Z');
    const jobs = await platform.server.reelay.context.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'publish_target')
      .where(
        'dedupe_key',
        'in',
        edited.body.post.platforms.map((target: any) => `publish:${target.id}`),
      )
      .orderBy('run_at')
      .execute();
    // Each starts 10 minutes ahead of its slot, to have its container ready at the slot.
    expect(jobs.map((job) => new Date(Number(job.run_at)).toISOString())).toEqual([
      '2026-03-07T13:50:00.000Z',
      '2026-03-09T11:50:00.000Z',
    ]);

    const moved = await api('PATCH', `/v1/posts/${postId}`, {
      scheduledFor: '2026-03-10T15:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.post.platforms.map((target: any) => target.scheduledFor)).toEqual([
      '2026-03-10T15:00:00.000Z',
      '2026-03-10T15:00:00.000Z',
    ]);
    // The slots it left are free again.
    expect((await freeSlots(`/v1/integrations/${newYork}`, 1)).slots[0]!.at).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });

  it('refuses queue with scheduledFor, and an account with no schedule or no free slot, writing nothing', async () => {
    const bare = await connect('agenda.vazia');
    const full = await connect('agenda.cheia');
    const before = await countPosts();

    const both = await post([bare], { queue: true, scheduledFor: '2026-03-10T15:00:00Z' });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'queue' } });

    const none = await post([bare], { queue: true });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      statusCode: 409,
      code: 'NO_FREE_SLOT',
      details: { accountId: bare, reason: 'no_schedule' },
    });
    expect(none.body.message).toContain('agenda de publicação');
    expect(await countPosts()).toBe(before);

    // One slot a week: ten Wednesdays within 75 days of Thursday 5 March.
    await setSlots(`/v1/integrations/${full}`, 'UTC', [['wednesday', '10:00']]);
    const taken: string[] = [];
    for (let index = 0; index < 10; index++) {
      const queued = await post([full], { queue: true });
      expect(queued.status, JSON.stringify(queued.body)).toBe(201);
      taken.push(targetTime(queued, full));
    }
    expect(taken[0]).toBe('2026-03-11T10:00:00.000Z');
    expect(taken[9]).toBe('2026-05-13T10:00:00.000Z');
    expect(new Set(taken).size).toBe(10);
    const beyond = await post([full], { queue: true });
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject({
      code: 'NO_FREE_SLOT',
      details: { accountId: full, reason: 'no_free_slot' },
    });
    expect((await freeSlots(`/v1/integrations/${full}`, 5)).slots).toEqual([]);
    expect(await countPosts()).toBe(before + 10);
    // The first account refused names itself, even beside an account with room.
    const mixed = await post([full, bare], { queue: true });
    expect(mixed.body.details.accountId).toBe(full);
  });

  it('passes over a slot whose 24 h window is full under the quota', async () => {
    const id = await connect('agenda.cota');
    await setSlots(
      `/v1/integrations/${id}`,
      'UTC',
      ['friday', 'saturday', 'sunday', 'monday', 'tuesday'].map((day) => [day, '10:00']),
    );
    platform.emulator.configure({ quotaTotal: 1 });
    try {
      const first = await post([id], { queue: true });
      const second = await post([id], { queue: true });
      // Saturday is within 24 h of Friday's post: a second post there would exceed 1.
      expect(targetTime(first, id)).toBe('2026-03-06T10:00:00.000Z');
      expect(targetTime(second, id)).toBe('2026-03-08T10:00:00.000Z');
      // Listing the free slots does not ask Instagram: Saturday is free.
      expect((await freeSlots(`/v1/integrations/${id}`, 1)).slots[0]!.at).toBe(
        '2026-03-07T10:00:00.000Z',
      );
    } finally {
      platform.emulator.configure({ quotaTotal: 100 });
    }
  });

  it('replays a queued post by its key without taking another slot; the key with another body is refused', async () => {
    const id = await connect('agenda.chave');
    await setSlots(`/v1/integrations/${id}`, 'UTC', [
      ['friday', '12:00'],
      ['saturday', '12:00'],
    ]);
    const body = { queue: true, idempotencyKey: 'fila-1', content: 'Sempre o mesmo' };
    const first = await post([id], body);
    const again = await post([id], body);
    expect(again.status).toBe(201);
    expect(again.body.post.id).toBe(first.body.post.id);
    expect(targetTime(again, id)).toBe('2026-03-06T12:00:00.000Z');
    expect((await freeSlots(`/v1/integrations/${id}`, 1)).slots[0]!.at).toBe(
      '2026-03-07T12:00:00.000Z',
    );
    const withoutQueue = await post([id], { idempotencyKey: 'fila-1', content: 'Sempre o mesmo' });
    expect(withoutQueue.status).toBe(409);
    expect(withoutQueue.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("applies a profile's schedule to its accounts without their own, and lists slots free on all of them", async () => {
    const profile = (await api('POST', '/v1/profiles', { name: 'Marca em Lisboa' })).body.profile
      .id as string;
    const follower = await connect('agenda.perfil.segue', profile);
    const ownSchedule = await connect('agenda.perfil.propria', profile);
    await setSlots(`/v1/integrations/${ownSchedule}`, 'Europe/Lisbon', [['sunday', '09:00']]);
    const replaced = await setSlots(`/v1/profiles/${profile}`, 'Europe/Lisbon', [
      ['sunday', '09:00'],
      ['sunday', '01:30'],
    ]);
    expect(replaced.body.schedule).toMatchObject({ source: 'profile', timezone: 'Europe/Lisbon' });
    expect((await api('GET', `/v1/integrations/${follower}/slots`)).body.schedule).toMatchObject({
      source: 'profile',
      timezone: 'Europe/Lisbon',
      slots: [
        { day: 'sunday', time: '01:30' },
        { day: 'sunday', time: '09:00' },
      ],
    });
    expect((await api('GET', `/v1/integrations/${ownSchedule}/slots`)).body.schedule.source).toBe(
      'integration',
    );

    // Lisbon moves to summer time on 29 March: 01:30 does not exist that day; the slot
    // happens at the first minute after the gap (02:00 WEST).
    const listed = await freeSlots(`/v1/profiles/${profile}`, 8);
    expect(listed.source).toBe('profile');
    expect(listed.slots.slice(0, 2)).toEqual([
      { at: '2026-03-08T01:30:00.000Z', local: '2026-03-08T01:30', day: 'sunday' },
      { at: '2026-03-08T09:00:00.000Z', local: '2026-03-08T09:00', day: 'sunday' },
    ]);
    expect(listed.slots.slice(6)).toEqual([
      { at: '2026-03-29T01:00:00.000Z', local: '2026-03-29T02:00', day: 'sunday' },
      { at: '2026-03-29T08:00:00.000Z', local: '2026-03-29T09:00', day: 'sunday' },
    ]);

    const queued = await post([follower], { queue: true });
    expect(targetTime(queued, follower)).toBe('2026-03-08T01:30:00.000Z');
    // The account with its own schedule does not follow the profile's: its post counts not.
    const own = await post([ownSchedule], { queue: true });
    expect(targetTime(own, ownSchedule)).toBe('2026-03-08T09:00:00.000Z');
    expect((await freeSlots(`/v1/profiles/${profile}`, 1)).slots[0]!.at).toBe(
      '2026-03-08T09:00:00.000Z',
    );

    // Clearing the account's own schedule makes it follow the profile's again.
    const cleared = await api('PUT', `/v1/integrations/${ownSchedule}/slots`, { slots: [] });
    expect(cleared.body.schedule).toMatchObject({ source: 'profile', timezone: 'Europe/Lisbon' });
    expect((await freeSlots(`/v1/profiles/${profile}`, 1)).slots[0]!.at).toBe(
      '2026-03-15T01:30:00.000Z',
    );

    // A removed profile's schedule is ignored, and its routes answer 404.
    expect((await api('DELETE', `/v1/profiles/${profile}`)).status).toBe(200);
    expect((await api('GET', `/v1/integrations/${follower}/slots`)).body.schedule).toEqual({
      timezone: null,
      slots: [],
      source: 'none',
      evergreen: { enabled: false, minDaysBetween: 30 },
      updatedAt: null,
    });
    expect((await api('GET', `/v1/profiles/${profile}/slots`)).status).toBe(404);
    const orphan = await post([follower], { queue: true });
    expect(orphan.body).toMatchObject({ code: 'NO_FREE_SLOT', details: { reason: 'no_schedule' } });
  });

  it("keeps a disconnected account's schedule, and refuses to queue for it until reconnected", async () => {
    const id = await connect('agenda.desligada');
    await setSlots(`/v1/integrations/${id}`, 'UTC', [['monday', '09:00']]);
    expect((await api('DELETE', `/v1/connect/integrations/${id}`)).status).toBe(200);
    expect((await api('GET', `/v1/integrations/${id}/slots`)).body.schedule.source).toBe(
      'integration',
    );
    const refused = await post([id], { queue: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TOKEN_INVALID', details: { accountId: id } });
  });

  it('erases the schedules with the user', async () => {
    const leaving = await createAccount(url());
    const profile = (await api('POST', '/v1/profiles', { name: 'Some' }, leaving.key)).body.profile
      .id;
    expect(
      (
        await api(
          'PUT',
          `/v1/profiles/${profile}/slots`,
          { timezone: 'UTC', slots: [{ day: 'monday', time: '09:00' }] },
          leaving.key,
        )
      ).status,
    ).toBe(200);
    const rows = () =>
      platform.server.reelay.context.db
        .withTables<{ posting_schedules: { project_id: string } }>()
        .selectFrom('posting_schedules')
        .select('project_id')
        .where('project_id', '=', leaving.projectId)
        .execute();
    expect(await rows()).toHaveLength(1);
    expect(
      (
        await call(url(), 'DELETE', '/v1/me', undefined, {
          authorization: `Bearer ${leaving.accessToken}`,
        })
      ).status,
    ).toBe(204);
    expect(await rows()).toHaveLength(0);
  });

  // Last: it runs the queue, which publishes the earlier tests' posts too.
  it('publishes each account of a queued post at its own slot', async () => {
    const early = await connect('agenda.publica.cedo');
    const late = await connect('agenda.publica.tarde');
    await setSlots(`/v1/integrations/${early}`, 'UTC', [['thursday', '15:00']]);
    await setSlots(`/v1/integrations/${late}`, 'UTC', [['thursday', '16:00']]);
    const created = await post([early, late], { queue: true });
    expect(created.body.post.scheduledFor).toBe('2026-03-05T15:00:00.000Z');
    await settle(platform.server, { until: Date.parse('2026-03-05T15:30:00Z') });
    const halfway = (await api('GET', `/v1/posts/${created.body.post.id}`)).body.post;
    const statusOf = (post: any, id: string) =>
      post.platforms.find((target: any) => target.integrationId === id).status;
    expect(statusOf(halfway, early)).toBe('published');
    expect(statusOf(halfway, late)).toBe('scheduled');
    await settle(platform.server, { until: Date.parse('2026-03-05T16:30:00Z') });
    const done = (await api('GET', `/v1/posts/${created.body.post.id}`)).body.post;
    expect(done.status).toBe('published');
    expect(statusOf(done, late)).toBe('published');
  });
});
