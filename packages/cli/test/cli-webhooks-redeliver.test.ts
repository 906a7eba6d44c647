/**
 * `reelay webhooks redeliver`, and `webhooks verify` and `webhooks listen` on the
 * Standard Webhooks headers, as subprocesses against a real server (SQLite, wired to the
 * Instagram emulator) that delivers a published post's event to a real receiver: the
 * redelivery arrives with the same event id and bytes, a refused one is told with its
 * code and a hint, and a real delivery kept with only its `webhook-*` headers is verified
 * (a changed one refused).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '@reelay/server';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import type { TestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import {
  startReceiver,
  type Receiver,
  type ReceivedWebhook,
} from '@reelay/test-support/webhook-receiver';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

vi.setConfig({ testTimeout: 60_000 });

const MINUTE = 60_000;

const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-redeliver-'));
let platform: Platform;
let media: MediaServer;
let server: TestServer;
let integrationId = '';
let receiver: Receiver;
let account: Account;
let reelay: Cli;
let notificationId = '';
const secretFile = join(scratch, 'segredo');

beforeAll(async () => {
  // SQLite: the CLI's behaviour does not depend on the database.
  // The server's clock starts two minutes back, so a delivery it signs is already in the
  // past when `webhooks verify` checks it against the wall clock, and well inside 300 s.
  platform = await startWithEmulator(testDialects()[0]!, {
    clock: createManualClock(Date.now() - 2 * MINUTE),
    env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
    reelay: { workers: false, webhooks: { timeoutMs: 2000 } },
  });
  server = platform.server;
  media = await startMediaServer();
  receiver = await startReceiver();
  account = await createAccount(server.url);
  const connected = await connectThroughPlatform(platform, account);
  integrationId = connected.body.integration.id;
  reelay = cliFor(freshConfigDir(), { REELAY_SERVER: server.url, REELAY_API_KEY: account.apiKey });
  const created = await call(
    server.url,
    'POST',
    '/v1/notifications',
    { eventTypes: ['post.published'], webhook: { url: receiver.url } },
    account.key,
  );
  expect(created.status).toBe(201);
  notificationId = created.body.notification.id;
  writeFileSync(secretFile, `${created.body.notification.webhook.secret}\n`);
});

afterAll(async () => {
  await platform.close();
  await media.close();
  await receiver.close();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(reelay.configDir, { recursive: true, force: true });
});

/** The delivery as received, with only the headers named (and the content type). */
function keepHeaders(received: ReceivedWebhook, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(received.headers)
      .filter(([name]) => name.startsWith(prefix) || name === 'content-type')
      .map(([name, value]) => [name, String(value)]),
  );
}

let saved = 0;
function save(body: Buffer | string, headers: Record<string, string>) {
  const payload = join(scratch, `body-${++saved}.json`);
  const headerFile = join(scratch, `headers-${saved}.txt`);
  writeFileSync(payload, body);
  writeFileSync(
    headerFile,
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  );
  return ['--payload', payload, '--headers', headerFile, '--secret-file', secretFile];
}

