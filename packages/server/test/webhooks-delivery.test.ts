/**
 * Delivery to real receivers over HTTP (spec §3 "Webhook delivery", §6): signatures
 * checked by an independent HMAC, the exact headers and stored body, retries 30 s and
 * 2 min after failed attempts on the injected clock, the per-attempt timeout, a receiver
 * down then up, a restart between attempts, an attempt cut off by a dying instance,
 * several instances delivering each attempt once, a slow receiver that delays no one,
 * pause and resume, removal, and the delivery history.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJobs, releaseJob } from '../src/queue/job-leases';
import { UNREADABLE_SECRET_ERROR } from '../src/webhooks/signing-secrets';
import { DEFAULT_WEBHOOK_SETTINGS } from '../src/webhooks/webhook-settings';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { emitEvents } from './helpers/outbox';
import {
  startTestServer,
  type StartOptions,
  type TestServer,
} from '@reelay/test-support/test-server';
import { signedWith, startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';

const SECOND = 1000;

const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

it('keeps the contract timings by default: 10 s per attempt, then +30 s and +2 min', () => {
  expect(DEFAULT_WEBHOOK_SETTINGS.timeoutMs).toBe(10_000);
  expect(DEFAULT_WEBHOOK_SETTINGS.retryDelaysMs).toEqual([30_000, 120_000]);
});

describe.each(testDialects())('webhook delivery on $name', (dialect) => {
  const servers: TestServer[] = [];
  const receivers: Receiver[] = [];
  let server: TestServer;

  async function start(options: StartOptions = {}): Promise<TestServer> {
    const started = await startTestServer(dialect, {
      ...options,
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true', ...options.env },
      reelay: {
        workers: false,
        ...options.reelay,
        webhooks: { timeoutMs: 400, ...options.reelay?.webhooks },
      },
    });
    servers.push(started);
    return started;
  }
  async function receiverFor(): Promise<Receiver> {
    const receiver = await startReceiver();
    receivers.push(receiver);
    return receiver;
  }

  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    for (const item of servers.reverse()) await item.close();
    for (const receiver of receivers) await receiver.close();
  });

  it('leaves a running dispatcher its job when events are written meanwhile', async () => {
    const sub = await subscribed();
    await emitEvents(server, sub.account.projectId);
    const { db } = server.reelay.context;
    const now = server.clock.now();
    // A dispatcher run holds the job, as another instance's would.
    const held = await holdDispatcher(now);
    try {
      // Many posts finishing at once: none of them writes to that job's row, nor does the
      // sweep, which leaves a run under way to take what waits.
      await emitEvents(server, sub.account.projectId, 3);
      await server.reelay.tasks.sweepUndispatchedEvents();
      const job = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({
        lease_owner: 'other-instance.1',
        lease_expires_at: held.lease_expires_at,
        run_at: held.run_at,
      });
    } finally {
      await releaseJob(db, held.id, 'other-instance.1', now, null, 'reset');
    }
    await server.reelay.tasks.runDueJobs();
    expect(
      await db.selectFrom('events').select('id').where('dispatched_at', 'is', null).execute(),
    ).toEqual([]);
  });

  it('brings a dispatcher out of its backoff with the sweep, not with each new event', async () => {
    const sub = await subscribed();
    await emitEvents(server, sub.account.projectId);
    const { db } = server.reelay.context;
    const now = server.clock.now();
    // A run failed (the database was down): the job waits five minutes before its retry.
    const held = await holdDispatcher(now);
    await releaseJob(db, held.id, 'other-instance.1', now + 5 * 60 * SECOND, 'falhou', 'keep');
    await emitEvents(server, sub.account.projectId, 2);
    const waiting = () =>
      db.selectFrom('events').select('id').where('dispatched_at', 'is', null).execute();
    await server.reelay.tasks.runDueJobs();
    expect(await waiting()).toHaveLength(3);

    await server.reelay.tasks.sweepUndispatchedEvents();
    await server.reelay.tasks.runDueJobs();
    expect(await waiting()).toEqual([]);
    await expect.poll(() => sub.receiver.received.length).toBe(3);
  });

  it('dispatches an event whose transaction commits while the dispatcher is ending', async () => {
    const sub = await subscribed();
    const [first] = await emitEvents(server, sub.account.projectId);
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    let commit!: () => void;
    const until = new Promise<void>((resolve) => (commit = resolve));
    // Its events and dispatch request are written, not yet committed, when the run ends.
    const late = emitEvents(server, sub.account.projectId, 1, { hold: { written, until } });
    await isWritten;
    const draining = server.reelay.tasks.runDueJobs();
    setTimeout(commit, 300);
    await draining;
    const [second] = await late;
    const { db } = server.reelay.context;
    const rows = await db
      .selectFrom('events')
      .select(['id', 'dispatched_at'])
      .where('id', 'in', [first!.id, second!.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.dispatched_at !== null)).toBe(true);
    const waiting = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'dispatch_events')
      .execute();
    expect(waiting).toEqual([]);
  });

  /** The dispatcher's job, claimed by another instance's run, as that run would hold it. */
  async function holdDispatcher(now: number) {
    const { db, capabilities } = server.reelay.context;
    const [held] = await claimDueJobs(db, capabilities, {
      owner: 'other-instance.1',
      now,
      limit: 10,
      leaseMs: 6_000,
    });
    expect(held?.kind).toBe('dispatch_events');
    return held!;
  }

  /** A fresh project with one subscription to a fresh receiver. */
  async function subscribed(
    target: TestServer = server,
    body: Record<string, unknown> = {},
  ): Promise<{ account: Account; receiver: Receiver; id: string; secret: string }> {
    const account = await createAccount(target.url);
    const receiver = await receiverFor();
    const created = await call(
      target.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ALL, webhook: { url: receiver.url }, ...body },
      account.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return {
      account,
      receiver,
      id: created.body.notification.id,
      secret: created.body.notification.webhook.secret,
    };
  }
  const deliveries = async (
    target: TestServer,
    who: { account: Account; id: string },
    query = '',
  ) =>
    (
      await call(
        target.url,
        'GET',
        `/v1/notifications/${who.id}/deliveries${query}`,
        undefined,
        who.account.key,
      )
    ).body;

  it('posts the stored body with the four headers, signed as spec §6 says', async () => {
    const sub = await subscribed();
    const [event] = await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    const [arrived] = sub.receiver.received;
    expect(arrived!.method).toBe('POST');
    expect(arrived!.path).toBe('/webhooks');
    expect(arrived!.headers['content-type']).toBe('application/json');
    expect(arrived!.headers['x-service-event-id']).toBe(event!.id);
    expect(arrived!.headers['x-service-event-type']).toBe('post.published');
    // The real time of sending, which receivers check against their own clock (±300 s),
    // even though this server's scheduler runs on a manual clock.
    expect(
      Math.abs(Number(arrived!.headers['x-service-timestamp']) - Date.now() / 1000),
    ).toBeLessThan(5);
    expect(arrived!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(arrived!.headers['x-service-test']).toBeUndefined();
    // The very bytes stored in the outbox, and a signature an independent HMAC confirms.
    expect(arrived!.raw.toString('utf8')).toBe(event!.payload);
    expect(signedWith(arrived!, sub.secret)).toBe(true);
    expect(signedWith(arrived!, `whsec_${randomBytes(32).toString('base64url')}`)).toBe(false);
    expect(arrived!.body).toMatchObject({
      version: '2026-09-01',
      id: event!.id,
      type: 'post.published',
      projectId: sub.account.projectId,
      profileId: null,
    });

    const history = await deliveries(server, sub);
    expect(history.total).toBe(1);
    expect(history.deliveries[0]).toMatchObject({
      notificationId: sub.id,
      eventId: event!.id,
      eventType: 'post.published',
      status: 'delivered',
      attempt: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
      attempts: [{ attempt: 1, responseStatus: 200, error: null }],
    });
    expect(history.deliveries[0].id).toMatch(/^dlv_/);
    expect(history.deliveries[0].deliveredAt).toMatch(/Z$/);
  });

  it("fails a subscription whose secret cannot be read, and keeps delivering the others'", async () => {
    // The stored secret was encrypted under another REELAY_ENCRYPTION_KEY.
    const broken = await subscribed();
    const healthy = await subscribed();
    await server.reelay.context.db
      .updateTable('webhook_subscriptions')
      .set({ secret: 'v1.outra-chave.cifrado' })
      .where('id', '=', broken.id)
      .execute();
    await emitEvents(server, broken.account.projectId);
    const [event] = await emitEvents(server, healthy.account.projectId);
    await server.reelay.tasks.runDueJobs();
    expect(healthy.receiver.received.map((arrived) => arrived.body.id)).toEqual([event!.id]);
    expect(broken.receiver.received).toEqual([]);
    const history = await deliveries(server, broken);
    expect(history.deliveries[0]).toMatchObject({
      status: 'pending',
      attempt: 1,
      error: UNREADABLE_SECRET_ERROR,
      attempts: [{ attempt: 1, responseStatus: null, error: UNREADABLE_SECRET_ERROR }],
    });
    const test = await call(
      server.url,
      'POST',
      '/v1/notifications/test',
      { notificationId: broken.id },
      broken.account.key,
    );
    expect(test.status).toBe(200);
    expect(test.body.result).toMatchObject({ delivered: false, error: UNREADABLE_SECRET_ERROR });
    expect(broken.receiver.received).toEqual([]);
  });

  it('retries 30 s and then 2 min after failed attempts, with the same body and event id', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ status: 500 }, { status: 503 });
    const [event] = await emitEvents(server, sub.account.projectId);
    const start = server.clock.now();
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    let [delivery] = (await deliveries(server, sub)).deliveries;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt: 1,
      responseStatus: 500,
      error: 'O receptor respondeu com o status 500.',
      nextAttemptAt: new Date(start + 30 * SECOND).toISOString(),
    });

    server.clock.set(start + 30 * SECOND - 1);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    server.clock.set(start + 30 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(2);
    [delivery] = (await deliveries(server, sub)).deliveries;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt: 2,
      responseStatus: 503,
      nextAttemptAt: new Date(start + 150 * SECOND).toISOString(),
    });

    server.clock.set(start + 150 * SECOND - 1);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(2);
    server.clock.set(start + 150 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(3);
    [delivery] = (await deliveries(server, sub)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', attempt: 3, responseStatus: 200 });
    expect(delivery.attempts.map((item: { at: string }) => Date.parse(item.at) - start)).toEqual([
      0,
      30 * SECOND,
      150 * SECOND,
    ]);

    const bodies = new Set(sub.receiver.received.map((item) => item.raw.toString('utf8')));
    expect(bodies).toEqual(new Set([event!.payload]));
    expect(
      new Set(sub.receiver.received.map((item) => item.headers['x-service-event-id'])),
    ).toEqual(new Set([event!.id]));
    // Each attempt is signed anew, at its own time of sending.
    for (const item of sub.receiver.received) expect(signedWith(item, sub.secret)).toBe(true);
  });

  it('fails after the third attempt, and stays failed', async () => {
    const sub = await subscribed();
    sub.receiver.fallback = { status: 410 };
    await emitEvents(server, sub.account.projectId);
    const start = server.clock.now();
    for (const at of [0, 30, 150]) {
      server.clock.set(start + at * SECOND);
      await server.reelay.tasks.runDueJobs();
    }
    expect(sub.receiver.received).toHaveLength(3);
    server.clock.set(start + 24 * 3600 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(3);
    const history = await deliveries(server, sub);
    expect(history.deliveries[0]).toMatchObject({
      status: 'failed',
      attempt: 3,
      responseStatus: 410,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    expect(history.deliveries[0].attempts).toHaveLength(3);
    expect((await deliveries(server, sub, '?status=failed')).total).toBe(1);
    expect((await deliveries(server, sub, '?status=delivered')).total).toBe(0);
  });

  it('gives up on an attempt at the timeout and tries again later', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ hang: true });
    await emitEvents(server, sub.account.projectId);
    const started = Date.now();
    await server.reelay.tasks.runDueJobs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const [delivery] = (await deliveries(server, sub)).deliveries;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt: 1,
      responseStatus: null,
      error: 'O receptor não respondeu em 400 ms.',
    });
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(390);
    server.clock.advance(30 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect((await deliveries(server, sub)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempt: 2,
    });
  });

  it('reaches a receiver that was down and came back on the same port', async () => {
    const sub = await subscribed();
    await sub.receiver.stop();
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [down] = (await deliveries(server, sub)).deliveries;
    expect(down).toMatchObject({ status: 'pending', attempt: 1, responseStatus: null });
    expect(down.error).toMatch(/Conexão recusada por 127\.0\.0\.1/);
    await sub.receiver.listen();
    server.clock.advance(30 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    expect((await deliveries(server, sub)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempt: 2,
    });
  });

  it('survives a restart between attempts: the next instance sends the same event', async () => {
    const database: TestDatabase = await dialect.create();
    const env = { REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const first = await start({ database, env });
    const sub = await subscribed(first);
    sub.receiver.answers.push({ status: 502 });
    const [event] = await emitEvents(first, sub.account.projectId);
    await first.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await start({ database, env, clock: first.clock });
    try {
      second.clock.advance(30 * SECOND);
      await second.reelay.tasks.runDueJobs();
      expect(sub.receiver.received).toHaveLength(2);
      const [, again] = sub.receiver.received;
      expect(again!.headers['x-service-event-id']).toBe(event!.id);
      expect(again!.raw.toString('utf8')).toBe(event!.payload);
      expect(signedWith(again!, sub.secret)).toBe(true);
      expect((await deliveries(second, sub)).deliveries[0]).toMatchObject({
        status: 'delivered',
        attempt: 2,
      });
    } finally {
      await second.close();
      servers.splice(servers.indexOf(second), 1);
      await database.drop();
    }
  });

  it('counts an attempt cut off with its instance, never sends it again, and follows the schedule', async () => {
    const database: TestDatabase = await dialect.create();
    const env = { REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const dying = await start({
      database,
      env,
      reelay: { webhooks: { timeoutMs: 3000, holdSlotMs: 100 } },
    });
    const sub = await subscribed(dying);
    sub.receiver.answers.push({ hang: true });
    await emitEvents(dying, sub.account.projectId);
    // The attempt is in flight, awaited in the background; this instance now stands for
    // one that died: it never records anything the others can see in time.
    await dying.reelay.tasks.runDueJobs();
    await sub.receiver.waitFor(1);
    const takeover = await start({ database, env, clock: dying.clock });
    try {
      takeover.clock.advance(10 * SECOND);
      await takeover.reelay.tasks.runDueJobs();
      expect(sub.receiver.received).toHaveLength(1);
      // Past the attempt's deadline (its timeout and a margin), the attempt counts as made.
      takeover.clock.advance(10 * SECOND);
      await takeover.reelay.tasks.runDueJobs();
      let [delivery] = (await deliveries(takeover, sub)).deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempt: 1 });
      expect(delivery.error).toMatch(/interrompida/);
      takeover.clock.advance(30 * SECOND);
      await takeover.reelay.tasks.runDueJobs();
      expect(sub.receiver.received).toHaveLength(2);
      [delivery] = (await deliveries(takeover, sub)).deliveries;
      expect(delivery).toMatchObject({ status: 'delivered', attempt: 2 });
      // The first instance's attempt ends (timeout) and finds its claim gone: nothing changes.
      await dying.close();
      servers.splice(servers.indexOf(dying), 1);
      [delivery] = (await deliveries(takeover, sub)).deliveries;
      expect(delivery).toMatchObject({ status: 'delivered', attempt: 2 });
      expect(delivery.attempts.map((item: { attempt: number }) => item.attempt)).toEqual([1, 2]);
    } finally {
      await takeover.close();
      servers.splice(servers.indexOf(takeover), 1);
      await database.drop();
    }
  });

  it(
    'never delivers the same attempt twice from several instances on one database',
    { timeout: 90_000 },
    async () => {
      const database: TestDatabase = await dialect.create();
      const env = { REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
      // A receiver answering late is retried by design (at least once); the duplicates
      // this test looks for are instances racing, so a busy machine must not time out
      // attempts: a generous timeout keeps that apart.
      const reelay = { webhooks: { timeoutMs: 10_000 } };
      const a = await start({ database, env, reelay });
      const b = await start({ database, env, reelay, clock: a.clock });
      const c = await start({ database, env, reelay, clock: a.clock });
      try {
        const sub = await subscribed(a);
        const events = await emitEvents(a, sub.account.projectId, 300);
        await Promise.all([a, b, c].map((item) => item.reelay.tasks.runDueJobs()));
        // A busy process leaves some deliveries to their fallback job, due a few seconds
        // later (by design: the inline senders take only what they can send at once). The
        // clock here moves by hand, so move it on and let every instance run what is due.
        for (let round = 0; sub.receiver.received.length < 300 && round < 12; round++) {
          await sub.receiver.waitFor(300, 2_000).catch(() => {});
          a.clock.advance(5 * SECOND);
          await Promise.all([a, b, c].map((item) => item.reelay.tasks.runDueJobs()));
        }
        await sub.receiver.waitFor(300);
        // Past every fallback and watchdog time, all three look at every delivery's job
        // again: each finds the work done.
        a.clock.advance(60 * SECOND);
        await Promise.all([a, b, c].map((item) => item.reelay.tasks.runDueJobs()));
        expect(sub.receiver.received).toHaveLength(300);
        for (const event of events) expect(sub.receiver.of(event.id)).toHaveLength(1);
        const history = await deliveries(a, sub, '?limit=1');
        expect(history.total).toBe(300);
      } finally {
        for (const item of [c, b, a]) {
          await item.close();
          servers.splice(servers.indexOf(item), 1);
        }
        await database.drop();
      }
    },
  );

  it('keeps a slow receiver from delaying the others', { timeout: 30_000 }, async () => {
    // The slow receiver's attempts time out only after 15 s: every fast delivery must
    // arrive while they are all still hanging. An attempt counts as slow past 2 s, so a
    // busy machine does not make the fast receiver look slow (its deliveries would then
    // wait for a later turn of the queue, which this test never runs).
    const isolated = await start({
      reelay: { webhooks: { timeoutMs: 15_000, holdSlotMs: 2000 } },
    });
    const account = await createAccount(isolated.url);
    const slow = await receiverFor();
    const fast = await receiverFor();
    slow.fallback = { hang: true };
    for (const receiver of [slow, fast]) {
      const created = await call(
        isolated.url,
        'POST',
        '/v1/notifications',
        { eventTypes: ALL, webhook: { url: receiver.url } },
        account.key,
      );
      expect(created.status).toBe(201);
    }
    // 100 events: 100 deliveries to a receiver that hangs, 100 to one that answers.
    await emitEvents(isolated, account.projectId, 100);
    const started = Date.now();
    await isolated.reelay.tasks.runDueJobs();
    await fast.waitFor(100, 12_000);
    // Every fast delivery arrived before a single slow attempt could time out.
    expect(Math.max(...fast.received.map((item) => item.receivedAt)) - started).toBeLessThan(
      15_000,
    );
    // The slow receiver got a bounded number of attempts at once (its share of the
    // dispatcher's slots, then of the workers' until it showed slow); the rest wait.
    expect(slow.received.length).toBeLessThan(70);
    // Ends the hanging attempts now rather than at their timeout, when the server closes.
    await slow.close();
  });

  it('holds deliveries while paused and sends them when resumed', async () => {
    const sub = await subscribed();
    const pause = await call(
      server.url,
      'PATCH',
      `/v1/notifications/${sub.id}`,
      { paused: true },
      sub.account.key,
    );
    expect(pause.body.notification.paused).toBe(true);
    const events = await emitEvents(server, sub.account.projectId, 3);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(0);
    const held = await deliveries(server, sub);
    expect(held.total).toBe(3);
    for (const delivery of held.deliveries)
      expect(delivery).toMatchObject({ status: 'pending', attempt: 0, nextAttemptAt: null });

    server.clock.advance(3600 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(0);
    await call(
      server.url,
      'PATCH',
      `/v1/notifications/${sub.id}`,
      { paused: false },
      sub.account.key,
    );
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(3);
    expect(
      new Set(sub.receiver.received.map((item) => item.headers['x-service-event-id'])),
    ).toEqual(new Set(events.map((event) => event.id)));
    expect((await deliveries(server, sub, '?status=delivered')).total).toBe(3);
  });

  it('pauses a delivery waiting for its retry, and resumes it at its time', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ status: 500 });
    await emitEvents(server, sub.account.projectId);
    const start = server.clock.now();
    await server.reelay.tasks.runDueJobs();
    await call(
      server.url,
      'PATCH',
      `/v1/notifications/${sub.id}`,
      { paused: true },
      sub.account.key,
    );
    server.clock.set(start + 60 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    await call(
      server.url,
      'PATCH',
      `/v1/notifications/${sub.id}`,
      { paused: false },
      sub.account.key,
    );
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(2);
    expect((await deliveries(server, sub)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempt: 2,
    });
  });

  it('stops pending deliveries when the subscription is removed', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ status: 500 });
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    const removed = await call(
      server.url,
      'DELETE',
      `/v1/notifications/${sub.id}`,
      undefined,
      sub.account.key,
    );
    expect(removed.status).toBe(200);
    server.clock.advance(3600 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    const jobs = await server.reelay.context.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'deliver_webhook')
      .execute();
    const rows = await server.reelay.context.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .execute();
    expect(rows).toEqual([]);
    expect(jobs.filter((job) => job.id.startsWith('dlv_'))).toEqual([]);
  });

  it('lists every delivery, newest first, paginated with a total', async () => {
    const sub = await subscribed();
    const events = [];
    for (let i = 0; i < 5; i++) {
      server.clock.advance(SECOND);
      events.push(...(await emitEvents(server, sub.account.projectId)));
      await server.reelay.tasks.runDueJobs();
    }
    const page = await deliveries(server, sub, '?limit=2');
    expect(page.total).toBe(5);
    expect(page.deliveries.map((item: { eventId: string }) => item.eventId)).toEqual([
      events[4]!.id,
      events[3]!.id,
    ]);
    const last = await deliveries(server, sub, '?limit=2&offset=4');
    expect(last.deliveries.map((item: { eventId: string }) => item.eventId)).toEqual([
      events[0]!.id,
    ]);
    const ascending = await deliveries(server, sub, '?sort=asc&limit=1');
    expect(ascending.deliveries[0].eventId).toBe(events[0]!.id);
    const bad = await call(
      server.url,
      'GET',
      `/v1/notifications/${sub.id}/deliveries?limit=0`,
      undefined,
      sub.account.key,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.field).toBe('limit');
  });

  it('does not send events from before the subscription, nor types it did not ask for', async () => {
    const account = await createAccount(server.url);
    const receiver = await receiverFor();
    await emitEvents(server, account.projectId);
    server.clock.advance(SECOND);
    const created = await call(
      server.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ['post.failed'], webhook: { url: receiver.url } },
      account.key,
    );
    server.clock.advance(SECOND);
    await emitEvents(server, account.projectId, 1, { type: 'post.published' });
    const [failed] = await emitEvents(server, account.projectId, 1, { type: 'post.failed' });
    await server.reelay.tasks.runDueJobs();
    expect(receiver.received.map((item) => item.headers['x-service-event-id'])).toEqual([
      failed!.id,
    ]);
    expect(created.status).toBe(201);
  });
});
