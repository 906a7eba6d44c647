/**
 * The media library: which posts use which media, one row per post and media item (a
 * carousel holding the same media twice is one row). Posts keep their items in the JSON
 * column `posts.media_items`; this table answers "which posts use this media" with an
 * index, and is what deleting a media checks and locks against. Existing posts are
 * linked here from their JSON. Frozen.
 */
import type { Kysely } from 'kysely';
import { forEachKeyRange } from './key-batches';

// Posts per slice: each carries its JSON list of media, and the links of a slice are
// inserted as one statement, whose parameters SQLite limits.
const BATCH = 200;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_media')
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('media_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_media_pk', ['post_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('post_media_media')
    .on('post_media')
    .columns(['project_id', 'media_id'])
    .execute();

  // A slice of posts at a time, so memory stays flat whatever the number of posts. Each
  // post's links depend on that post alone, so the slices add up to the whole.
  await forEachKeyRange(db, 'posts', 'id', BATCH, async ({ after, upTo }) => {
    let slice = db
      .selectFrom('posts')
      .select(['id', 'project_id', 'media_items'])
      .where('id', '<=', upTo);
    if (after !== null) slice = slice.where('id', '>', after);
    const posts: Array<{ id: string; project_id: string; media_items: string }> =
      await slice.execute();
    const rows = posts.flatMap((post) =>
      mediaIdsOf(post.media_items).map((mediaId) => ({
        post_id: post.id,
        media_id: mediaId,
        project_id: post.project_id,
      })),
    );
    if (rows.length > 0) await db.insertInto('post_media').values(rows).execute();
  });
}

/** The distinct `mediaId`s of a stored `media_items` list; anything unreadable links nothing. */
function mediaIdsOf(json: string): string[] {
  let items: unknown;
  try {
    items = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  const ids = items
    .map((item: { mediaId?: unknown } | null) => item?.mediaId)
    .filter((id): id is string => typeof id === 'string');
  return [...new Set(ids)];
}
