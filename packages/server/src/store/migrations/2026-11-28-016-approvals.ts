/**
 * A team's review of posts: whether editors' posts wait for approval, per project and
 * per profile (null follows the project); what a draft still lacks; and why a post was
 * last rejected. Drafts and awaiting posts reuse the posts and targets tables with their
 * own statuses. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('approval_required', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('profiles').addColumn('approval_required', 'integer').execute();
  // A JSON list of `{ field, message }`, for drafts; null otherwise.
  await db.schema.alterTable('posts').addColumn('problems', 'text').execute();
  await db.schema.alterTable('posts').addColumn('rejection_reason', 'text').execute();
}
