/**
 * Media rows of a project, and the queue of stored files to delete once their rows are
 * gone. The queue exists because files live outside the database: erasing an account
 * deletes rows in one transaction and queues the files in that same transaction, so a
 * storage outage or a crash delays the deletion but never forgets it.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
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
  /** `true`: only media no post uses; `false`: only media some post uses. */
  unused?: boolean | undefined;
  /** Part of the file name, any case. */
  q?: string | undefined;
}

type MediaFilter = (eb: ExpressionBuilder<Database, 'media'>) => Expression<SqlBool>;

/**
 * Whether no post uses the media: no link in `post_media` (written with every post, of any
 * status, in the post's own transaction).
 */
const noPostUses: MediaFilter = () =>
  sql<SqlBool>`not exists (select 1 from post_media where post_media.project_id = media.project_id and post_media.media_id = media.id)`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filteredMedia(db: Db, projectId: string, filters: MediaFilters) {
  let query = db.selectFrom('media').where('project_id', '=', projectId);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  if (filters.unused !== undefined) {
    const unused = filters.unused;
    query = query.where((eb) => (unused ? noPostUses(eb) : eb.not(noPostUses(eb))));
  }
  if (filters.q !== undefined) {
    // lower() on both sides: PostgreSQL's LIKE tells case apart, SQLite's does not.
    const pattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb(sql`lower(coalesce(file_name, ''))`, 'like', sql`${pattern} escape '\\'`),
    );
  }
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

/**
 * Sets whether a person keeps the media; false when the project has no such media.
 *
 * @example
 * ```ts
 * if (!(await setMediaKeep(db, projectId, mediaId, true))) throw notFound();
 * ```
 */
export async function setMediaKeep(
  db: Db,
  projectId: string,
  id: string,
  keep: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ keep: Number(keep) })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Media the cleanup may delete: unkept, created before `cutoff`, used by no post. */
const unusedBefore =
  (cutoff: number): MediaFilter =>
  (eb) =>
    eb.and([eb('keep', '=', 0), eb('created_at', '<', cutoff), noPostUses(eb)]);

/**
 * Ids of media, of any project, that the cleanup of unused media may delete: unkept,
 * created before `cutoff`, used by no post; oldest first.
 *
 * @example
 * ```ts
 * const ids = await findUnusedMedia(db, now - 7 * DAY, 100);
 * ```
 */
export async function findUnusedMedia(db: Db, cutoff: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where(unusedBefore(cutoff))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes those of these media that are still unused, unkept and older than `cutoff`, and
 * queues their files, in the caller's transaction; returns the ids deleted.
 *
 * The rows are first locked as a deletion locks them (`FOR UPDATE`): a post taking the
 * media holds a shared lock until it commits (`publishing/held-media.ts`), so the lock
 * waits for it, and the condition, checked again by the statements after the lock, then
 * sees its link. A post coming after the lock waits for this transaction and then finds
 * the media gone (refused as an unknown `mediaId`): never a post pointing at a deleted
 * file, never a used media deleted. A `keep` set meanwhile is seen the same way. SQLite
 * runs one write transaction at a time, so the check cannot go stale there.
 *
 * @example
 * ```ts
 * const deleted = await db.transaction().execute((trx) =>
 *   eraseUnusedMedia(trx, capabilities, ids, cutoff, clock.now()),
 * );
 * ```
 */
export async function eraseUnusedMedia(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  ids: readonly string[],
  cutoff: number,
  now: number,
): Promise<string[]> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return [];
  // In id order, as lockMedia locks, so two lockers cannot wait on each other.
  let lock = db.selectFrom('media').select('id').where('id', 'in', sorted).orderBy('id');
  if (capabilities.rowLocks) lock = lock.forUpdate();
  await lock.execute();
  const still = await db
    .selectFrom('media')
    .select('id')
    .where('id', 'in', sorted)
    .where(unusedBefore(cutoff))
    .execute();
  const confirmed = still.map((row) => row.id);
  if (confirmed.length === 0) return [];
  await eraseMediaWhere(db, (eb) => eb('id', 'in', confirmed), now);
  return confirmed;
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
