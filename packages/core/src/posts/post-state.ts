/**
 * The post state machine (spec §3 "Post and target"): the statuses a target moves
 * through, which moves are allowed, and the post's status and final event derived from
 * its targets.
 *
 * ```
 * scheduled ──┬─> publishing ──┬─> published
 *   │  ↺       │    ↺ (steps)  └─> failed ──> queued | scheduled   (retry)
 *   │          │
 *   ├─> cancelled (DELETE before publishing starts; records CANCELLED, emits nothing)
 *   └─> failed    (MISSED, account revoked, …)
 * queued ─────┘   (immediate posts and immediate retries)
 *
 * draft ──> awaiting_approval ──> scheduled | queued   (approve)
 *   │  ↺         │  ↺   └──> draft                    (reject)
 *   │            └──> cancelled
 *   └──> scheduled | queued | cancelled                (submit without approval; discard)
 * scheduled ──> awaiting_approval                      (an editor's edit, approval required)
 * ```
 *
 * Drafts and awaiting posts have no publish job and count against no quota: nothing
 * moves them but a person.
 */

import type { EventType, PostStatus, TargetStatus } from '../vocabulary/enums';

export type FinalEventType = 'post.published' | 'post.partial' | 'post.failed';

const TRANSITIONS: Record<TargetStatus, readonly TargetStatus[]> = {
  // A draft is edited (stays a draft), submitted (scheduled, queued or awaiting approval)
  // or discarded.
  draft: ['draft', 'awaiting_approval', 'scheduled', 'queued', 'cancelled'],
  // Approved (scheduled or queued), rejected back to draft, edited, or discarded.
  awaiting_approval: ['awaiting_approval', 'scheduled', 'queued', 'draft', 'cancelled'],
  // A scheduled target may be rescheduled (stays scheduled), start, be cancelled, or
  // fail before it starts (missed window, account disconnected); an editor's edit when
  // approval is required sends it back for approval.
  scheduled: ['scheduled', 'queued', 'publishing', 'cancelled', 'failed', 'awaiting_approval'],
  queued: ['publishing', 'failed'],
  // Each pipeline step (container, polling, publish) keeps the target publishing.
  publishing: ['publishing', 'published', 'failed'],
  // A retry puts a failed target back in line, now or at a new time.
  failed: ['queued', 'scheduled'],
  published: [],
  cancelled: [],
};

/**
 * Whether a target may move from one status to another.
 *
 * @example
 * ```ts
 * canTransition('scheduled', 'cancelled'); // true
 * canTransition('publishing', 'cancelled'); // false: too late to cancel
 * canTransition('published', 'queued'); // false: published is final
 * ```
 */
