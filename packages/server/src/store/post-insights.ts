/**
 * The last insights read for each published target (table `post_insights`), and the
 * claim that lets one request at a time ask the platform about a target. The table is
 * typed here rather than in the shared schema: only this repository reads it.
 */
import type { Db } from './schema';

export interface PostInsightsTable {
  target_id: string;
  project_id: string;
  integration_id: string;
  platform_post_id: string;
  /** JSON object: metric name -> number or null. */
  metrics: string;
  reason: string | null;
  fetched_at: number | null;
  checked_at: number;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** A target's stored insights, decoded. Times are milliseconds since the epoch. */
export interface PostInsightsRecord {
  targetId: string;
  projectId: string;
  integrationId: string;
  /** The media the metrics belong to. */
  platformPostId: string;
  /** Metric name (the platform's) -> value, as last read; empty before the first read. */
  metrics: Record<string, number | null>;
  /** `not_enough_viewers` when the platform said so. */
  reason: string | null;
  /** When the metrics were read; null until a read succeeded. */
  fetchedAt: number | null;
  /** When the platform was last asked, whatever it answered. */
  checkedAt: number;
  errorCode: string | null;
  errorMessage: string | null;
}

/** What a read of the platform changes. */
export type PostInsightsChanges = Partial<
  Pick<
    PostInsightsRecord,
    'metrics' | 'reason' | 'fetchedAt' | 'checkedAt' | 'errorCode' | 'errorMessage'
  >
>;

const withInsights = (db: Db) => db.withTables<{ post_insights: PostInsightsTable }>();

function decode(row: PostInsightsTable): PostInsightsRecord {
  let metrics: Record<string, number | null> = {};
  try {
    const parsed: unknown = JSON.parse(row.metrics);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      metrics = Object.fromEntries(
        Object.entries(parsed).map(([name, value]) => [
          name,
          typeof value === 'number' ? value : null,
        ]),
      );
    }
  } catch {
    // A damaged row reads as no metrics; the next read replaces it.
  }
  return {
    targetId: row.target_id,
    projectId: row.project_id,
    integrationId: row.integration_id,
    platformPostId: row.platform_post_id,
    metrics,
    reason: row.reason,
    fetchedAt: row.fetched_at === null ? null : Number(row.fetched_at),
    checkedAt: Number(row.checked_at),
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

/**
 * The stored insights of these targets, by target id.
 *
 * @example
 * ```ts
 * const stored = await findInsightsOfTargets(db, targets.map((target) => target.id));
 * ```
 */
export async function findInsightsOfTargets(
  db: Db,
  targetIds: readonly string[],
): Promise<Map<string, PostInsightsRecord>> {
  if (targetIds.length === 0) return new Map();
  const rows = await withInsights(db)
    .selectFrom('post_insights')
    .selectAll()
    .where('target_id', 'in', targetIds)
    .execute();
  return new Map(rows.map((row) => [row.target_id, decode(row)]));
}

/**
 * Claims the next read of a target's insights: true when this caller should ask the
 * platform now. A target never read is claimed by inserting its row; a stored one when
 * it was last asked at or before `staleBefore` (`null`: whenever, for a forced read) or
 * when it holds another media's metrics. Of several concurrent requests, one wins.
 *
 * @example
 * ```ts
 * if (await claimInsightsRead(db, key, now, now - POST_INSIGHTS_MAX_AGE_MS)) await read();
 * ```
 */
export async function claimInsightsRead(
  db: Db,
  key: { targetId: string; projectId: string; integrationId: string; platformPostId: string },
  now: number,
  staleBefore: number | null,
): Promise<boolean> {
  const inserted = await withInsights(db)
    .insertInto('post_insights')
    .values({
      target_id: key.targetId,
      project_id: key.projectId,
      integration_id: key.integrationId,
      platform_post_id: key.platformPostId,
      metrics: '{}',
      reason: null,
      fetched_at: null,
      checked_at: now,
      error_code: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('target_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  let claim = withInsights(db)
    .updateTable('post_insights')
    .set({ checked_at: now, updated_at: now })
    .where('target_id', '=', key.targetId);
  if (staleBefore !== null) {
    claim = claim.where((eb) =>
      eb.or([
        eb('checked_at', '<=', staleBefore),
        eb('platform_post_id', '!=', key.platformPostId),
      ]),
    );
  }
  const updated = await claim.executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Writes what a read learned; `platformPostId` names the media read, so a target
 * published again does not keep its former media's metrics.
 *
 * @example
 * ```ts
 * await saveInsightsRead(db, target.id, target.platformPostId, { metrics, fetchedAt: now });
 * ```
 */
export async function saveInsightsRead(
  db: Db,
  targetId: string,
  platformPostId: string,
  changes: PostInsightsChanges,
  now: number,
): Promise<void> {
  await withInsights(db)
    .updateTable('post_insights')
    .set({
      platform_post_id: platformPostId,
      ...(changes.metrics !== undefined ? { metrics: JSON.stringify(changes.metrics) } : {}),
      ...(changes.reason !== undefined ? { reason: changes.reason } : {}),
      ...(changes.fetchedAt !== undefined ? { fetched_at: changes.fetchedAt } : {}),
      ...(changes.checkedAt !== undefined ? { checked_at: changes.checkedAt } : {}),
      ...(changes.errorCode !== undefined ? { error_code: changes.errorCode } : {}),
      ...(changes.errorMessage !== undefined ? { error_message: changes.errorMessage } : {}),
      updated_at: now,
    })
    .where('target_id', '=', targetId)
    .execute();
}

/**
 * Deletes the stored insights of these projects (erasing a user and everything they own).
 *
 * @example
 * ```ts
 * await deleteInsightsOfProjects(trx, projectIds);
 * ```
 */
export async function deleteInsightsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await withInsights(db)
    .deleteFrom('post_insights')
    .where('project_id', 'in', projectIds)
    .execute();
}

/**
 * Deletes the stored insights read through these accounts (a platform user's data
 * deletion request).
 *
 * @example
 * ```ts
 * await deleteInsightsOfIntegrations(trx, [integration.id]);
 * ```
 */
export async function deleteInsightsOfIntegrations(
  db: Db,
  integrationIds: readonly string[],
): Promise<void> {
  if (integrationIds.length === 0) return;
  await withInsights(db)
    .deleteFrom('post_insights')
    .where('integration_id', 'in', integrationIds)
    .execute();
}
