/**
 * Webhooks assembled once by `createReelay`: the URL policy, the sender and its
 * connection pool, the queue handlers (`dispatch_events`, `deliver_webhook`), the safety
 * sweep of the outbox, and what shutting down waits for.
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@reelay/core';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { TokenCipher } from '../security/token-cipher';
import type { StoreCapabilities } from '../store/database';
import type { Database } from '../store/schema';
import type { ServerMetrics } from '../metrics/server-metrics';
import { createDeliverHandler } from './deliver-webhook';
import { createInlineSender } from './inline-sender';
import { createDestinationGate } from './destination-gate';
import { createDispatchHandler, sweepUndispatched } from './dispatch-events';
import { signingSecrets } from './signing-secrets';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings';
import { createWebhookSender } from './webhook-sender';
import { webhookUrlPolicy } from './webhook-url';

/**
 * A new subscription secret: `whsec_` and 32 random bytes in standard base64, padded (44
 * characters ending in `=`), the form every Standard Webhooks library reads by default.
 * Secrets issued before were base64url (43 characters, no padding) and stay valid as
 * they are: core's `standardWebhookKeyForm` tells the two apart by their shape alone, so
 * the server and every receiver key `webhook-signature` alike without a stored marker.
 *
 * @example
 * ```ts
 * newWebhookSecret(); // 'whsec_3q2+…='
 * ```
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** What the webhook service needs from the server. */
export interface WebhookDeps {
  readonly db: Kysely<Database>;
  readonly capabilities: StoreCapabilities;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Decrypts the subscriptions' signing secrets. */
  readonly cipher: TokenCipher;
  /** Lets destinations on loopback and private networks, and plain http (development only). */
  readonly allowPrivateUrls: boolean;
  /** Asks the work queue to look for due jobs now. */
  wake(): void;
  /** Told of every recorded attempt (`/metrics`); none in tests that build this alone. */
  readonly metrics?: Pick<ServerMetrics, 'webhookAttempt'>;
}

/**
 * Creates the webhook service of a server.
 *
 * @example
 * ```ts
 * const webhooks = createWebhooks(
 *   { db, capabilities, clock, logger, cipher, allowPrivateUrls: false, wake },
 *   { timeoutMs: 500 },
 * );
 * createWorker({ …, handlers: { ...webhooks.jobHandlers } });
 * ```
 */
export function createWebhooks(ctx: WebhookDeps, overrides: Partial<WebhookSettings> = {}) {
  const settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...overrides };
  const { capabilities } = ctx;
  const policy = webhookUrlPolicy(ctx.allowPrivateUrls);
  const sender = createWebhookSender({
    policy,
    timeoutMs: settings.timeoutMs,
    excerptBytes: settings.responseExcerptBytes,
  });
  const gate = createDestinationGate({
    slowAfterMs: settings.holdSlotMs,
    slowInFlight: settings.slowDestinationInFlight,
    inlineInFlight: settings.inlineInFlight,
    inlinePerDestination: settings.inlinePerDestination,
  });
  const delivery = createDeliverHandler({
    db: ctx.db,
    capabilities,
    clock: ctx.clock,
    logger: ctx.logger,
    cipher: ctx.cipher,
    settings,
    sender,
    gate,
    ...(ctx.metrics ? { metrics: ctx.metrics } : {}),
  });
  const inline = createInlineSender({
    db: ctx.db,
    clock: ctx.clock,
    logger: ctx.logger,
    gate,
    maxQueued: settings.inlineMaxQueued,
    send: (attempt) => delivery.sendClaimed(attempt),
  });
  const dispatch = createDispatchHandler({
    db: ctx.db,
    capabilities,
    clock: ctx.clock,
    logger: ctx.logger,
    batchSize: settings.dispatchBatchSize,
    wake: () => ctx.wake(),
    inline: {
      accepts: (subscriptionId) => inline.accepts(subscriptionId),
      reserve: (subscriptionId) => inline.reserve(subscriptionId),
      release: (subscriptionId, ticket) => inline.release(subscriptionId, ticket),
      secrets: (subscription, now) => signingSecrets(ctx.cipher, subscription, now),
      fallbackAt: (now) => now + settings.inlineFallbackMs,
      send: (deliveries) => inline.enqueue(deliveries),
      holdMs: settings.holdSlotMs,
    },
  });

  return {
    policy,
    sender,
    jobHandlers: { dispatch_events: dispatch, deliver_webhook: delivery.handler },
    /** Queues the dispatcher if events wait undispatched (a periodic safety net). */
    async sweep(): Promise<void> {
      if (await sweepUndispatched(ctx.db, ctx.clock.now())) ctx.wake();
    },
    /** Lets attempts awaited in the background finish and record, then closes the pool. */
    async close(): Promise<void> {
      await inline.close();
      await delivery.close();
      await sender.close();
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
