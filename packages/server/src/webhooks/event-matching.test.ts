import type { EventType } from '@reelay/core';
import { describe, expect, it } from 'vitest';
import { accountsInBody, profilesInBody } from '../store/events';
import { subscriptionReceives, type MatchableEvent } from './event-matching';

const subscription = (changes: Partial<Parameters<typeof subscriptionReceives>[0]> = {}) => ({
  eventTypes: ['post.scheduled', 'post.published', 'post.partial', 'post.failed'] as EventType[],
  profileId: null as string | null,
  integrationId: null as string | null,
  onlyScheduledPosts: false,
  createdAt: 1_000,
  ...changes,
});
const event = (
  changes: Partial<MatchableEvent> & {
    profiles?: Array<string | null>;
    accountIds?: string[];
  } = {},
) => {
  const { profiles = [null], accountIds = ['int_a'], ...rest } = changes;
  return {
    type: 'post.published' as const,
    createdAt: 2_000,
    wasScheduled: false,
    profileId: profiles.length === 1 ? profiles[0]! : null,
    // The stored body, read as the dispatcher reads it.
    targetProfiles: () =>
      profilesInBody(
        JSON.stringify({ data: { platforms: profiles.map((profileId) => ({ profileId })) } }),
      ),
    accounts: () =>
      accountsInBody(
        JSON.stringify({
          data: { platforms: accountIds.map((integrationId) => ({ integrationId })) },
        }),
      ),
    ...rest,
  };
};

describe('which subscriptions receive an event (spec §6 rules 4 and 5)', () => {
  it('sends only the types asked for', () => {
    const onlyFailed = subscription({ eventTypes: ['post.failed'] });
    expect(subscriptionReceives(onlyFailed, event({ type: 'post.failed' }))).toBe(true);
    expect(subscriptionReceives(onlyFailed, event({ type: 'post.published' }))).toBe(false);
  });

  it('never sends an event from before the subscription', () => {
    expect(subscriptionReceives(subscription({ createdAt: 2_001 }), event())).toBe(false);
    expect(subscriptionReceives(subscription({ createdAt: 2_000 }), event())).toBe(true);
  });

  it("matches a profile's subscription when any target is in that profile", () => {
    const mine = subscription({ profileId: 'prf_a' });
    expect(subscriptionReceives(mine, event({ profiles: ['prf_a'] }))).toBe(true);
    expect(subscriptionReceives(mine, event({ profiles: ['prf_b'] }))).toBe(false);
    expect(subscriptionReceives(mine, event({ profiles: ['prf_b', 'prf_a'] }))).toBe(true);
    expect(subscriptionReceives(mine, event({ profiles: [null] }))).toBe(false);
  });

  it('reads the payload only when the common profile does not decide', () => {
    let reads = 0;
    const profiles = () => {
      reads += 1;
      return new Set<string | null>(['prf_a']);
    };
    subscriptionReceives(subscription(), event(), profiles);
    subscriptionReceives(
      subscription({ profileId: 'prf_a' }),
      event({ profiles: ['prf_a'] }),
      profiles,
    );
    expect(reads).toBe(0);
  });

  it("sends an account's subscription the events of its posts and of comments on its media", () => {
    const eventTypes: EventType[] = ['post.published', 'comment.received'];
    const mine = subscription({ integrationId: 'int_a', eventTypes });
    expect(subscriptionReceives(mine, event({ accountIds: ['int_b', 'int_a'] }))).toBe(true);
    expect(subscriptionReceives(mine, event({ accountIds: ['int_b'] }))).toBe(false);
    const comment = {
      ...event({ type: 'comment.received' }),
      accounts: () =>
        accountsInBody(JSON.stringify({ data: { comment: { integrationId: 'int_a' } } })),
    };
    expect(subscriptionReceives(mine, comment)).toBe(true);
    expect(
      subscriptionReceives(subscription({ integrationId: 'int_b', eventTypes }), comment),
    ).toBe(false);
    // onlyScheduledPosts says nothing about comments.
    expect(
      subscriptionReceives(subscription({ onlyScheduledPosts: true, eventTypes }), comment),
    ).toBe(true);
  });

  it('limits final events to scheduled posts with onlyScheduledPosts, never post.scheduled', () => {
    const scheduledOnly = subscription({ onlyScheduledPosts: true });
    expect(subscriptionReceives(scheduledOnly, event({ wasScheduled: false }))).toBe(false);
    expect(subscriptionReceives(scheduledOnly, event({ wasScheduled: true }))).toBe(true);
    expect(
      subscriptionReceives(scheduledOnly, event({ type: 'post.scheduled', wasScheduled: true })),
    ).toBe(true);
  });
});