export function canTransition(from: TargetStatus, to: TargetStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * Throws when a move is not allowed; use it where a target's status is written.
 *
 * @example
 * ```ts
 * assertTransition(target.status, 'publishing');
 * ```
 */
export function assertTransition(from: TargetStatus, to: TargetStatus): void {
  if (!canTransition(from, to)) {
    throw new Error(`transição de alvo inválida: ${from} -> ${to}`);
  }
}

/**
 * Statuses of a target still waiting for, or in, its publication: the pipeline works only
 * on these, and they count against the account's publishing quota. In order of activity.
 */
export const ACTIVE_TARGET_STATUSES = [
  'publishing',
  'queued',
  'scheduled',
] as const satisfies readonly TargetStatus[];
export type ActiveTargetStatus = (typeof ACTIVE_TARGET_STATUSES)[number];

/**
 * Whether the pipeline still has work to do for a target in this status.
 *
 * @example
 * ```ts
 * isActiveTargetStatus('queued'); // true
 * isActiveTargetStatus('failed'); // false: only a retry brings it back
 * ```
 */
export function isActiveTargetStatus(status: TargetStatus): status is ActiveTargetStatus {
  return (ACTIVE_TARGET_STATUSES as readonly TargetStatus[]).includes(status);
}

/**
 * Statuses of a post a person is still preparing or reviewing: nothing publishes it, it
 * may be edited whatever its time, and approving or submitting it decides when it goes.
 */
export const REVIEW_TARGET_STATUSES = [
  'awaiting_approval',
  'draft',
] as const satisfies readonly TargetStatus[];
export type ReviewTargetStatus = (typeof REVIEW_TARGET_STATUSES)[number];

/**
 * Whether a target is a draft or awaits approval.
 *
 * @example
 * ```ts
 * isReviewTargetStatus('draft'); // true
 * isReviewTargetStatus('scheduled'); // false
 * ```
 */
export function isReviewTargetStatus(status: TargetStatus): status is ReviewTargetStatus {
  return (REVIEW_TARGET_STATUSES as readonly TargetStatus[]).includes(status);
}

/** Statuses after which a target does nothing more until someone retries it. */
export function isTerminalTargetStatus(status: TargetStatus): boolean {
  return status === 'published' || status === 'failed' || status === 'cancelled';
}

/** The outcome of a post whose targets have all finished, and the event it emits. */
export interface FinalOutcome {
  status: 'published' | 'partial' | 'failed';
  event: FinalEventType;
}

/**
 * The post's final outcome once every target is terminal (spec §3, §6): all published
 * → `post.published`; some → `post.partial`; none → `post.failed` (which includes
 * `MISSED`). Returns `null` while a target is still pending and for a cancelled post,
 * because cancellation emits nothing.
 *
 * @example
 * ```ts
 * finalOutcome(['published', 'failed']); // { status: 'partial', event: 'post.partial' }
 * finalOutcome(['published', 'publishing']); // null: not finished
 * finalOutcome(['cancelled', 'cancelled']); // null: cancellation emits nothing
 * ```
 */
export function finalOutcome(statuses: readonly TargetStatus[]): FinalOutcome | null {
  if (statuses.length === 0 || !statuses.every(isTerminalTargetStatus)) return null;
  if (statuses.includes('cancelled')) return null;
  const published = statuses.filter((status) => status === 'published').length;
  if (published === statuses.length) return { status: 'published', event: 'post.published' };
  if (published > 0) return { status: 'partial', event: 'post.partial' };
  return { status: 'failed', event: 'post.failed' };
}

/**
 * The post's status from its targets' statuses: the most active status while work
 * remains (publishing, then queued, then scheduled), then a review status (awaiting
 * approval, then draft), otherwise the final outcome. A post without targets is a draft
 * (only a draft may lack accounts).
 *
 * @example
 * ```ts
 * derivePostStatus(['scheduled', 'scheduled']); // 'scheduled'
 * derivePostStatus(['published', 'publishing']); // 'publishing'
 * derivePostStatus(['published', 'failed']); // 'partial'
 * derivePostStatus([]); // 'draft'
 * ```
 */
export function derivePostStatus(statuses: readonly TargetStatus[]): PostStatus {
  for (const active of [...ACTIVE_TARGET_STATUSES, ...REVIEW_TARGET_STATUSES]) {
    if (statuses.includes(active)) return active;
  }
  if (statuses.length === 0) return 'draft';
  if (statuses.length > 0 && statuses.every((status) => status === 'cancelled')) {
    return 'cancelled';
  }
  return finalOutcome(statuses.filter((status) => status !== 'cancelled'))?.status ?? 'failed';
}

/**
 * Whether a post may still be cancelled (spec §3): every target is scheduled and the
 * scheduled time has not come. Refused once publishing started, finished, or the time
 * passed (`POST_NOT_CANCELLABLE`).
 *
 * @example
 * ```ts
 * isCancellable(['scheduled'], new Date('2026-12-01T10:00:00Z'), new Date('2026-11-21T10:00:00Z')); // true
 * isCancellable(['scheduled'], null, new Date()); // false: an immediate post is never cancellable
 * ```
 */
export function isCancellable(
  statuses: readonly TargetStatus[],
  scheduledFor: Date | null,
  now: Date,
): boolean {
  if (scheduledFor === null || scheduledFor.getTime() <= now.getTime()) return false;
  return statuses.length > 0 && statuses.every((status) => status === 'scheduled');
}
