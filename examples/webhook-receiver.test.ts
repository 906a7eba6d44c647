/**
 * The webhook receiver example, run as its own process and fed deliveries signed exactly
 * as Reelay signs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWebhook, WEBHOOK_HEADERS } from '@reelay/sdk';
import { runExample, type RunningExample } from './helpers/run-example';

const secret = 'whsec_example_receiver_secret';
let receiver: RunningExample;
let url: string;

beforeAll(async () => {
  receiver = runExample('webhook-receiver.ts', { REELAY_WEBHOOK_SECRET: secret, PORT: '0' });
  [, url] = (await receiver.waitFor(/listening on (\S+)/)) as unknown as [string, string];
});
afterAll(() => receiver.stop());

const send = (delivery: { body: string; headers: Record<string, string> }) =>
  fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });

describe('examples/webhook-receiver.ts', () => {
  it('accepts a signed delivery with 204 and handles the event', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.published' });
    expect((await send(delivery)).status).toBe(204);
    await receiver.waitFor(new RegExp(`published ${delivery.event.data.post.id}`));
  });

  it('reports failed targets of a failed post', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.failed' });
    expect((await send(delivery)).status).toBe(204);
    await receiver.waitFor(
      new RegExp(`post.failed ${delivery.event.data.post.id} on int_\\w+: TOKEN_INVALID`),
    );
  });

  it('handles a repeated delivery of the same event once', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.scheduled' });
    expect((await send(delivery)).status).toBe(204);
    expect((await send(delivery)).status).toBe(204);
    await receiver.waitFor(new RegExp(`duplicate ${delivery.event.id} ignored`));
    const handled = receiver
      .output()
      .match(new RegExp(`scheduled ${delivery.event.data.post.id}`, 'g'));
    expect(handled).toHaveLength(1);
  });

  it('refuses a wrong secret, a changed body and a stale timestamp with 400 and the reason', async () => {
    const other = await createTestWebhook({ secret: 'whsec_someone_else' });
    const wrong = await send(other);
    expect([wrong.status, await wrong.text()]).toEqual([400, 'signature_mismatch']);

    const good = await createTestWebhook({ secret });
    const changed = await send({ ...good, body: good.body.replace('café', 'chá') });
    expect([changed.status, await changed.text()]).toEqual([400, 'signature_mismatch']);

    const old = await createTestWebhook({ secret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    const stale = await send(old);
    expect([stale.status, await stale.text()]).toEqual([400, 'timestamp_too_old']);

    const unsigned = { ...good, headers: { ...good.headers, [WEBHOOK_HEADERS.signature]: '' } };
    expect((await send(unsigned)).status).toBe(400);
  });
});
