/**
 * The list indexes of profiles and connected accounts, as every database has them: lists
 * sort by (created_at, id), and the indexes carry `id` so rows come out sorted. A database
 * created by the first release got them without `id` (migration 001 gained it later, in
 * place), so they are made again here; elsewhere this rebuilds the same index, on tables
 * of a few rows per project. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['profiles', 'integrations']) {
    const name = `${table}_project`;
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(['project_id', 'created_at', 'id'])
      .execute();
  }
}
