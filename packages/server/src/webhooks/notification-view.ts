/**
 * Subscriptions and deliveries as the API shows them (spec §2): dates in ISO 8601 UTC
 * with `Z`, absent values `null`, secrets only where the contract says (creation and
 * rotation).
 */
import { isoTime } from '../clock';
import type { Delivery } from '../store/deliveries';
import type { Subscription } from '../store/subscriptions';

/**
 * The API shape of a subscription, without its secret.
 *
 * @example
 * ```ts
 * presentSubscription(subscription, clock.now()).webhook.previousSecretExpiresAt; // null
 * ```
 */
export function presentSubscription(subscription: Subscription, now: number) {
  const overlapping =
    subscription.previousSecret !== null &&
    subscription.previousSecretExpiresAt !== null &&
    subscription.previousSecretExpiresAt > now;
  return {
    id: subscription.id,
    eventTypes: subscription.eventTypes,
    webhook: {
      url: subscription.url,
      previousSecretExpiresAt: overlapping ? isoTime(subscription.previousSecretExpiresAt) : null,
    },
    profileId: subscription.profileId,
    accountId: subscription.integrationId,
    onlyScheduledPosts: subscription.onlyScheduledPosts,
    paused: subscription.paused,
    createdAt: isoTime(subscription.createdAt),
    updatedAt: isoTime(subscription.updatedAt),
  };
}

/** A subscription with its secret: only in the answers of creation and rotation. */
export function presentSubscriptionWithSecret(
  subscription: Subscription,
  secret: string,
  now: number,
) {
  const shown = presentSubscription(subscription, now);
  return { ...shown, webhook: { ...shown.webhook, secret } };
}

/**
 * The API shape of a delivery. While its subscription is paused a pending delivery shows
 * no next attempt time: it waits for the subscription to be resumed.
 *
 * @example
 * ```ts
 * presentDelivery(delivery, false).status; // 'delivered'
 * ```
 */
export function presentDelivery(delivery: Delivery, paused: boolean) {
  const attempts = delivery.attempts.map((entry) => ({
    attempt: entry.attempt,
    at: isoTime(entry.at),
    durationMs: entry.durationMs,
    responseStatus: entry.responseStatus,
    error: entry.error,
  }));
  return {
    id: delivery.id,
    notificationId: delivery.subscriptionId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempt: delivery.attempt,
    responseStatus: delivery.responseStatus,
    error: delivery.error,
    nextAttemptAt:
      delivery.status === 'pending' && !paused ? isoTime(delivery.nextAttemptAt) : null,
    lastAttemptAt: isoTime(delivery.lastAttemptAt),
    deliveredAt: isoTime(delivery.deliveredAt),
    attempts,
    redeliveryOf: delivery.redeliveryOf,
    createdAt: isoTime(delivery.createdAt),
    updatedAt: isoTime(delivery.updatedAt),
  };
}
