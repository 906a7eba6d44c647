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
 *   by a scheduled retry); `post.scheduled` is by nature about a scheduled post.
 * - A subscription created after the event does not receive it.
 */
import type { EventsTable, WebhookSubscriptionsTable } from '../store/schema';

export type MatchableEvent = Pick<
  EventsTable,
  'type' | 'created_at' | 'was_scheduled' | 'profile_id' | 'payload'
>;

/** The profiles of an event's targets, read from its payload. */
export function targetProfiles(event: Pick<EventsTable, 'payload'>): Set<string | null> {
  const payload = JSON.parse(event.payload) as {
    data?: { platforms?: Array<{ profileId?: string | null }> };
  };
  return new Set((payload.data?.platforms ?? []).map((target) => target.profileId ?? null));
}

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
    WebhookSubscriptionsTable,
    'event_types' | 'profile_id' | 'only_scheduled_posts' | 'created_at'
  >,
  event: MatchableEvent,
  profiles: () => Set<string | null> = () => targetProfiles(event),
): boolean {
  if (subscription.created_at > event.created_at) return false;
  if (!(JSON.parse(subscription.event_types) as string[]).includes(event.type)) return false;
  if (subscription.only_scheduled_posts && event.type !== 'post.scheduled' && !event.was_scheduled)
    return false;
  if (subscription.profile_id === null || subscription.profile_id === event.profile_id) return true;
  return profiles().has(subscription.profile_id);
}
