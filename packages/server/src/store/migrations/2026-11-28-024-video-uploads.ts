/**
 * Resumable video upload: `videos_uploaded_at` says when every uploaded video of a
 * target's current containers was complete, so later polls do not ask the upload host
 * again (it may not say what it holds: a client that cannot tell starts over from 0).
 * Null until then, and again whenever the containers are made anew. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('post_targets').addColumn('videos_uploaded_at', 'bigint').execute();
}
