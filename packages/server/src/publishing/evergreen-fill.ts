/**
 * Evergreen queues (docs/posting-slots.md "Evergreen"). A schedule with `evergreen`
 * enabled never lets a slot go by empty while it has something to recycle: shortly before
 * a slot that no post takes, the published evergreen post of its accounts used least
 * recently (and not within `minDaysBetween` of the slot) is created again as a new post in
 * that slot, through the same acceptance as `POST /v1/posts`: same media, same accounts
 * and options, its caption or its next variant caption. The copy names its original in
 * `recycledFrom`.
 *
 * Exactly once: the copy carries the idempotency key `evergreen:<owner>:<slot instant>`
 * (unique per project), and the slot is checked again under the accounts' lock in the
 * transaction that writes it. A run after a crash, or a second instance running at the
 * same moment, finds the slot taken or the key used, and creates nothing.
 */
import { ReelayError, type CreatePostBody } from '@reelay/core';
import { evergreenPosts, type EvergreenPost } from '../store/evergreen-posts';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import {
  accountsFollowingProfile,
  recyclingSchedules,
  type PostingScheduleRecord,
} from '../store/posting-schedules';
import { findPostByIdempotencyKey } from '../store/posts';
import { findLiveProfile } from '../store/profiles';
import type { Db } from '../store/schema';
import type { PublishingDeps } from './publishing-deps';
import { freeSlotsOf } from './slot-queue';

const DAY_MS = 86_400_000;

/**
 * How long before an empty slot its copy is created: late enough that a post queued by a
 * person (`queue: true`) takes the slot first, early enough for the publishing pipeline to
 * prepare a video ahead of time.
 */
export const EVERGREEN_LEAD_MS = 60 * 60_000;

/**
 * Slack on `minDaysBetween`: a post that went out in the same slot the day before counts
 * as a day ago, though its publication took a few seconds past the slot's minute.
 */
const USE_SLACK_MS = 60 * 60_000;

/** Candidates tried for one slot when the first ones are refused (an account to reconnect). */
const CANDIDATES_PER_SLOT = 5;

/** Refusals that mean the slot itself is no longer empty: no other candidate is tried. */
const SLOT_TAKEN = new Set(['NO_FREE_SLOT', 'IDEMPOTENCY_KEY_REUSED']);

/** Creates one copy through the acceptance of `POST /v1/posts`. */
export type AcceptCopy = (
  projectId: string,
  body: CreatePostBody,
  recycledFrom: string,
) => Promise<unknown>;

/**
 * The idempotency key of the copy for one slot of a schedule.
 *
 * @example
 * ```ts
 * evergreenKey('int_…', Date.parse('2027-03-01T12:00:00Z')); // 'evergreen:int_…:2027-03-01T12:00:00.000Z'
 * ```
 */
export function evergreenKey(ownerId: string, slotAt: number): string {
  return `evergreen:${ownerId}:${new Date(slotAt).toISOString()}`;
}

/**
 * The caption of a post's next copy: its variants in turn, else its own caption.
 *
 * @example
 * ```ts
 * nextCaption({ post, copies: 2, … }); // post.evergreenCaptions[2 % post.evergreenCaptions.length]
 * ```
 */
export function nextCaption(candidate: Pick<EvergreenPost, 'post' | 'copies'>): string {
  const variants = candidate.post.evergreenCaptions;
  return variants.length === 0
    ? candidate.post.content
    : variants[candidate.copies % variants.length]!;
}

/** The accounts a schedule applies to: its account, or the profile's that follow it. */
async function scheduleAccounts(
  db: Db,
  schedule: PostingScheduleRecord,
): Promise<IntegrationRecord[]> {
  const { projectId, ownerId } = schedule;
  let ids = [ownerId];
  if (schedule.ownerKind === 'profile') {
    if (!(await findLiveProfile(db, projectId, ownerId))) return [];
    ids = await accountsFollowingProfile(db, projectId, ownerId);
  }
  const accounts: IntegrationRecord[] = [];
  for (const id of ids) {
    const account = await findIntegration(db, projectId, id);
    if (account) accounts.push(account);
  }
  return accounts;
}

