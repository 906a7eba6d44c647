/**
 * Which subscriptions receive an event (spec §6 rules 4 and 5, DESIGN.md "Webhooks").
 *
 * - The event's type is one the subscription asked for.
 * - `profileId` restricts to that profile's posts. A post may target accounts of several
 *   profiles: it belongs to each of them, so the event matches when any of its targets
 *   (`data.platforms[].profileId`) is in the subscription's profile. The payload's
 *   top-level `profileId` stays what `buildEvent` wrote, the profile shared by every
 *   target or `null` when they differ: the body is stored once and sent as the same bytes
 *   to every subscription.
 * - `onlyScheduledPosts` limits final events to posts that were scheduled (at creation or
 *   by a scheduled retry); `post.scheduled` is by nature about a scheduled post. It says
 *   nothing about events of other subjects (`comment.received`).
 * - `integrationId` restricts to the events of that account: posts with a target on it,
 *   comments on its media.
 * - A subscription created after the event does not receive it.
 */
import type { PendingEvent } from '../store/events';
import type { Subscription } from '../store/subscriptions';

export type MatchableEvent = Pick<
  PendingEvent,
  'type' | 'createdAt' | 'wasScheduled' | 'profileId' | 'targetProfiles' | 'accounts'
>;

/**
 * Tells whether a subscription receives an event. `profiles` is asked only when the
 * subscription filters by profile and the event's common profile is not it.
 *
 * @example
 * ```ts
 * subscriptionReceives(subscription, event); // true or false
 * ```
 */
export function subscriptionReceives(
  subscription: Pick<
    Subscription,
    'eventTypes' | 'profileId' | 'integrationId' | 'onlyScheduledPosts' | 'createdAt'
  >,
  event: MatchableEvent,
  profiles: () => ReadonlySet<string | null> = () => event.targetProfiles(),
): boolean {
  if (subscription.createdAt > event.createdAt) return false;
  if (!subscription.eventTypes.includes(event.type)) return false;
  const aboutPost = event.type.startsWith('post.');
  if (
    subscription.onlyScheduledPosts &&
    aboutPost &&
    event.type !== 'post.scheduled' &&
    !event.wasScheduled
  )
    return false;
  if (subscription.integrationId !== null && !event.accounts().has(subscription.integrationId))
    return false;
  if (subscription.profileId === null || subscription.profileId === event.profileId) return true;
  return profiles().has(subscription.profileId);
}
