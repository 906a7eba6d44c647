/**
 * Media rows of a project, and the queue of stored files to delete once their rows are
 * gone. The queue exists because files live outside the database: erasing an account
 * deletes rows in one transaction and queues the files in that same transaction, so a
 * storage outage or a crash delays the deletion but never forgets it.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { StoreCapabilities } from './database';
import { encodeMedia, decodeMedia, type StoredMedia } from './media-records';
import type { Database, Db } from './schema';

export async function insertMedia(db: Db, media: StoredMedia): Promise<void> {
  await db.insertInto('media').values(encodeMedia(media)).execute();
}

/** The media of a project by id; another project's media is not found. */
export async function findMedia(
  db: Db,
  projectId: string,
  id: string,
): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('media')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeMedia(row);
}

export interface MediaFilters {
  type?: StoredMedia['type'] | undefined;
}

function filteredMedia(db: Db, projectId: string, filters: MediaFilters) {
  let query = db.selectFrom('media').where('project_id', '=', projectId);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  return query;
}

/**
 * A page of the project's media by creation time, and how many there are in all.
 *
 * @example
 * ```ts
 * const { total, rows } = await listMedia(db, projectId, { type: 'video' }, { limit: 20, offset: 0, sort: 'desc' });
 * ```
 */
export async function listMedia(
  db: Db,
  projectId: string,
  filters: MediaFilters,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: StoredMedia[] }> {
  const rows = await filteredMedia(db, projectId, filters)
    .selectAll()
    .orderBy('created_at', page.sort)
    .orderBy('id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
    .then((found) => found.map(decodeMedia));
  // A short page that is not past the end tells the total without counting.
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, rows };
  }
  const count = await filteredMedia(db, projectId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), rows };
}

/**
 * Locks media of a project until the transaction ends, in id order, and answers which of
 * them still exist. `share` is taken by a post about to use them (any number at once),
 * `update` by the deletion, which waits for those posts and makes them wait. Without row
 * locks (SQLite) one write transaction runs at a time already.
 *
 * @example
 * ```ts
 * const present = await lockMedia(trx, capabilities, projectId, [mediaId], 'share');
 * if (!present.has(mediaId)) throw validationError([...]);
 * ```
 */
export async function lockMedia(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  projectId: string,
  ids: readonly string[],
  mode: 'share' | 'update',
): Promise<Set<string>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Set();
  let query = db
    .selectFrom('media')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', sorted)
    .orderBy('id');
  // KEY SHARE conflicts with the deletion's FOR UPDATE only, not with rendition updates.
  if (capabilities.rowLocks) query = mode === 'share' ? query.forKeyShare() : query.forUpdate();
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** The media whose public URL carries this token. */
export async function findMediaByToken(db: Db, token: string): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('media')
    .selectAll()
    .where('public_token', '=', token)
    .executeTakeFirst();
  return row && decodeMedia(row);
}

export async function setMediaRendition(
  db: Db,
  id: string,
  key: string,
  size: number,
): Promise<void> {
  await db
    .updateTable('media')
    .set({ rendition_key: key, rendition_size: size })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes the media rows of these projects and queues their files for deletion, in the
 * caller's transaction. Returns the queued storage keys.
 */
export async function eraseMediaOfProjects(
  db: Db,
  projectIds: readonly string[],
  now: number,
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  return eraseMediaWhere(db, (eb) => eb('project_id', 'in', projectIds), now);
}

/**
 * Deletes some media of a project (media nothing refers to, such as the imports of a
 * refused post) and queues their files for deletion. Returns the queued storage keys.
 */
export async function eraseMedia(
  db: Db,
  projectId: string,
  ids: readonly string[],
  now: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  return eraseMediaWhere(
    db,
    (eb) => eb.and([eb('project_id', '=', projectId), eb('id', 'in', ids)]),
    now,
  );
}

type MediaFilter = (eb: ExpressionBuilder<Database, 'media'>) => Expression<SqlBool>;

async function eraseMediaWhere(db: Db, filter: MediaFilter, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('media')
    .select(['storage_key', 'rendition_key'])
    .where(filter)
    .execute();
  const keys = rows.flatMap((row) =>
    row.rendition_key ? [row.storage_key, row.rendition_key] : [row.storage_key],
  );
  if (keys.length > 0) {
    await db
      .insertInto('media_erasures')
      .values(keys.map((storage_key) => ({ storage_key, queued_at: now })))
      .onConflict((conflict) => conflict.column('storage_key').doNothing())
      .execute();
  }
  await db.deleteFrom('media').where(filter).execute();
  return keys;
}

/** Files waiting for deletion, oldest first. */
export async function listQueuedErasures(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('media_erasures')
    .select('storage_key')
    .orderBy('queued_at')
    .orderBy('storage_key')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function unqueueErasure(db: Db, key: string): Promise<void> {
  await db.deleteFrom('media_erasures').where('storage_key', '=', key).execute();
}
