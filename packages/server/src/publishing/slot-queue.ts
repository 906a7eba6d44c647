/**
 * The queue of posting slots: which schedule an account follows (its own, else its live
 * profile's), which of its slots are free, and, for `POST /v1/posts` with `queue: true`,
 * taking the next free slot of each account as one decision. A free slot whose 24 h
 * window is already full under the account's publishing quota is passed over.
 *
 * Taking a slot follows the quota's rule (`quota.ts`): inside the transaction that writes
 * the post, the accounts are locked first (`lockIntegrationsForQuota`), then their
 * scheduled times are read and the slots chosen. A concurrent queued post for the same
 * account waits for the lock and then sees the target this transaction wrote, on every
 * instance sharing the database; so two queued posts never take the same slot.
 */
import {
  freeSlots,
  ReelayError,
  SCHEDULE_MAX_LEAD_MS,
  SCHEDULE_MIN_LEAD_MS,
  type PostingScheduleSource,
  type SlotOccurrence,
} from '@reelay/core';
import type { StoreCapabilities } from '../store/database';
import { lockIntegrationsForQuota, type IntegrationRecord } from '../store/integrations';
import { findSchedule, type PostingScheduleRecord } from '../store/posting-schedules';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { activeTargetTimes, scheduledTimesOfAccounts } from '../store/post-targets';
import { findLiveProfile } from '../store/profiles';
import type { Db } from '../store/schema';
import { fitsQuota, QUOTA_WINDOW_MS, quotaAt, type PlatformQuota } from './quota';

/** The schedule that applies to an account or a profile, and where it comes from. */
export interface AppliedSchedule {
  source: PostingScheduleSource;
  /** Absent when `source` is `none`. */
  schedule: PostingScheduleRecord | undefined;
}

const MINUTE_MS = 60_000;

/**
 * The schedule an account follows: its own, else its profile's while the profile is not
 * removed (a removed profile's schedule is ignored), else none.
 *
 * @example
 * ```ts
 * const { source, schedule } = await scheduleOfAccount(db, account);
 * ```
 */
export async function scheduleOfAccount(
  db: Db,
  account: Pick<IntegrationRecord, 'id' | 'projectId' | 'profileId'>,
): Promise<AppliedSchedule> {
  const own = await findSchedule(db, account.projectId, 'integration', account.id);
  if (own) return { source: 'integration', schedule: own };
  if (account.profileId && (await findLiveProfile(db, account.projectId, account.profileId))) {
    const shared = await findSchedule(db, account.projectId, 'profile', account.profileId);
    if (shared) return { source: 'profile', schedule: shared };
  }
  return { source: 'none', schedule: undefined };
}

/**
 * The next `count` slots of a schedule inside the scheduling window (1 minute to 75 days
 * after `now`, spec §8, or to `until` when sooner) that no target of these accounts takes.
 *
 * @example
 * ```ts
 * const slots = await freeSlotsOf(db, schedule, [account.id], clock.now(), 10);
 * ```
 */
export async function freeSlotsOf(
  db: Db,
  schedule: PostingScheduleRecord,
  integrationIds: readonly string[],
  now: number,
  count: number,
  until = now + SCHEDULE_MAX_LEAD_MS,
): Promise<SlotOccurrence[]> {
  const from = now + SCHEDULE_MIN_LEAD_MS;
  // A minute around the window: a time in a slot's minute takes the slot.
  const taken = await scheduledTimesOfAccounts(
    db,
    integrationIds,
    from - MINUTE_MS,
    until + MINUTE_MS,
  );
  return freeSlots(schedule, { from, until, taken, count });
}

function noFreeSlot(account: IntegrationRecord, reason: 'no_schedule' | 'no_free_slot') {
  const name = account.username ? `@${account.username}` : account.id;
  return new ReelayError('NO_FREE_SLOT', {
    message:
      reason === 'no_schedule'
        ? `A conta ${name} não tem agenda de publicação: defina uma para a conta (PUT /v1/integrations/${account.id}/slots) ou para o perfil dela, ou informe scheduledFor em vez de queue.`
        : `A agenda de publicação da conta ${name} não tem horário livre nos próximos 75 dias: acrescente horários à agenda ou libere um, cancelando ou reagendando um post.`,
    details: { accountId: account.id, reason },
  });
}

/**
 * The first free slot where one more post fits the account's quota; the first free slot
 * when none does (the quota check then refuses it with its own code), or undefined when
 * no slot is free.
 */
async function nextSlotWithinQuota(
  db: Db,
  schedule: PostingScheduleRecord,
  accountId: string,
  now: number,
  quota: PlatformQuota | undefined,
): Promise<number | undefined> {
  if (!quota) return (await freeSlotsOf(db, schedule, [accountId], now, 1))[0]?.at;
  const free = await freeSlotsOf(db, schedule, [accountId], now, Infinity);
  if (free.length === 0) return undefined;
  const queued = await activeTargetTimes(
    db,
    accountId,
    free[0]!.at - QUOTA_WINDOW_MS,
    free.at(-1)!.at + QUOTA_WINDOW_MS,
  );
  return (free.find((slot) => fitsQuota(quota, slot.at, now, queued)) ?? free[0]!).at;
}