describe('webhooks redeliver', () => {
  let deliveryId = '';
  let eventId = '';

  it('sends a delivered event again as a new delivery, with the same id and bytes', async () => {
    const published = await call(
      server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Evento 0',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
      },
      account.key,
    );
    expect(published.status).toBe(202);
    // Publishing and the delivery of its post.published, without running on to jobs due
    // later: the clock stays behind the wall clock.
    await settle(server, { until: server.clock.now() + MINUTE });
    expect(receiver.received).toHaveLength(1);
    eventId = receiver.received[0]!.body.id;
    const listed = await reelay.run(['webhooks', 'deliveries', notificationId, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    deliveryId = listed.json().deliveries[0].id;

    const result = await reelay.run([
      'webhooks',
      'redeliver',
      notificationId,
      deliveryId,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({
      success: true,
      delivery: { eventId, status: 'pending', attempt: 0, redeliveryOf: deliveryId },
    });
    await server.reelay.tasks.runDueJobs();
    expect(receiver.received).toHaveLength(2);
    const [first, again] = receiver.received;
    expect(again!.headers['x-service-event-id']).toBe(eventId);
    expect(again!.raw.equals(first!.raw)).toBe(true);
  });

  it('prints the new delivery for people, and tells a refusal with its code and a hint', async () => {
    receiver.answers.push({ status: 500 });
    const text = await reelay.run(['webhooks', 'redeliver', notificationId, deliveryId]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Nova entrega:\s+dlv_/m);
    expect(text.stdout).toMatch(new RegExp(`^Reenvia:\\s+${deliveryId}$`, 'm'));
    // The redelivery fails its first attempt and stays pending: another one is refused.
    await server.reelay.tasks.runDueJobs();
    const refused = await reelay.run([
      'webhooks',
      'redeliver',
      notificationId,
      deliveryId,
      '--json',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.errorJson()).toMatchObject({ code: 'DELIVERY_PENDING' });
    expect(refused.errorJson().hint).toContain('reelay webhooks deliveries');
    const missing = await reelay.run([
      'webhooks',
      'redeliver',
      notificationId,
      'dlv_00000000000000000000000000',
      '--json',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.errorJson().code).toBe('NOT_FOUND');
    const usage = await reelay.run(['webhooks', 'redeliver', notificationId]);
    expect(usage.code).toBe(2);
  });
});

describe('the Standard Webhooks headers of a real delivery', () => {
  it('webhooks verify accepts them alone, and refuses a changed body (exit 4)', async () => {
    const [arrived] = receiver.received;
    const standard = keepHeaders(arrived!, 'webhook-');
    expect(Object.keys(standard).sort()).toEqual([
      'content-type',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ]);
    const ok = await reelay.run(['webhooks', 'verify', ...save(arrived!.raw, standard), '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.json()).toMatchObject({ valid: true, event: { id: arrived!.body.id } });
    // Both sets, as received: fine too.
    const both = await reelay.run([
      'webhooks',
      'verify',
      ...save(arrived!.raw, keepHeaders(arrived!, '')),
    ]);
    expect(both.code, both.stderr).toBe(0);
    const changed = arrived!.raw.toString('utf8').replace('Evento', 'Eventu');
    const refused = await reelay.run(['webhooks', 'verify', ...save(changed, standard), '--json']);
    expect(refused.code).toBe(4);
    expect(refused.errorJson()).toMatchObject({ details: { reason: 'signature_mismatch' } });
    // Checked as of its signing, read from webhook-timestamp when §6's is absent: with no
    // tolerance at all, only a check made at that very second passes.
    const strict = [...save(arrived!.raw, standard), '--tolerance', '0', '--json'];
    const now = await reelay.run(['webhooks', 'verify', ...strict]);
    expect(now.code).toBe(4);
    expect(now.errorJson()).toMatchObject({ details: { reason: 'timestamp_too_old' } });
    const asSigned = await reelay.run(['webhooks', 'verify', ...strict, '--ignore-timestamp']);
    expect(asSigned.code, asSigned.stderr).toBe(0);
  });

  it('webhooks listen verifies a delivery forwarded with only those headers', async () => {
    const [arrived] = receiver.received;
    const listener = reelay.start(
      [
        'webhooks',
        'listen',
        '--port',
        '0',
        '--secret-file',
        secretFile,
        '--max-events',
        '1',
        '--json',
      ],
      { timeoutMs: 30_000 },
    );
    const [, url] = await listener.waitFor('stderr', /Ouvindo webhooks em (http:\/\/\S+)/);
    const headers = keepHeaders(arrived!, 'webhook-');
    const forged = await fetch(url!, {
      method: 'POST',
      headers,
      body: arrived!.raw.toString('utf8').replace('Evento', 'Eventu'),
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe('signature_mismatch');
    const genuine = await fetch(url!, {
      method: 'POST',
      headers,
      body: new Uint8Array(arrived!.raw),
    });
    expect(genuine.status).toBe(204);
    const result = await listener.done;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.trim()).event.id).toBe(arrived!.body.id);
  });
});
