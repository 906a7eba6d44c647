/**
 * Login modes: a connected account is reached either through Instagram Login (the
 * Instagram API host, an Instagram user token) or through Facebook Login (the Graph API
 * host, through the Facebook Page linked to the professional account). Existing accounts
 * were all connected with Instagram Login. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integrations')
    // `instagram` or `facebook`.
    .addColumn('login_mode', 'text', (column) => column.notNull().defaultTo('instagram'))
    .execute();
  await db.schema
    .alterTable('integrations')
    // Facebook Login only: the Page linked to the account, whose token publishes.
    .addColumn('facebook_page_id', 'text')
    .execute();
}
