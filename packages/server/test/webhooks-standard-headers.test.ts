/**
 * The Standard Webhooks headers of real deliveries, checked on the receiving side by the
 * Standard Webhooks reference library (`standardwebhooks`), not by Reelay's code: sent
 * beside spec §6's (which stay as they are), `webhook-id` the event id, the same
 * timestamp, and a `webhook-signature` that the library's DEFAULT constructor,
 * `new Webhook(secret)`, verifies for the secrets issued now (`whsec_` + standard base64),
 * before, during and after a secret rotation, and on a redelivery.
 *
 * A subscription whose secret was issued before (`whsec_` + base64url, stored as an
 * existing database holds it) keeps verifying exactly as it did, with the secret passed
 * as raw bytes (`{ format: 'raw' }`), until the secret is rotated; during the rotation's
 * overlap each secret verifies by its own rule. `X-Service-Signature` is keyed by the
 * whole secret string for both generations.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { emitEvents } from './helpers/outbox';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import {
  signedWith,
  startReceiver,
  type Receiver,
  type ReceivedWebhook,
} from '@reelay/test-support/webhook-receiver';

const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];
/** The shape of a secret issued now: `whsec_` and standard base64 of 32 bytes. */
const CURRENT_SHAPE = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** A secret as the server issued them before: `whsec_` and base64url of 32 bytes. */
const olderSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The headers as a receiver's framework hands them to the library. */
const headersOf = (received: ReceivedWebhook) => received.headers as Record<string, string>;

/** Verifies with the reference library's default constructor: the secret as Reelay gave it. */
const verifiedByDefault = (received: ReceivedWebhook, secret: string) =>
  new Webhook(secret).verify(received.raw, headersOf(received));

/** Verifies with the reference library, the secret passed as raw bytes (older secrets). */
const verifiedAsRaw = (received: ReceivedWebhook, secret: string) =>
  new Webhook(secret, { format: 'raw' }).verify(received.raw, headersOf(received));

/** The `webhook-signature` entries of a delivery. */
const entriesOf = (received: ReceivedWebhook) =>
  String(received.headers['webhook-signature']).split(' ');

const PYTHON_VERIFIER = fileURLToPath(
  new URL('./helpers/standard_webhooks_verify.py', import.meta.url),
);
const python = spawnSync('python3', ['--version']).status === 0;
if (!python) console.warn('python3 not found: the Python Standard Webhooks check is skipped.');