/**
 * The evergreen posts a slot may take, least recently used first: every account of the
 * post follows this schedule, and neither it nor a copy went out within `minDaysBetween`
 * days of the slot.
 */
async function candidatesFor(
  db: Db,
  schedule: PostingScheduleRecord,
  accountIds: readonly string[],
  slotAt: number,
): Promise<EvergreenPost[]> {
  const latest = slotAt - schedule.evergreen.minDaysBetween * DAY_MS + USE_SLACK_MS;
  return (await evergreenPosts(db, schedule.projectId)).filter(
    (candidate) =>
      candidate.targets.length > 0 &&
      candidate.targets.every((target) => accountIds.includes(target.integrationId)) &&
      candidate.lastUsedAt <= latest,
  );
}

/** The creation body of a copy of `candidate` in the slot. */
function copyBody(
  schedule: PostingScheduleRecord,
  candidate: EvergreenPost,
  slotAt: number,
): CreatePostBody {
  return {
    content: nextCaption(candidate),
    kind: candidate.post.kind,
    mediaItems: candidate.post.mediaItems.map((item) => ({ mediaId: item.mediaId })),
    platforms: candidate.targets.map((target) => ({
      platform: 'instagram' as const,
      accountId: target.integrationId,
      options: target.options,
    })),
    scheduledFor: new Date(slotAt),
    timezone: schedule.timezone,
    idempotencyKey: evergreenKey(schedule.ownerId, slotAt),
  } as CreatePostBody;
}

/** Fills one empty slot; answers whether a copy was created. */
async function fillSlot(
  ctx: Pick<PublishingDeps, 'db' | 'logger'>,
  accept: AcceptCopy,
  schedule: PostingScheduleRecord,
  accountIds: readonly string[],
  slotAt: number,
): Promise<boolean> {
  const key = evergreenKey(schedule.ownerId, slotAt);
  if (await findPostByIdempotencyKey(ctx.db, schedule.projectId, key)) return false;
  const candidates = await candidatesFor(ctx.db, schedule, accountIds, slotAt);
  for (const candidate of candidates.slice(0, CANDIDATES_PER_SLOT)) {
    try {
      await accept(schedule.projectId, copyBody(schedule, candidate, slotAt), candidate.post.id);
      return true;
    } catch (error) {
      if (!(error instanceof ReelayError)) throw error;
      if (SLOT_TAKEN.has(error.code)) return false;
      ctx.logger.warn('post evergreen recusado; o horário tenta o próximo', {
        postId: candidate.post.id,
        code: error.code,
        message: error.message,
      });
    }
  }
  return false;
}

/**
 * Fills every empty slot coming up within {@link EVERGREEN_LEAD_MS} of every schedule
 * that recycles; answers how many copies it created. A schedule that fails is logged and
 * the others go on.
 *
 * @example
 * ```ts
 * const { created } = await fillEvergreenSlots(ctx, (projectId, body, recycledFrom) => …);
 * ```
 */
export async function fillEvergreenSlots(
  ctx: Pick<PublishingDeps, 'db' | 'clock' | 'logger'>,
  accept: AcceptCopy,
): Promise<{ created: number }> {
  let created = 0;
  for (const schedule of await recyclingSchedules(ctx.db)) {
    try {
      const now = ctx.clock.now();
      const accounts = await scheduleAccounts(ctx.db, schedule);
      if (accounts.length === 0) continue;
      const ids = accounts.map((account) => account.id);
      const lead = now + EVERGREEN_LEAD_MS;
      for (const slot of await freeSlotsOf(ctx.db, schedule, ids, now, Infinity, lead)) {
        if (await fillSlot(ctx, accept, schedule, ids, slot.at)) created++;
      }
    } catch (error) {
      ctx.logger.error('fila evergreen falhou', { ownerId: schedule.ownerId, error });
    }
  }
  return { created };
}
