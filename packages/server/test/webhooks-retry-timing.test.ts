/**
 * Retry timing against a receiver that takes its time (spec §3 "Webhook delivery", §6
 * "Delivery and retries"): the next attempt goes 30 s after the first attempt and 2 min
 * after the second, counted from when each attempt STARTED, however long the receiver
 * kept it. The manual clock moves while the receiver hangs, as the real one would during
 * a 10 s timeout, so the difference between "start + delay" and "end + delay" shows in
 * the delivery history and in the job's due time without waiting for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { emitEvents } from './helpers/outbox';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';

const SECOND = 1000;
/** How long the receiver "took" on the scheduler's clock: the contract's 10 s timeout. */
const HUNG_FOR = 10 * SECOND;

describe.each(testDialects())('webhook retry timing on $name', (dialect) => {
  let server: TestServer;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
      // A short real timeout keeps the test fast; the hang's length on the scheduler's
      // clock is set by the test itself.
      reelay: { workers: false, webhooks: { timeoutMs: 400 } },
    });
  });
  afterAll(async () => {
    await server.close();
    for (const receiver of receivers) await receiver.close();
  });

  async function subscribed(): Promise<{ account: Account; receiver: Receiver; id: string }> {
    const account = await createAccount(server.url);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await call(
      server.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ['post.published'], webhook: { url: receiver.url } },
      account.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { account, receiver, id: created.body.notification.id };
  }

  const latestDelivery = async (sub: { account: Account; id: string }) =>
    (
      await call(
        server.url,
        'GET',
        `/v1/notifications/${sub.id}/deliveries`,
        undefined,
        sub.account.key,
      )
    ).body.deliveries[0];

  /** When the delivery's job is due in the queue. */
  async function jobDueAt(deliveryId: string): Promise<number | null> {
    const job = await server.reelay.context.db
      .selectFrom('jobs')
      .select('run_at')
      .where('dedupe_key', '=', `deliver:${deliveryId}`)
      .executeTakeFirst();
    return job ? Number(job.run_at) : null;
  }

  /**
   * Runs the due work while the receiver hangs on attempt `count`, moving the scheduler's
   * clock by `HUNG_FOR` once the request has arrived: the attempt ends that much after it
   * started.
   */
  async function attemptThatHangs(receiver: Receiver, count: number): Promise<void> {
    const running = server.reelay.tasks.runDueJobs();
    await receiver.waitFor(count);
    server.clock.advance(HUNG_FOR);
    await running;
  }

  it('schedules the next attempts 30 s and 2 min after each hung attempt started, not ended', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ hang: true }, { hang: true });
    await emitEvents(server, sub.account.projectId);
    const start = server.clock.now();

    await attemptThatHangs(sub.receiver, 1);
    let delivery = await latestDelivery(sub);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt: 1,
      responseStatus: null,
      error: 'O receptor não respondeu em 400 ms.',
      nextAttemptAt: new Date(start + 30 * SECOND).toISOString(),
    });
    expect(await jobDueAt(delivery.id)).toBe(start + 30 * SECOND);

    // Not a moment before the schedule (spec §3: 30 s after the first attempt).
    server.clock.set(start + 30 * SECOND - 1);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);

    server.clock.set(start + 30 * SECOND);
    await attemptThatHangs(sub.receiver, 2);
    delivery = await latestDelivery(sub);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempt: 2,
      responseStatus: null,
      error: 'O receptor não respondeu em 400 ms.',
      nextAttemptAt: new Date(start + 150 * SECOND).toISOString(),
    });
    expect(await jobDueAt(delivery.id)).toBe(start + 150 * SECOND);

    server.clock.set(start + 150 * SECOND - 1);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(2);

    server.clock.set(start + 150 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(3);
    delivery = await latestDelivery(sub);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempt: 3,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    // The history keeps each attempt's start, and its record keeps its shape.
    expect(delivery.attempts).toEqual([
      {
        attempt: 1,
        at: new Date(start).toISOString(),
        durationMs: expect.any(Number),
        responseStatus: null,
        error: 'O receptor não respondeu em 400 ms.',
      },
      {
        attempt: 2,
        at: new Date(start + 30 * SECOND).toISOString(),
        durationMs: expect.any(Number),
        responseStatus: null,
        error: 'O receptor não respondeu em 400 ms.',
      },
      {
        attempt: 3,
        at: new Date(start + 150 * SECOND).toISOString(),
        durationMs: expect.any(Number),
        responseStatus: 200,
        error: null,
      },
    ]);
  });

  it('counts from the start of an attempt finished in the background, past the slot hold', async () => {
    const slow = await startTestServer(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
      // The attempt outlasts the slot hold: the job turns watchdog and the answer is
      // recorded in the background.
      reelay: { workers: false, webhooks: { timeoutMs: 600, holdSlotMs: 50 } },
    });
    try {
      const account = await createAccount(slow.url);
      const receiver = await startReceiver();
      receivers.push(receiver);
      receiver.answers.push({ status: 500 }, { hang: true });
      const created = await call(
        slow.url,
        'POST',
        '/v1/notifications',
        { eventTypes: ['post.published'], webhook: { url: receiver.url } },
        account.key,
      );
      expect(created.status).toBe(201);
      await emitEvents(slow, account.projectId);
      const start = slow.clock.now();
      await slow.reelay.tasks.runDueJobs();
      // With a 50 ms slot hold, a busy machine may still be sending the first attempt.
      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);

      slow.clock.set(start + 30 * SECOND);
      const running = slow.reelay.tasks.runDueJobs();
      await receiver.waitFor(2);
      slow.clock.advance(HUNG_FOR);
      await running;
      // The background attempt ends at its timeout and records its answer.
      await expect
        .poll(
          async () =>
            (
              await call(
                slow.url,
                'GET',
                `/v1/notifications/${created.body.notification.id}/deliveries`,
                undefined,
                account.key,
              )
            ).body.deliveries[0],
          { timeout: 5000, interval: 50 },
        )
        .toMatchObject({
          status: 'pending',
          attempt: 2,
          nextAttemptAt: new Date(start + 150 * SECOND).toISOString(),
        });
    } finally {
      await slow.close();
    }
  });
});
