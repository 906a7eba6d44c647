/**
 * Feeds a project follows, and the items already seen of each; rows are encoded and
 * decoded here only.
 */
import type { FeedMode, FeedStatus } from '@reelay/core';
import type { Actor } from './activity';
import type { Db, FeedsTable } from './schema';

/** What went wrong, as answers show it. */
export interface FeedError {
  code: string;
  message: string;
}

export interface FeedRecord {
  id: string;
  projectId: string;
  url: string;
  title: string | null;
  mode: FeedMode;
  captionTemplate: string;
  /** Empty when the feed follows a profile. */
  integrationIds: string[];
  profileId: string | null;
  status: FeedStatus;
  pausedReason: string | null;
  consecutiveFailures: number;
  etag: string | null;
  lastModified: string | null;
  lastCheckedAt: number | null;
  lastError: FeedError | null;
  nextCheckAt: number | null;
  createdBy: Actor;
  createdAt: number;
  updatedAt: number;
}

export type FeedChanges = Partial<
  Omit<FeedRecord, 'id' | 'projectId' | 'createdBy' | 'createdAt'>
> & { updatedAt: number };

function decode(row: FeedsTable): FeedRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    title: row.title,
    mode: row.mode,
    captionTemplate: row.caption_template,
    integrationIds: JSON.parse(row.integration_ids) as string[],
    profileId: row.profile_id,
    status: row.status,
    pausedReason: row.paused_reason,
    consecutiveFailures: row.consecutive_failures,
    etag: row.etag,
    lastModified: row.last_modified,
    lastCheckedAt: row.last_checked_at === null ? null : Number(row.last_checked_at),
    lastError: row.last_error === null ? null : (JSON.parse(row.last_error) as FeedError),
    nextCheckAt: row.next_check_at === null ? null : Number(row.next_check_at),
    createdBy: JSON.parse(row.created_by) as Actor,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const COLUMNS: { [K in keyof FeedChanges]-?: keyof FeedsTable } = {
  url: 'url',
  title: 'title',
  mode: 'mode',
  captionTemplate: 'caption_template',
  integrationIds: 'integration_ids',
  profileId: 'profile_id',
  status: 'status',
  pausedReason: 'paused_reason',
  consecutiveFailures: 'consecutive_failures',
  etag: 'etag',
  lastModified: 'last_modified',
  lastCheckedAt: 'last_checked_at',
  lastError: 'last_error',
  nextCheckAt: 'next_check_at',
  updatedAt: 'updated_at',
};

/** Lists and objects are JSON text; the rest is stored as it is. */
function encodeChanges(changes: FeedChanges): Partial<FeedsTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const column = COLUMNS[field as keyof FeedChanges];
    columns[column] =
      field === 'integrationIds' || (field === 'lastError' && value !== null)
        ? JSON.stringify(value)
        : value;
  }
  return columns as Partial<FeedsTable>;
}

export async function insertFeed(db: Db, feed: FeedRecord): Promise<void> {
  // The role an actor acted with is read when its posts are created, never stored.
  const { role: _role, ...actor } = feed.createdBy;
  const { id, projectId, createdAt, createdBy: _createdBy, ...rest } = feed;
  await db
    .insertInto('feeds')
    .values({
      ...(encodeChanges(rest) as FeedsTable),
      id,
      project_id: projectId,
      created_by: JSON.stringify(actor),
      created_at: createdAt,
    })
    .execute();
}

export async function listFeeds(db: Db, projectId: string): Promise<FeedRecord[]> {
  const rows = await db
    .selectFrom('feeds')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(decode);
}

export async function countFeeds(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('feeds')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findFeed(
  db: Db,
  projectId: string,
  id: string,
): Promise<FeedRecord | undefined> {
  const row = await db
    .selectFrom('feeds')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

/** A feed by id alone, for its scheduled check. */
export async function findFeedById(db: Db, id: string): Promise<FeedRecord | undefined> {
  const row = await db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decode(row);
}

export async function updateFeed(db: Db, id: string, changes: FeedChanges): Promise<void> {
  await db.updateTable('feeds').set(encodeChanges(changes)).where('id', '=', id).execute();
}

/** Deletes a feed of the project and its items; answers whether there was one. */
export async function deleteFeed(db: Db, projectId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('feeds')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await db.deleteFrom('feed_items').where('feed_id', '=', id).execute();
  return true;
}

/** The keys among `keys` a feed has already seen. */
export async function seenItemKeys(
  db: Db,
  feedId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  // In slices, well under SQLite's limit on bound parameters.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('feed_items')
      .select('item_key')
      .where('feed_id', '=', feedId)
      .where('item_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) seen.add(row.item_key);
  }
  return seen;
}

/**
 * Records an item as seen, with its post or why none; answers false when it was
 * recorded already (a concurrent check got there first), which the primary key decides.
 */
export async function recordFeedItem(
  db: Db,
  item: {
    feedId: string;
    key: string;
    postId: string | null;
    error: FeedError | null;
    createdAt: number;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('feed_items')
    .values({
      feed_id: item.feedId,
      item_key: item.key,
      post_id: item.postId,
      error: item.error === null ? null : JSON.stringify(item.error),
      created_at: item.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['feed_id', 'item_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Erasing projects: their feeds and items go with them; answers the feeds' ids. */
export async function deleteFeedsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const feedIds = (
    await db.selectFrom('feeds').select('id').where('project_id', 'in', projectIds).execute()
  ).map((row) => row.id);
  if (feedIds.length === 0) return [];
  await db.deleteFrom('feed_items').where('feed_id', 'in', feedIds).execute();
  await db.deleteFrom('feeds').where('id', 'in', feedIds).execute();
  return feedIds;
}