/**
 * The next free slot of each account, by account id: with the accounts' quotas (read for
 * `now`), the next one where one more post fits the quota. Throws `NO_FREE_SLOT` (with
 * `details.accountId` and `details.reason`) for the first account without a schedule or
 * without a free slot. Outside a transaction it only predicts; {@link takeQueueSlots}
 * decides.
 *
 * @example
 * ```ts
 * const slots = await nextSlotOfAccounts(db, accounts, clock.now());
 * ```
 */
export async function nextSlotOfAccounts(
  db: Db,
  accounts: readonly IntegrationRecord[],
  now: number,
  quotas: readonly PlatformQuota[] = [],
): Promise<Map<string, number>> {
  const slots = new Map<string, number>();
  for (const account of accounts) {
    const { schedule } = await scheduleOfAccount(db, account);
    if (!schedule) throw noFreeSlot(account, 'no_schedule');
    const quota = quotas.find((candidate) => candidate.integration.id === account.id);
    const next = await nextSlotWithinQuota(db, schedule, account.id, now, quota);
    if (next === undefined) throw noFreeSlot(account, 'no_free_slot');
    slots.set(account.id, next);
  }
  return slots;
}

/**
 * Inside the transaction that writes the post, before reading anything else: locks the
 * accounts until the transaction ends and chooses each one's next free slot. The caller
 * writes the targets at those times in the same transaction.
 *
 * @example
 * ```ts
 * await db.transaction().execute(async (trx) => {
 *   const slots = await takeQueueSlots(trx, capabilities, accounts, now);
 *   await insertTargets(trx, targets.map((t) => ({ ...t, scheduledFor: slots.get(t.integrationId)! })));
 * });
 * ```
 */
export async function takeQueueSlots(
  trx: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  accounts: readonly IntegrationRecord[],
  now: number,
  quotas: readonly PlatformQuota[] = [],
): Promise<Map<string, number>> {
  await lockIntegrationsForQuota(
    trx,
    capabilities,
    accounts.map((account) => account.id),
  );
  return nextSlotOfAccounts(trx, accounts, now, quotas);
}

/** A queued post being accepted: its records, its accounts and their platform quotas. */
export interface QueuedPost {
  post: PostRecord;
  /** Each gets the slot of its account. */
  targets: TargetRecord[];
  accounts: readonly IntegrationRecord[];
  /** Read for `now` (a queued post has no time yet), so they hold the platform's count. */
  quotas: readonly PlatformQuota[];
}

/**
 * Takes the next free slot of each account of a queued post where one more post fits the
 * account's quota ({@link takeQueueSlots}): sets each target's `scheduledFor` to its account's slot and the post's to the earliest,
 * and answers the quotas moved to those times, for `reserveQuota` to count next in the
 * same transaction.
 *
 * @example
 * ```ts
 * const counted = await placeInQueue(trx, capabilities, { post, targets, accounts, quotas }, now);
 * await reserveQuota(trx, capabilities, counted);
 * ```
 */
export async function placeInQueue(
  trx: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  queued: QueuedPost,
  now: number,
): Promise<PlatformQuota[]> {
  const slots = await takeQueueSlots(trx, capabilities, queued.accounts, now, queued.quotas);
  const slotOf = (integrationId: string) => slots.get(integrationId)!;
  for (const target of queued.targets) target.scheduledFor = slotOf(target.integrationId);
  queued.post.scheduledFor = Math.min(...queued.targets.map((target) => target.scheduledFor!));
  return queued.quotas.map((quota) => quotaAt(quota, slotOf(quota.integration.id), now));
}

/**
 * Inside the transaction that writes a post at a fixed slot (an evergreen copy): locks the
 * accounts as a queued post does, then throws `NO_FREE_SLOT` when a target of one of them
 * already takes the slot's minute, so a post queued or recycled into it meanwhile, by
 * this instance or another, keeps it.
 *
 * @example
 * ```ts
 * await assertSlotStillFree(trx, capabilities, accounts, slotAt);
 * ```
 */
export async function assertSlotStillFree(
  trx: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  accounts: readonly IntegrationRecord[],
  at: number,
): Promise<void> {
  await lockIntegrationsForQuota(
    trx,
    capabilities,
    accounts.map((account) => account.id),
  );
  for (const account of accounts) {
    const taken = await scheduledTimesOfAccounts(trx, [account.id], at - MINUTE_MS, at + MINUTE_MS);
    if (taken.some((time) => Math.floor(time / MINUTE_MS) === Math.floor(at / MINUTE_MS))) {
      throw noFreeSlot(account, 'no_free_slot');
    }
  }
}
