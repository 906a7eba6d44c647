/**
 * The Standard Webhooks headers of real deliveries, checked on the receiving side by the
 * Standard Webhooks reference library (`standardwebhooks`), not by Reelay's code: sent
 * beside spec §6's (which stay as they are), `webhook-id` the event id, the same
 * timestamp, and a `webhook-signature` the library verifies given the subscription secret
 * as raw bytes, before, during and after a secret rotation, and on a redelivery.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './helpers/dialects';
import { call, createAccount, type Account } from './helpers/http-client';
import { emitEvents } from './helpers/outbox';
import { startTestServer, type TestServer } from './helpers/test-server';
import {
  signedWith,
  startReceiver,
  type Receiver,
  type ReceivedWebhook,
} from './helpers/webhook-receiver';

const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

/** The headers as a receiver's framework hands them to the library. */
const headersOf = (received: ReceivedWebhook) => received.headers as Record<string, string>;

/** Verifies with the reference library, the subscription secret passed as raw bytes. */
const verifiedByLibrary = (received: ReceivedWebhook, secret: string) =>
  new Webhook(secret, { format: 'raw' }).verify(received.raw, headersOf(received));

describe.each(testDialects())('Standard Webhooks headers on $name', (dialect) => {
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

  async function subscribed(): Promise<{
    account: Account;
    receiver: Receiver;
    id: string;
    secret: string;
  }> {
    const account = await createAccount(server.url);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await call(
      server.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ALL, webhook: { url: receiver.url } },
      account.key,
    );
    expect(created.status).toBe(201);
    return {
      account,
      receiver,
      id: created.body.notification.id,
      secret: created.body.notification.webhook.secret,
    };
  }

  it('sends them beside the §6 headers, and the reference library verifies the delivery', async () => {
    const sub = await subscribed();
    const [event] = await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [arrived] = sub.receiver.received;
    const headers = arrived!.headers;
    // Spec §6's headers, unchanged.
    expect(headers['x-service-event-id']).toBe(event!.id);
    expect(headers['x-service-event-type']).toBe('post.published');
    expect(headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signedWith(arrived!, sub.secret)).toBe(true);
    // The Standard Webhooks ones: the event id to deduplicate on, the same timestamp.
    expect(headers['webhook-id']).toBe(event!.id);
    expect(headers['webhook-timestamp']).toBe(headers['x-service-timestamp']);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    expect(verifiedByLibrary(arrived!, sub.secret)).toEqual(JSON.parse(event!.payload));
    // For libraries that only take the base64 form: whsec_ + base64 of the secret's bytes.
    const base64Form = `whsec_${Buffer.from(sub.secret, 'utf8').toString('base64')}`;
    expect(new Webhook(base64Form).verify(arrived!.raw, headersOf(arrived!))).toMatchObject({
      id: event!.id,
    });
  });

  it('is refused by the library with another secret, a changed body or a changed id', async () => {
    const sub = await subscribed();
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [arrived] = sub.receiver.received;
    const other = `whsec_${randomBytes(32).toString('base64url')}`;
    expect(() => verifiedByLibrary(arrived!, other)).toThrow(/No matching signature/);
    const changed = {
      ...arrived!,
      raw: Buffer.from(arrived!.raw.toString().replace('Evento', 'Eventu')),
    };
    expect(() => verifiedByLibrary(changed, sub.secret)).toThrow(/No matching signature/);
    const renamed = { ...arrived!, headers: { ...arrived!.headers, 'webhook-id': 'evt_outro' } };
    expect(() => verifiedByLibrary(renamed, sub.secret)).toThrow(/No matching signature/);
    // The secret read as base64 (the library's default) is not the key: it never verifies.
    expect(() => new Webhook(sub.secret).verify(arrived!.raw, headersOf(arrived!))).toThrow();
  });

  it('carries one entry per live secret during a rotation, space-separated', async () => {
    const sub = await subscribed();
    const rotated = await call(
      server.url,
      'POST',
      `/v1/notifications/${sub.id}/rotate-secret`,
      { overlapSeconds: 3600 },
      sub.account.key,
    );
    expect(rotated.status).toBe(200);
    const next: string = rotated.body.notification.webhook.secret;
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [arrived] = sub.receiver.received;
    const entries = String(arrived!.headers['webhook-signature']).split(' ');
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(String(arrived!.headers['x-service-signature']).split(',')).toHaveLength(2);
    // Receivers on either secret accept it.
    expect(verifiedByLibrary(arrived!, next)).toBeDefined();
    expect(verifiedByLibrary(arrived!, sub.secret)).toBeDefined();
  });

  it('signs a redelivery anew: same webhook-id and bytes, a new timestamp the library accepts', async () => {
    const sub = await subscribed();
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [first] = sub.receiver.received;
    const firstTimestamp = Number(first!.headers['webhook-timestamp']);
    while (Math.floor(Date.now() / 1000) <= firstTimestamp) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const list = await call(
      server.url,
      'GET',
      `/v1/notifications/${sub.id}/deliveries`,
      undefined,
      sub.account.key,
    );
    const answer = await call(
      server.url,
      'POST',
      `/v1/notifications/${sub.id}/deliveries/${list.body.deliveries[0].id}/redeliver`,
      undefined,
      sub.account.key,
    );
    expect(answer.status).toBe(202);
    await server.reelay.tasks.runDueJobs();
    const [, again] = sub.receiver.received;
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(again!.raw.equals(first!.raw)).toBe(true);
    expect(Number(again!.headers['webhook-timestamp'])).toBeGreaterThan(firstTimestamp);
    expect(verifiedByLibrary(again!, sub.secret)).toEqual(verifiedByLibrary(first!, sub.secret));
  });
});
