/**
 * The posting schedule routes' operations: read and replace the weekly slots of an
 * account or a profile, and list the next free ones. An account without a schedule of its
 * own follows its profile's (while the profile is not removed).
 */
import type { AccountDeps } from './account-token';
import { suggestForAccount, type AccountSuggestions } from './posting-suggestions';
import {
  EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
  ReelayError,
  sortSlots,
  type ReplacePostingSlotsBody,
  type SlotOccurrence,
} from '@reelay/core';
import type { Clock } from '../clock';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import {
  accountsFollowingProfile,
  deleteSchedule,
  findSchedule,
  saveSchedule,
  type ScheduleOwnerKind,
} from '../store/posting-schedules';
import { findLiveProfile } from '../store/profiles';
import type { Db } from '../store/schema';
import { freeSlotsOf, scheduleOfAccount, type AppliedSchedule } from '../publishing/slot-queue';

export type { AppliedSchedule } from '../publishing/slot-queue';

/** Free slots, with the schedule they come from. */
export interface FreeSlots {
  applied: AppliedSchedule;
  slots: SlotOccurrence[];
}

export interface PostingSlotsService {
  /** The schedule that applies to the account. */
  accountSchedule(projectId: string, accountId: string): Promise<AppliedSchedule>;
  /** Replaces the account's own schedule (none with no slots); answers what then applies. */
  replaceAccountSchedule(
    projectId: string,
    accountId: string,
    body: ReplacePostingSlotsBody,
  ): Promise<AppliedSchedule>;
  accountFreeSlots(projectId: string, accountId: string, count: number): Promise<FreeSlots>;
  profileSchedule(projectId: string, profileId: string): Promise<AppliedSchedule>;
  replaceProfileSchedule(
    projectId: string,
    profileId: string,
    body: ReplacePostingSlotsBody,
  ): Promise<AppliedSchedule>;
  /** Slots of the profile's schedule free on every account that follows it. */
  profileFreeSlots(projectId: string, profileId: string, count: number): Promise<FreeSlots>;
  /** Up to seven weekly times suggested for the account ("best time to post"). */
  accountSuggestions(
    projectId: string,
    accountId: string,
    timezone?: string,
  ): Promise<AccountSuggestions>;
}

/**
 * @example
 * ```ts
 * const slots = createPostingSlotsService({ db, clock });
 * const { source, schedule } = await slots.accountSchedule(projectId, accountId);
 * ```
 */
export function createPostingSlotsService(deps: AccountDeps): PostingSlotsService {
  const { db, clock } = deps;

  async function account(projectId: string, id: string): Promise<IntegrationRecord> {
    const found = await findIntegration(db, projectId, id);
    if (!found) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Conta conectada não encontrada neste projeto.',
      });
    }
    return found;
  }

  async function assertProfile(projectId: string, id: string): Promise<void> {
    if (!(await findLiveProfile(db, projectId, id))) {
      throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
    }
  }

  async function profileApplied(projectId: string, id: string): Promise<AppliedSchedule> {
    const schedule = await findSchedule(db, projectId, 'profile', id);
    return schedule ? { source: 'profile', schedule } : { source: 'none', schedule: undefined };
  }

  /**
   * Writes the owner's schedule, or removes it when there are no slots. Without
   * `evergreen` the schedule keeps its own (a new one starts without), so a client that
   * only edits the slots leaves recycling as it was.
   */
  async function replace(
    projectId: string,
    ownerKind: ScheduleOwnerKind,
    ownerId: string,
    body: ReplacePostingSlotsBody,
  ): Promise<void> {
    if (body.slots.length === 0) {
      await deleteSchedule(db, projectId, ownerKind, ownerId);
      return;
    }
    const now = clock.now();
    const kept = (await findSchedule(db, projectId, ownerKind, ownerId))?.evergreen;
    await saveSchedule(db, {
      ownerKind,
      ownerId,
      projectId,
      timezone: body.timezone!,
      slots: sortSlots(body.slots),
      evergreen: body.evergreen
        ? {
            enabled: body.evergreen.enabled,
            minDaysBetween: body.evergreen.minDaysBetween ?? EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
          }
        : (kept ?? { enabled: false, minDaysBetween: EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT }),
      createdAt: now,
      updatedAt: now,
    });
  }

  async function free(
    applied: AppliedSchedule,
    accountIds: readonly string[],
    count: number,
  ): Promise<FreeSlots> {
    if (!applied.schedule) return { applied, slots: [] };
    return {
      applied,
      slots: await freeSlotsOf(db, applied.schedule, accountIds, clock.now(), count),
    };
  }

  return {
    accountSuggestions: (projectId, accountId, timezone) =>
      suggestForAccount(deps, projectId, accountId, timezone),
    accountSchedule: async (projectId, id) => scheduleOfAccount(db, await account(projectId, id)),
    async replaceAccountSchedule(projectId, id, body) {
      const found = await account(projectId, id);
      await replace(projectId, 'integration', id, body);
      return scheduleOfAccount(db, found);
    },
    async accountFreeSlots(projectId, id, count) {
      const found = await account(projectId, id);
      return free(await scheduleOfAccount(db, found), [id], count);
    },
    async profileSchedule(projectId, id) {
      await assertProfile(projectId, id);
      return profileApplied(projectId, id);
    },
    async replaceProfileSchedule(projectId, id, body) {
      await assertProfile(projectId, id);
      await replace(projectId, 'profile', id, body);
      return profileApplied(projectId, id);
    },
    async profileFreeSlots(projectId, id, count) {
      await assertProfile(projectId, id);
      const followers = await accountsFollowingProfile(db, projectId, id);
      return free(await profileApplied(projectId, id), followers, count);
    },
  };
}
