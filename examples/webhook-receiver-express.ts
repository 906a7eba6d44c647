/**
 * A webhook receiver with Express. The one thing to get right: verify the raw body.
 * `express.json()` would parse and drop the bytes the signature covers, so this route
 * takes `express.raw()` and parses the JSON itself, after verification.
 *
 * Run: REELAY_WEBHOOK_SECRET=whsec_… pnpm --filter @reelay/examples webhook-receiver-express
 * Env: REELAY_WEBHOOK_SECRET (several comma-separated while rotating), PORT (default 3000).
 */
import express from 'express';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@reelay/sdk';

const secrets = (process.env.REELAY_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
if (secrets.length === 0) {
  console.error('Set REELAY_WEBHOOK_SECRET to the secret shown when the subscription was created.');
  process.exit(1);
}

const handled = new Set<string>();
const app = express();

app.post(
  '/webhooks/reelay',
  express.raw({ type: 'application/json', limit: '1mb' }),
  async (req, res) => {
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(req.body as Buffer, req.headers, secrets);
    } catch (error) {
      res.status(400).send(error instanceof WebhookVerificationError ? error.reason : 'invalid');
      return;
    }
    // Answer within 10 s, then work; deliveries may repeat, so deduplicate by event id.
    res.status(204).end();
    if (handled.has(event.id)) return;
    handled.add(event.id);
    if (event.type === 'comment.received') {
      const { comment } = event.data;
      console.log(`${event.type} @${comment.username}: ${comment.text} (${comment.id})`);
    } else {
      console.log(`${event.type} ${event.data.post.id} (${event.data.post.status})`);
    }
  },
);

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`listening on http://127.0.0.1:${address.port}/webhooks/reelay`);
});
process.on('SIGTERM', () => server.close());
