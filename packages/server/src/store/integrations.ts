/**
 * Connected accounts. Every query is scoped by project, except the platform callbacks,
 * which name the platform's user and reach every project that connected it. Records are
 * encoded and decoded in `integration-records.ts`; token refresh and health checks are
 * in `integration-upkeep.ts`.
 */
import { sql } from 'kysely';
import type { StoreCapabilities } from './database';
import {
  decodeIntegration,
  encodeIntegration,
  encodeIntegrationChanges,
  type IntegrationChanges,
  type IntegrationRecord,
} from './integration-records';
import { preparedRows } from './prepared-queries';
import type { Db } from './schema';

export type {
  IntegrationAuthStatus,
  IntegrationChanges,
  IntegrationRecord,
  IntegrationStatus,
} from './integration-records';

export interface IntegrationFilters {
  platform?: string | undefined;
  /** A profile id, or `null` for accounts without a profile; undefined for all. */
  profileId?: string | null | undefined;
  q?: string | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The values of a filtered list: those the SQL compares, the search already a pattern. */
interface FilterValues {
  projectId: string;
  platform: string | undefined;
  profileId: string | null | undefined;
  q: string | undefined;
  pattern: string | undefined;
}

function filterValues(projectId: string, filters: IntegrationFilters): FilterValues {
  const { platform, profileId, q } = filters;
  const pattern = q === undefined ? undefined : `%${escapeLike(q.toLowerCase())}%`;
  return { projectId, platform, profileId, q, pattern };
}

function filtered(db: Db, v: FilterValues) {
  let query = db.selectFrom('integrations').where('project_id', '=', v.projectId);
  if (v.platform !== undefined) query = query.where('platform', '=', v.platform);
  if (v.profileId === null) query = query.where('profile_id', 'is', null);
  else if (v.profileId !== undefined) query = query.where('profile_id', '=', v.profileId);
  if (v.q !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(coalesce(username, ''))`, 'like', sql`${v.pattern} escape '\\'`),
        eb(sql`lower(coalesce(name, ''))`, 'like', sql`${v.pattern} escape '\\'`),
        eb('platform_user_id', '=', v.q!),
      ]),
    );
  }
  return query;
}

export async function listIntegrations(
  db: Db,
  projectId: string,
  filters: IntegrationFilters,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: IntegrationRecord[] }> {
  const values = filterValues(projectId, filters);
  const { limit, offset, sort } = page;
  const found = await preparedRows(db, `integrations:${sort}`, { ...values, limit, offset }, (v) =>
    filtered(db, v)
      .selectAll()
      .orderBy('created_at', sort)
      .orderBy('id', sort)
      .limit(v.limit)
      .offset(v.offset),
  );
  const rows = found.map(decodeIntegration);
  // A short page that starts inside the results already tells the total: no count query.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { total: offset + rows.length, rows };
  }
  const [count] = await preparedRows(db, 'integrations-count', values, (v) =>
    filtered(db, v).select((eb) => eb.fn.countAll<number>().as('count')),
  );
  return { total: Number(count!.count), rows };
}

export async function findIntegration(
  db: Db,
  projectId: string,
  id: string,
): Promise<IntegrationRecord | undefined> {
  const [row] = await preparedRows(db, 'integration', { projectId, id }, (v) =>
    db
      .selectFrom('integrations')
      .selectAll()
      .where('project_id', '=', v.projectId)
      .where('id', '=', v.id),
  );
  return row && decodeIntegration(row);
}

/**
 * Locks accounts until the transaction ends, for a publishing-quota decision: a
 * concurrent request for the same account waits here, then counts what this transaction
 * wrote. Call it first in the transaction. Accounts are locked in id order, so two posts
 * naming the same accounts in another order cannot deadlock.
 *
 * With row locks (PostgreSQL) the rows are locked (`FOR UPDATE`), which every server
 * instance sharing the database respects. Without them (SQLite, one writer at a time) a
 * no-op write takes the database's write lock at once (as `BEGIN IMMEDIATE` would), so
 * the count that follows cannot be overtaken by another connection or process before
 * the post is written.
 *
 * @example
 * ```ts
 * await db.transaction().execute(async (trx) => {
 *   await lockIntegrationsForQuota(trx, store.capabilities, [first.id, second.id]);
 *   // count queued posts, then insert
 * });
 * ```
 */
export async function lockIntegrationsForQuota(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  ids: readonly string[],
): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return;
  if (capabilities.rowLocks) {
    // Rows are locked as the sort hands them out: always in id order.
    await db
      .selectFrom('integrations')
      .select('id')
      .where('id', 'in', sorted)
      .orderBy('id')
      .forUpdate()
      .execute();
    return;
  }
  await db
    .updateTable('integrations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', 'in', sorted)
    .execute();
}

export async function findIntegrationByPlatformUser(
  db: Db,
  projectId: string,
  platform: string,
  platformUserId: string,
): Promise<IntegrationRecord | undefined> {
  const row = await db
    .selectFrom('integrations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('platform', '=', platform)
    .where('platform_user_id', '=', platformUserId)
    .executeTakeFirst();
  return row && decodeIntegration(row);
}

export async function insertIntegration(db: Db, record: IntegrationRecord): Promise<void> {
  await db.insertInto('integrations').values(encodeIntegration(record)).execute();
}

export async function updateIntegration(
  db: Db,
  id: string,
  changes: IntegrationChanges,
): Promise<void> {
  await db
    .updateTable('integrations')
    .set(encodeIntegrationChanges(changes))
    .where('id', '=', id)
    .execute();
}

/**
 * Disconnects: erases the stored token and marks the account revoked (spec §3). Returns
 * whether the account exists in the project.
 */
export async function disconnectIntegration(
  db: Db,
  projectId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('integrations')
    .set({
      access_token: null,
      status: 'revoked',
      auth_status: 'reconnect_required',
      updated_at: now,
    })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every connection of a platform user, in any project, by either of its ids. */
export async function findIntegrationsOfPlatformUser(
  db: Db,
  platformUserId: string,
): Promise<IntegrationRecord[]> {
  const rows = await db
    .selectFrom('integrations')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('platform_scoped_id', '=', platformUserId),
        eb('platform_user_id', '=', platformUserId),
      ]),
    )
    .execute();
  return rows.map(decodeIntegration);
}

/**
 * Deletes every connected account of these projects (erasing a user), and answers their
 * ids, for the records other tables keep per account.
 *
 * @example
 * ```ts
 * const integrationIds = await deleteIntegrationsOfProjects(trx, projectIds);
 * ```
 */
export async function deleteIntegrationsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .deleteFrom('integrations')
    .where('project_id', 'in', projectIds)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
