/**
 * A webhook receiver with plain `node:http`: it reads the raw body, verifies the
 * signature and timestamp with the SDK, answers at once, deduplicates by event id and
 * then does its work (here, a log line).
 *
 * Run: REELAY_WEBHOOK_SECRET=whsec_… pnpm --filter @reelay/examples webhook-receiver
 * Env: REELAY_WEBHOOK_SECRET (required; several comma-separated while rotating),
 *      PORT (default 3000), HOST (default 127.0.0.1).
 */
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@reelay/sdk';

const secrets = (process.env.REELAY_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
if (secrets.length === 0) {
  console.error('Set REELAY_WEBHOOK_SECRET to the secret shown when the subscription was created.');
  process.exit(1);
}

// Reelay may deliver an event more than once (spec §6): remember the ids already handled.
// A real receiver keeps them in its database; a bounded in-memory set is enough here.
const seen = new Set<string>();
function firstTime(eventId: string): boolean {
  if (seen.has(eventId)) return false;
  seen.add(eventId);
  if (seen.size > 10_000) seen.delete(seen.values().next().value!);
  return true;
}

function handle(event: WebhookEvent): void {
  if (event.type === 'comment.received') {
    const { comment } = event.data;
    console.log(
      `comment ${comment.id} from @${comment.username} on ${comment.postId}: ${comment.text}`,
    );
    return;
  }
  const { post, platforms } = event.data;
  switch (event.type) {
    case 'post.scheduled':
      console.log(`scheduled ${post.id} for ${post.scheduledFor}`);
      break;
    case 'post.published':
      console.log(
        `published ${post.id}: ${platforms.map((target) => target.platformPostUrl).join(' ')}`,
      );
      break;
    case 'post.partial':
    case 'post.failed':
      for (const target of platforms.filter((item) => item.status === 'failed')) {
        console.log(
          `${event.type} ${post.id} on ${target.integrationId}: ${target.errorCode} ${target.errorMessage}`,
        );
      }
      break;
  }
}

const server = createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhooks/reelay') {
    res.writeHead(404).end();
    return;
  }
  // The signature covers the bytes as sent: read them before any JSON parsing.
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let event: WebhookEvent;
  try {
    event = await verifyWebhook(Buffer.concat(chunks), req.headers, secrets);
  } catch (error) {
    const reason = error instanceof WebhookVerificationError ? error.reason : 'invalid';
    console.log(`refused a delivery: ${reason}`);
    res.writeHead(400, { 'content-type': 'text/plain' }).end(reason);
    return;
  }
  // Answer within 10 s, then work: a slow answer makes Reelay try again.
  res.writeHead(204).end();
  if (!firstTime(event.id)) {
    console.log(`duplicate ${event.id} ignored`);
    return;
  }
  handle(event);
});

const port = Number(process.env.PORT ?? 3000);
server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address() as { address: string; port: number };
  console.log(`listening on http://${address.address}:${address.port}/webhooks/reelay`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