/** Runs the stdlib twin of the Python reference library on a delivery. */
function verifiedByPython(received: ReceivedWebhook, secret: string): unknown {
  const run = spawnSync('python3', [PYTHON_VERIFIER], {
    input: JSON.stringify({
      secret,
      body: received.raw.toString('base64'),
      headers: headersOf(received),
    }),
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

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

  interface Subscribed {
    account: Account;
    receiver: Receiver;
    id: string;
    secret: string;
  }

  async function subscribed(): Promise<Subscribed> {
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

  /**
   * A subscription as a database from before the upgrade holds it: its stored secret is
   * an older base64url one, encrypted with the server's key as the server wrote it then.
   */
  async function subscribedBeforeUpgrade(): Promise<Subscribed> {
    const sub = await subscribed();
    const secret = olderSecret();
    const { db, cipher } = server.reelay.context;
    await db
      .updateTable('webhook_subscriptions')
      .set({ secret: cipher.encrypt(secret) })
      .where('id', '=', sub.id)
      .execute();
    return { ...sub, secret };
  }

  /** Emits one event for the subscription's project and returns its delivery. */
  async function deliverOne(sub: Subscribed): Promise<ReceivedWebhook> {
    const before = sub.receiver.received.length;
    await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    expect(sub.receiver.received).toHaveLength(before + 1);
    return sub.receiver.received[before]!;
  }

  async function rotate(sub: Subscribed, overlapSeconds: number): Promise<string> {
    const rotated = await call(
      server.url,
      'POST',
      `/v1/notifications/${sub.id}/rotate-secret`,
      { overlapSeconds },
      sub.account.key,
    );
    expect(rotated.status).toBe(200);
    return rotated.body.notification.webhook.secret;
  }

  it('issues standard base64 secrets that the reference library verifies with its default constructor', async () => {
    const sub = await subscribed();
    expect(sub.secret).toMatch(CURRENT_SHAPE);
    const [event] = await emitEvents(server, sub.account.projectId);
    await server.reelay.tasks.runDueJobs();
    const [arrived] = sub.receiver.received;
    const headers = arrived!.headers;
    // Spec §6's headers, unchanged: keyed by the whole secret string.
    expect(headers['x-service-event-id']).toBe(event!.id);
    expect(headers['x-service-event-type']).toBe('post.published');
    expect(headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signedWith(arrived!, sub.secret)).toBe(true);
    // The Standard Webhooks ones: the event id to deduplicate on, the same timestamp.
    expect(headers['webhook-id']).toBe(event!.id);
    expect(headers['webhook-timestamp']).toBe(headers['x-service-timestamp']);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    expect(verifiedByDefault(arrived!, sub.secret)).toEqual(JSON.parse(event!.payload));
    // The key is the decoded base64, not the text: the raw form does not verify.
    expect(() => verifiedAsRaw(arrived!, sub.secret)).toThrow(/No matching signature/);
  });

  it('is refused by the library with another secret, a changed body or a changed id', async () => {
    const sub = await subscribed();
    const arrived = await deliverOne(sub);
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => verifiedByDefault(arrived, other)).toThrow(/No matching signature/);
    const changed = {
      ...arrived,
      raw: Buffer.from(arrived.raw.toString().replace('Evento', 'Eventu')),
    };
    expect(() => verifiedByDefault(changed, sub.secret)).toThrow(/No matching signature/);
    const renamed = { ...arrived, headers: { ...arrived.headers, 'webhook-id': 'evt_outro' } };
    expect(() => verifiedByDefault(renamed, sub.secret)).toThrow(/No matching signature/);
  });

  it('keeps signing a secret issued before the upgrade as before: raw bytes, §6 unchanged', async () => {
    const sub = await subscribedBeforeUpgrade();
    const arrived = await deliverOne(sub);
    expect(entriesOf(arrived)).toHaveLength(1);
    expect(verifiedAsRaw(arrived, sub.secret)).toMatchObject({ id: arrived.headers['webhook-id'] });
    expect(signedWith(arrived, sub.secret)).toBe(true);
    // Not base64: the library's default constructor cannot even read it.
    expect(() => verifiedByDefault(arrived, sub.secret)).toThrow();
  });

  it('rotates an older secret: each secret verifies by its own rule during the overlap, the new one after', async () => {
    const sub = await subscribedBeforeUpgrade();
    const before = await deliverOne(sub);
    expect(verifiedAsRaw(before, sub.secret)).toBeDefined();

    const next = await rotate(sub, 3600);
    expect(next).toMatch(CURRENT_SHAPE);
    const during = await deliverOne(sub);
    expect(entriesOf(during)).toHaveLength(2);
    for (const entry of entriesOf(during)) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // A receiver still on the older secret and one already on the new accept it alike.
    expect(verifiedAsRaw(during, sub.secret)).toBeDefined();
    expect(verifiedByDefault(during, next)).toBeDefined();
    expect(String(during.headers['x-service-signature']).split(',')).toHaveLength(2);
    expect(signedWith(during, sub.secret)).toBe(true);
    expect(signedWith(during, next)).toBe(true);

    server.clock.advance(3601 * 1000);
    const after = await deliverOne(sub);
    expect(entriesOf(after)).toHaveLength(1);
    expect(verifiedByDefault(after, next)).toBeDefined();
    expect(() => verifiedAsRaw(after, sub.secret)).toThrow(/No matching signature/);
    expect(signedWith(after, next)).toBe(true);
    expect(signedWith(after, sub.secret)).toBe(false);
  });

  it('carries one entry per live secret during a rotation between two current secrets', async () => {
    const sub = await subscribed();
    const next = await rotate(sub, 3600);
    const arrived = await deliverOne(sub);
    const entries = entriesOf(arrived);
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(String(arrived.headers['x-service-signature']).split(',')).toHaveLength(2);
    // Receivers on either secret accept it.
    expect(verifiedByDefault(arrived, next)).toBeDefined();
    expect(verifiedByDefault(arrived, sub.secret)).toBeDefined();
  });

  it('signs a redelivery anew: same webhook-id and bytes, a new timestamp the library accepts', async () => {
    const sub = await subscribed();
    const first = await deliverOne(sub);
    const firstTimestamp = Number(first.headers['webhook-timestamp']);
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
    expect(again!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again!.raw.equals(first.raw)).toBe(true);
    expect(Number(again!.headers['webhook-timestamp'])).toBeGreaterThan(firstTimestamp);
    expect(verifiedByDefault(again!, sub.secret)).toEqual(verifiedByDefault(first, sub.secret));
  });

  // The Python reference library (`standardwebhooks` on PyPI) cannot be installed where
  // the tests run (no PyPI); `standard_webhooks_verify.py` does what its default
  // constructor and `verify` do, with Python's standard library alone.
  it.skipIf(!python)(
    "is verified by the Python library's default constructor, which an older secret is not",
    async () => {
      const sub = await subscribed();
      const arrived = await deliverOne(sub);
      expect(verifiedByPython(arrived, sub.secret)).toEqual({
        verified: true,
        id: arrived.headers['webhook-id'],
      });
      const older = await subscribedBeforeUpgrade();
      const fromOlder = await deliverOne(older);
      expect(verifiedByPython(fromOlder, older.secret)).toMatchObject({ verified: false });
    },
  );
});
