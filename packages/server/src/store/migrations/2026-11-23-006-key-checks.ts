/**
 * Key checks: one row per server key that encrypts data at rest, holding a fingerprint
 * of that key (an HMAC of a constant under it, which reveals nothing about the key). A
 * start with another key is refused instead of writing secrets nobody can read together.
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('key_checks')
    // What the key is for: `encryption` (platform tokens and webhook secrets).
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}
