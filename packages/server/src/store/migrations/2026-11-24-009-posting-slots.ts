/**
 * Posting schedules: the weekly slots of an account or of a profile, in a time zone.
 * One row per owner; the slots are a JSON list of `{ day, time }` (wall-clock `HH:MM`),
 * resolved to instants date by date when read. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posting_schedules')
    // `integration` or `profile`.
    .addColumn('owner_kind', 'text', (column) => column.notNull())
    // The account (`int_…`) or profile (`prf_…`) id.
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    // IANA zone name the slots are read in.
    .addColumn('timezone', 'text', (column) => column.notNull())
    // JSON list of `{ day, time }`, sorted Monday first, then by time.
    .addColumn('slots', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('posting_schedules_pk', ['owner_kind', 'owner_id'])
    .execute();
  await db.schema
    .createIndex('posting_schedules_project')
    .on('posting_schedules')
    .columns(['project_id'])
    .execute();
}
