/**
 * Subscriptions and deliveries as the API shows them (spec §2): dates in ISO 8601 UTC
 * with `Z`, absent values `null`, secrets only where the contract says (creation and
 * rotation).
 */
import type { EventType } from '@reelay/core';
import { isoTime } from '../clock';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../store/schema';
import type { AttemptRecord } from './deliver-webhook';

/**
 * The API shape of a subscription, without its secret.
 *
 * @example
 * ```ts
 * presentSubscription(row, clock.now()).webhook.previousSecretExpiresAt; // null
 * ```
 */
export function presentSubscription(row: WebhookSubscriptionsTable, now: number) {
  const overlapping =
    row.previous_secret !== null &&
    row.previous_secret_expires_at !== null &&
    row.previous_secret_expires_at > now;
  return {
    id: row.id,
    eventTypes: JSON.parse(row.event_types) as EventType[],
    webhook: {
      url: row.url,
      previousSecretExpiresAt: overlapping ? isoTime(row.previous_secret_expires_at) : null,
    },
    profileId: row.profile_id,
    onlyScheduledPosts: row.only_scheduled_posts === 1,
    paused: row.paused === 1,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** A subscription with its secret: only in the answers of creation and rotation. */
export function presentSubscriptionWithSecret(
  row: WebhookSubscriptionsTable,
  secret: string,
  now: number,
) {
  const shown = presentSubscription(row, now);
  return { ...shown, webhook: { ...shown.webhook, secret } };
}

/**
 * The API shape of a delivery. While its subscription is paused a pending delivery shows
 * no next attempt time: it waits for the subscription to be resumed.
 *
 * @example
 * ```ts
 * presentDelivery(row, false).status; // 'delivered'
 * ```
 */
export function presentDelivery(row: WebhookDeliveriesTable, paused: boolean) {
  const attempts = (JSON.parse(row.attempts_log) as AttemptRecord[]).map((entry) => ({
    attempt: entry.attempt,
    at: isoTime(entry.at),
    durationMs: entry.durationMs,
    responseStatus: entry.responseStatus,
    error: entry.error,
  }));
  return {
    id: row.id,
    notificationId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempt: row.attempt,
    responseStatus: row.response_status,
    error: row.error,
    nextAttemptAt: row.status === 'pending' && !paused ? isoTime(row.next_attempt_at) : null,
    lastAttemptAt: isoTime(row.last_attempt_at),
    deliveredAt: isoTime(row.delivered_at),
    attempts,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
