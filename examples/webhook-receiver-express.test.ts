/**
 * The Express receiver example, run as its own process and fed signed deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWebhook } from '@reelay/sdk';
import { runExample, type RunningExample } from './helpers/run-example';

const secret = 'whsec_example_express_secret';
let receiver: RunningExample;
let url: string;

beforeAll(async () => {
  receiver = runExample('webhook-receiver-express.ts', {
    REELAY_WEBHOOK_SECRET: secret,
    PORT: '0',
  });
  [, url] = (await receiver.waitFor(/listening on (\S+)/)) as unknown as [string, string];
});
afterAll(() => receiver.stop());

const send = (delivery: { body: string; headers: Record<string, string> }) =>
  fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });

describe('examples/webhook-receiver-express.ts', () => {
  it('verifies the raw body and handles each event once', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.published' });
    expect((await send(delivery)).status).toBe(204);
    expect((await send(delivery)).status).toBe(204);
    await receiver.waitFor(new RegExp(`post.published ${delivery.event.data.post.id}`));
    expect(
      receiver.output().match(new RegExp(`post.published ${delivery.event.data.post.id}`, 'g')),
    ).toHaveLength(1);
  });

  it('refuses a delivery signed with another secret or changed on the way', async () => {
    const other = await createTestWebhook({ secret: 'whsec_not_ours' });
    const wrong = await send(other);
    expect([wrong.status, await wrong.text()]).toEqual([400, 'signature_mismatch']);
    const good = await createTestWebhook({ secret });
    const pretty = JSON.stringify(JSON.parse(good.body), null, 2);
    const rewritten = await send({ ...good, body: pretty });
    expect([rewritten.status, await rewritten.text()]).toEqual([400, 'body_reserialized']);
  });
});
