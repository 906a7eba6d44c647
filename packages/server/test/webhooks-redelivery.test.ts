/**
 * Redelivery (`POST /v1/notifications/{id}/deliveries/{deliveryId}/redeliver`) to real
 * receivers over HTTP: the same event id and body bytes, a new timestamp and a signature
 * that verifies; a new attempt series in the history, retried on spec §6's schedule when
 * it fails; refused while a delivery of the event is pending; held while the
 * subscription is paused; another project's subscription or delivery is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { emitEvents } from './helpers/outbox';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { signedWith, startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';

const SECOND = 1000;
const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

/** Waits until the wall clock is past `seconds`, so a new signature has a new timestamp. */
async function pastSecond(seconds: number): Promise<void> {
  while (Math.floor(Date.now() / 1000) <= seconds) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDialects())('webhook redelivery on $name', (dialect) => {
  const receivers: Receiver[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false, webhooks: { timeoutMs: 400 } },
    });
  });
  afterAll(async () => {
    await server.close();
    for (const receiver of receivers) await receiver.close();
  });

  interface Subscribed {
    account: Account;
    receiver: Receiver;
    id: string;
    secret: string;
  }

  async function subscribed(account?: Account): Promise<Subscribed> {
    const owner = account ?? (await createAccount(server.url));
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await call(
      server.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ALL, webhook: { url: receiver.url } },
      owner.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return {
      account: owner,
      receiver,
      id: created.body.notification.id,
      secret: created.body.notification.webhook.secret,
    };
  }

  const history = async (sub: Subscribed) => {
    const answer = await call(
      server.url,
      'GET',
      `/v1/notifications/${sub.id}/deliveries?sort=asc`,
      undefined,
      sub.account.key,
    );
    expect(answer.status).toBe(200);
    return answer.body.deliveries as Array<Record<string, any>>;
  };

  const redeliver = (sub: Subscribed, deliveryId: string, key = sub.account.key, id = sub.id) =>
    call(
      server.url,
      'POST',
      `/v1/notifications/${id}/deliveries/${deliveryId}/redeliver`,
      undefined,
      key,
    );

  it('sends a delivered event again: same id and bytes, new timestamp, a new series in the history', async () => {
    const sub = await subscribed();
    const [event] = await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(1);
    const [original] = await history(sub);
    expect(original).toMatchObject({ status: 'delivered', attempt: 1, redeliveryOf: null });
    const firstTimestamp = Number(sub.receiver.received[0]!.headers['x-service-timestamp']);
    await pastSecond(firstTimestamp);

    const answer = await redeliver(sub, original!.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.success).toBe(true);
    const created = answer.body.delivery;
    expect(created).toMatchObject({
      notificationId: sub.id,
      eventId: event!.id,
      eventType: 'post.published',
      status: 'pending',
      attempt: 0,
      attempts: [],
      redeliveryOf: original!.id,
      nextAttemptAt: new Date(server.clock.now()).toISOString(),
    });
    expect(created.id).toMatch(/^dlv_/);
    expect(created.id).not.toBe(original!.id);
    // The answer is the delivery exactly as the history lists it.
    expect((await history(sub)).find((item) => item.id === created.id)).toEqual(created);

    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(2);
    const [first, again] = sub.receiver.received;
    expect(again!.headers['x-service-event-id']).toBe(event!.id);
    expect(again!.headers['x-service-event-type']).toBe('post.published');
    expect(again!.raw.equals(first!.raw)).toBe(true);
    expect(again!.raw.toString('utf8')).toBe(event!.payload);
    expect(Number(again!.headers['x-service-timestamp'])).toBeGreaterThan(firstTimestamp);
    expect(again!.headers['x-service-signature']).not.toBe(first!.headers['x-service-signature']);
    expect(signedWith(again!, sub.secret)).toBe(true);

    const [kept, series] = await history(sub);
    // The original is left as it was; the redelivery has its own attempts.
    expect(kept).toEqual(original);
    expect(series).toMatchObject({
      id: created.id,
      eventId: event!.id,
      status: 'delivered',
      attempt: 1,
      responseStatus: 200,
      redeliveryOf: original!.id,
      attempts: [{ attempt: 1, responseStatus: 200, error: null }],
    });
  });

  it("sends a failed event again, and the new series follows spec §6's retry schedule", async () => {
    const sub = await subscribed();
    sub.receiver.fallback = { status: 503 };
    const [event] = await emitEvents(server, sub.account.projectId);
    let start = server.clock.now();
    for (const at of [0, 30, 150]) {
      server.clock.set(start + at * SECOND);
      await server.reelay.tasks.runDueJobs();
    }
    const [failed] = await history(sub);
    expect(failed).toMatchObject({ status: 'failed', attempt: 3 });

    const answer = await redeliver(sub, failed!.id);
    expect(answer.status).toBe(202);
    start = server.clock.now();
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(4);
    let series = (await history(sub))[1]!;
    expect(series).toMatchObject({
      status: 'pending',
      attempt: 1,
      responseStatus: 503,
      redeliveryOf: failed!.id,
      nextAttemptAt: new Date(start + 30 * SECOND).toISOString(),
    });
    server.clock.set(start + 30 * SECOND - 1);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(4);
    server.clock.set(start + 30 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(5);
    series = (await history(sub))[1]!;
    expect(series).toMatchObject({
      status: 'pending',
      attempt: 2,
      nextAttemptAt: new Date(start + 150 * SECOND).toISOString(),
    });
    server.clock.set(start + 150 * SECOND);
    await server.reelay.tasks.runDueJobs();
    server.clock.set(start + 24 * 3600 * SECOND);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(6);
    series = (await history(sub))[1]!;
    expect(series).toMatchObject({ status: 'failed', attempt: 3, nextAttemptAt: null });
    expect(series.attempts.map((item: { at: string }) => Date.parse(item.at) - start)).toEqual([
      0,
      30 * SECOND,
      150 * SECOND,
    ]);
    // Every attempt of both series: the same event and bytes, each signed anew.
    for (const item of sub.receiver.received) {
      expect(item.headers['x-service-event-id']).toBe(event!.id);
      expect(item.raw.toString('utf8')).toBe(event!.payload);
      expect(signedWith(item, sub.secret)).toBe(true);
    }
    expect((await history(sub))[0]).toEqual(failed);
  });

  it('refuses while a delivery of the event is pending, naming it, and writes nothing', async () => {
    const sub = await subscribed();
    sub.receiver.answers.push({ status: 500 });
    await emitEvents(server, sub.account.projectId);
    const start = server.clock.now();
    await server.reelay.tasks.runDueJobs();
    const [retrying] = await history(sub);
    expect(retrying).toMatchObject({ status: 'pending', attempt: 1 });

    const refused = await redeliver(sub, retrying!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409,
      code: 'DELIVERY_PENDING',
      details: { deliveryId: retrying!.id },
    });
    expect(refused.body.message).toContain(retrying!.id);
    expect(await history(sub)).toHaveLength(1);

    server.clock.set(start + 30 * SECOND);
    await server.reelay.tasks.runDueJobs();
    const [delivered] = await history(sub);
    expect(delivered).toMatchObject({ status: 'delivered', attempt: 2 });
    const accepted = await redeliver(sub, delivered!.id);
    expect(accepted.status).toBe(202);
    // The redelivery now holds the event: asking again, of either delivery, is refused.
    for (const id of [delivered!.id, accepted.body.delivery.id]) {
      const again = await redeliver(sub, id);
      expect(again.status).toBe(409);
      expect(again.body.details.deliveryId).toBe(accepted.body.delivery.id);
    }
    // Several at once: one is accepted, the others refused.
    await server.reelay.tasks.runDueJobs();
    const answers = await Promise.all([1, 2, 3, 4].map(() => redeliver(sub, delivered!.id)));
    expect(answers.map((item) => item.status).sort()).toEqual([202, 409, 409, 409]);
    expect(await history(sub)).toHaveLength(3);
  });

  it('holds a redelivery to a paused subscription until it is resumed', async () => {
    const sub = await subscribed();
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [original] = await history(sub);
    const paused = await call(
      server.url,
      'PATCH',
      `/v1/notifications/${sub.id}`,
      { paused: true },
      sub.account.key,
    );
    expect(paused.status).toBe(200);
    const answer = await redeliver(sub, original!.id);
    expect(answer.status).toBe(202);
    expect(answer.body.delivery).toMatchObject({ status: 'pending', nextAttemptAt: null });
    server.clock.advance(10 * 60 * SECOND);
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
    expect((await history(sub))[1]).toMatchObject({
      id: answer.body.delivery.id,
      status: 'delivered',
      redeliveryOf: original!.id,
    });
  });

  it("answers NOT_FOUND for another project's subscription or delivery, and for unknown ids", async () => {
    const mine = await subscribed();
    const sibling = await subscribed(mine.account);
    const theirs = await subscribed();
    await emitEvents(server, mine.account.projectId);
    await emitEvents(server, theirs.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [myDelivery] = await history(mine);
    const [siblingDelivery] = await history(sibling);
    const [theirDelivery] = await history(theirs);

    const attempts = [
      // Their key, my subscription and delivery.
      redeliver(mine, myDelivery!.id, theirs.account.key),
      // My subscription, their delivery.
      redeliver(mine, theirDelivery!.id),
      // Their subscription with my key.
      redeliver(theirs, theirDelivery!.id, mine.account.key),
      // My subscription, a delivery of my other subscription.
      redeliver(mine, siblingDelivery!.id),
      redeliver(mine, 'dlv_00000000000000000000000000'),
      redeliver(mine, myDelivery!.id, mine.account.key, 'ntf_00000000000000000000000000'),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    await server.reelay.tasks.runDueJobs();
    expect(mine.receiver.received).toHaveLength(1);
    expect(theirs.receiver.received).toHaveLength(1);
    expect(await history(mine)).toHaveLength(1);
    expect(await history(theirs)).toHaveLength(1);
  });

  it('needs a key', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/v1/notifications/ntf_00000000000000000000000000/deliveries/dlv_00000000000000000000000000/redeliver',
    );
    expect(answer.status).toBe(401);
  });
});
