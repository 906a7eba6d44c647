import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canTransition,
  derivePostStatus,
  finalOutcome,
  isActiveTargetStatus,
  isCancellable,
  isReviewTargetStatus,
} from './post-state';
import { TARGET_STATUSES, type TargetStatus } from '../vocabulary/enums';

describe('target transitions', () => {
  it('lets a scheduled target start, be cancelled, fail or be rescheduled', () => {
    for (const to of ['scheduled', 'queued', 'publishing', 'cancelled', 'failed'] as const) {
      expect(canTransition('scheduled', to), to).toBe(true);
    }
    expect(canTransition('scheduled', 'published')).toBe(false);
  });

  it('never cancels once publishing started', () => {
    expect(canTransition('publishing', 'cancelled')).toBe(false);
    expect(canTransition('queued', 'cancelled')).toBe(false);
  });

  it('keeps published and cancelled final', () => {
    for (const to of TARGET_STATUSES) {
      expect(canTransition('published', to), to).toBe(false);
      expect(canTransition('cancelled', to), to).toBe(false);
    }
  });

  it('lets only a failed target be retried', () => {
    expect(canTransition('failed', 'queued')).toBe(true);
    expect(canTransition('failed', 'scheduled')).toBe(true);
    expect(canTransition('failed', 'published')).toBe(false);
    expect(() => assertTransition('published', 'queued')).toThrow(/published -> queued/);
    expect(() => assertTransition('publishing', 'published')).not.toThrow();
  });
});

describe('review transitions', () => {
  it('lets a draft be edited, submitted (scheduled, queued or awaiting approval) or discarded', () => {
    for (const to of ['draft', 'awaiting_approval', 'scheduled', 'queued', 'cancelled'] as const) {
      expect(canTransition('draft', to), to).toBe(true);
    }
    expect(canTransition('draft', 'publishing')).toBe(false);
    expect(canTransition('draft', 'published')).toBe(false);
  });

  it('lets only approval or rejection move an awaiting target, never publishing it directly', () => {
    for (const to of ['scheduled', 'queued', 'draft', 'cancelled'] as const) {
      expect(canTransition('awaiting_approval', to), to).toBe(true);
    }
    expect(canTransition('awaiting_approval', 'publishing')).toBe(false);
    expect(canTransition('awaiting_approval', 'failed')).toBe(false);
    // An editor's edit of a scheduled post sends it back; not once it is publishing.
    expect(canTransition('scheduled', 'awaiting_approval')).toBe(true);
    expect(canTransition('publishing', 'awaiting_approval')).toBe(false);
  });

  it('keeps drafts and awaiting posts out of the active statuses', () => {
    expect(isActiveTargetStatus('draft')).toBe(false);
    expect(isActiveTargetStatus('awaiting_approval')).toBe(false);
    expect(isReviewTargetStatus('draft')).toBe(true);
    expect(isReviewTargetStatus('scheduled')).toBe(false);
  });

  it('derives the post status of a review, and a draft without accounts', () => {
    expect(derivePostStatus(['awaiting_approval'])).toBe('awaiting_approval');
    expect(derivePostStatus(['draft', 'draft'])).toBe('draft');
    expect(derivePostStatus([])).toBe('draft');
    expect(finalOutcome(['draft'])).toBeNull();
  });
});

describe('finalOutcome', () => {
  it('emits post.published when every target published', () => {
    expect(finalOutcome(['published', 'published'])).toEqual({
      status: 'published',
      event: 'post.published',
    });
  });

  it('emits post.partial when some published and some failed', () => {
    expect(finalOutcome(['published', 'failed', 'failed'])).toEqual({
      status: 'partial',
      event: 'post.partial',
    });
  });

  it('emits post.failed when every target failed, including MISSED', () => {
    expect(finalOutcome(['failed'])).toEqual({ status: 'failed', event: 'post.failed' });
  });

  it('emits nothing while a target is unfinished, for cancellation, or with no targets', () => {
    const unfinished: TargetStatus[][] = [
      ['published', 'publishing'],
      ['failed', 'scheduled'],
      ['queued'],
    ];
    for (const statuses of unfinished) expect(finalOutcome(statuses)).toBeNull();
    expect(finalOutcome(['cancelled', 'cancelled'])).toBeNull();
    expect(finalOutcome([])).toBeNull();
  });
});

describe('derivePostStatus', () => {
  it('shows the most active status while work remains', () => {
    expect(derivePostStatus(['scheduled', 'scheduled'])).toBe('scheduled');
    expect(derivePostStatus(['queued', 'scheduled'])).toBe('queued');
    expect(derivePostStatus(['published', 'publishing', 'queued'])).toBe('publishing');
  });

  it('shows the final outcome when every target finished', () => {
    expect(derivePostStatus(['published'])).toBe('published');
    expect(derivePostStatus(['published', 'failed'])).toBe('partial');
    expect(derivePostStatus(['failed', 'failed'])).toBe('failed');
    expect(derivePostStatus(['cancelled', 'cancelled'])).toBe('cancelled');
  });

  it('shows a retried partial post as active again', () => {
    expect(derivePostStatus(['published', 'queued'])).toBe('queued');
  });
});

describe('isCancellable', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const later = new Date('2026-11-21T13:00:00Z');

  it('allows cancelling a scheduled post before its time', () => {
    expect(isCancellable(['scheduled', 'scheduled'], later, now)).toBe(true);
  });

  it('refuses once publishing started, finished, the time passed, or for immediate posts', () => {
    expect(isCancellable(['scheduled', 'publishing'], later, now)).toBe(false);
    expect(isCancellable(['published'], later, now)).toBe(false);
    expect(isCancellable(['scheduled'], now, now)).toBe(false);
    expect(isCancellable(['scheduled'], new Date(now.getTime() - 1), now)).toBe(false);
    expect(isCancellable(['queued'], null, now)).toBe(false);
  });
});
