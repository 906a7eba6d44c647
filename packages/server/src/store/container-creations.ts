/**
 * Container creations (table `container_creations`): when Reelay asked Instagram to
 * create each media container of an account, so preparation ahead of time can be held
 * within the platform's 400 containers per rolling 24 h. The table is typed here rather
 * than in the shared schema: only this repository reads it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './schema';

export interface ContainerCreationsTable {
  id: string;
  integration_id: string;
  created_at: number;
}

/** The platform's window for its container limit (reference §2 "Limits"). */
export const CONTAINER_WINDOW_MS = 24 * 60 * 60_000;

const withCreations = (db: Db) => db.withTables<{ container_creations: ContainerCreationsTable }>();

/**
 * Notes `count` container creations (made, or reserved ahead of time) for an account, and
 * forgets the account's creations that left the 24 h window.
 *
 * @example
 * ```ts
 * await recordContainerCreations(db, integrationId, 1, now);
 * ```
 */
export async function recordContainerCreations(
  db: Db,
  integrationId: string,
  count: number,
  now: number,
): Promise<void> {
  const table = withCreations(db);
  if (count > 0)
    await table
      .insertInto('container_creations')
      .values(
        Array.from({ length: count }, () => ({
          id: randomBytes(12).toString('hex'),
          integration_id: integrationId,
          created_at: now,
        })),
      )
      .execute();
  await table
    .deleteFrom('container_creations')
    .where('integration_id', '=', integrationId)
    .where('created_at', '<=', now - CONTAINER_WINDOW_MS)
    .execute();
}

/**
 * Containers created for an account in the 24 h up to `now`.
 *
 * @example
 * ```ts
 * const used = await countContainerCreations(db, integrationId, now);
 * ```
 */
export async function countContainerCreations(
  db: Db,
  integrationId: string,
  now: number,
): Promise<number> {
  const row = await withCreations(db)
    .selectFrom('container_creations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('integration_id', '=', integrationId)
    .where('created_at', '>', now - CONTAINER_WINDOW_MS)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Forgets every creation of these accounts (erasing their user): nothing would prune them
 * otherwise, as pruning happens only when the same account creates another container.
 *
 * @example
 * ```ts
 * await deleteContainerCreationsOfIntegrations(trx, integrationIds);
 * ```
 */
export async function deleteContainerCreationsOfIntegrations(
  db: Db,
  integrationIds: readonly string[],
): Promise<void> {
  if (integrationIds.length === 0) return;
  await withCreations(db)
    .deleteFrom('container_creations')
    .where('integration_id', 'in', integrationIds)
    .execute();
}

/**
 * Forgets the creations of every account that left the 24 h window. An account forgets
 * its own when it creates another container; one that never does again (disconnected,
 * or erased while a publication was still recording one) is cleared here, hourly.
 *
 * @example
 * ```ts
 * await deleteOldContainerCreations(db, now);
 * ```
 */
export async function deleteOldContainerCreations(db: Db, now: number): Promise<void> {
  await withCreations(db)
    .deleteFrom('container_creations')
    .where('created_at', '<=', now - CONTAINER_WINDOW_MS)
    .execute();
}
