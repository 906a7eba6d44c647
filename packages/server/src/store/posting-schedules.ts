/**
 * Posting schedules (table `posting_schedules`): the weekly slots of an account or of a
 * profile, one row per owner. The table is typed here rather than in the shared schema:
 * only this repository reads it.
 */
import { WEEKDAYS, type WeeklySlot } from '@reelay/core';
import type { Db } from './schema';

/** Whose schedule a row is. */
export type ScheduleOwnerKind = 'integration' | 'profile';

export interface PostingSchedulesTable {
  owner_kind: ScheduleOwnerKind;
  owner_id: string;
  project_id: string;
  timezone: string;
  /** JSON list of `{ day, time }`. */
  slots: string;
  /** 1 when an empty slot takes an evergreen post again. */
  evergreen_enabled: number;
  /** Days an evergreen post waits between two publications. */
  evergreen_min_days: number;
  created_at: number;
  updated_at: number;
}

/** A stored schedule, decoded. Times are milliseconds since the epoch. */
export interface PostingScheduleRecord {
  ownerKind: ScheduleOwnerKind;
  /** The account (`int_…`) or profile (`prf_…`). */
  ownerId: string;
  projectId: string;
  /** IANA zone the slots are read in. */
  timezone: string;
  /** Sorted Monday first, then by time. */
  slots: WeeklySlot[];
  /** Whether empty slots recycle evergreen posts, and the days between two uses of one. */
  evergreen: EvergreenSettings;
  createdAt: number;
  updatedAt: number;
}

export interface EvergreenSettings {
  enabled: boolean;
  minDaysBetween: number;
}

const withSchedules = (db: Db) => db.withTables<{ posting_schedules: PostingSchedulesTable }>();

const isSlot = (value: unknown): value is WeeklySlot =>
  typeof value === 'object' &&
  value !== null &&
  WEEKDAYS.includes((value as WeeklySlot).day) &&
  typeof (value as WeeklySlot).time === 'string';

function decode(row: PostingSchedulesTable): PostingScheduleRecord {
  let slots: WeeklySlot[] = [];
  try {
    const parsed: unknown = JSON.parse(row.slots);
    if (Array.isArray(parsed)) {
      slots = parsed.filter(isSlot).map((slot) => ({ day: slot.day, time: slot.time }));
    }
  } catch {
    // A damaged row reads as no slots; replacing the schedule rewrites it.
  }
  return {
    ownerKind: row.owner_kind,
    ownerId: row.owner_id,
    projectId: row.project_id,
    timezone: row.timezone,
    slots,
    evergreen: {
      enabled: Boolean(row.evergreen_enabled),
      minDaysBetween: Number(row.evergreen_min_days),
    },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * The stored schedule of an account or a profile of the project, if any.
 *
 * @example
 * ```ts
 * const own = await findSchedule(db, projectId, 'integration', integrationId);
 * ```
 */
export async function findSchedule(
  db: Db,
  projectId: string,
  ownerKind: ScheduleOwnerKind,
  ownerId: string,
): Promise<PostingScheduleRecord | undefined> {
  const row = await withSchedules(db)
    .selectFrom('posting_schedules')
    .selectAll()
    .where('owner_kind', '=', ownerKind)
    .where('owner_id', '=', ownerId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row && decode(row);
}

/**
 * Writes an owner's schedule, replacing the one it had (its creation time is kept).
 *
 * @example
 * ```ts
 * await saveSchedule(db, { ownerKind: 'profile', ownerId, projectId, timezone: 'UTC', slots, createdAt: now, updatedAt: now });
 * ```
 */
export async function saveSchedule(db: Db, schedule: PostingScheduleRecord): Promise<void> {
  const changed = {
    timezone: schedule.timezone,
    slots: JSON.stringify(schedule.slots),
    evergreen_enabled: Number(schedule.evergreen.enabled),
    evergreen_min_days: schedule.evergreen.minDaysBetween,
    updated_at: schedule.updatedAt,
  };
  await withSchedules(db)
    .insertInto('posting_schedules')
    .values({
      owner_kind: schedule.ownerKind,
      owner_id: schedule.ownerId,
      project_id: schedule.projectId,
      created_at: schedule.createdAt,
      ...changed,
    })
    .onConflict((conflict) => conflict.columns(['owner_kind', 'owner_id']).doUpdateSet(changed))
    .execute();
}

/**
 * Every schedule, of any project, whose empty slots recycle evergreen posts.
 *
 * @example
 * ```ts
 * for (const schedule of await recyclingSchedules(db)) await fillSlots(schedule);
 * ```
 */
export async function recyclingSchedules(db: Db): Promise<PostingScheduleRecord[]> {
  const rows = await withSchedules(db)
    .selectFrom('posting_schedules')
    .selectAll()
    .where('evergreen_enabled', '=', 1)
    .orderBy('owner_id')
    .execute();
  return rows.map(decode);
}

/**
 * Removes an owner's schedule; returns whether there was one.
 *
 * @example
 * ```ts
 * await deleteSchedule(db, projectId, 'integration', integrationId);
 * ```
 */
export async function deleteSchedule(
  db: Db,
  projectId: string,
  ownerKind: ScheduleOwnerKind,
  ownerId: string,
): Promise<boolean> {
  const result = await withSchedules(db)
    .deleteFrom('posting_schedules')
    .where('owner_kind', '=', ownerKind)
    .where('owner_id', '=', ownerId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The accounts of a profile that follow its schedule: those without one of their own.
 *
 * @example
 * ```ts
 * const followers = await accountsFollowingProfile(db, projectId, profileId);
 * ```
 */
export async function accountsFollowingProfile(
  db: Db,
  projectId: string,
  profileId: string,
): Promise<string[]> {
  const rows = await withSchedules(db)
    .selectFrom('integrations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('profile_id', '=', profileId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('posting_schedules')
            .select('owner_id')
            .where('owner_kind', '=', 'integration')
            .whereRef('owner_id', '=', 'integrations.id'),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes every schedule of these projects (erasing a user).
 *
 * @example
 * ```ts
 * await deleteSchedulesOfProjects(trx, projectIds);
 * ```
 */
export async function deleteSchedulesOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await withSchedules(db)
    .deleteFrom('posting_schedules')
    .where('project_id', 'in', projectIds)
    .execute();
}
