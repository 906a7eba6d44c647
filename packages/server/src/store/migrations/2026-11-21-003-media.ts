/**
 * Media accepted through `POST /v1/media`, and the queue of stored files to delete once
 * their rows are gone (erased accounts). Frozen: later changes go in new migrations.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('mime', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('duration_seconds', 'double precision')
    .addColumn('fps', 'double precision')
    .addColumn('bitrate', 'bigint')
    .addColumn('video_codec', 'text')
    .addColumn('audio_codec', 'text')
    .addColumn('moov_before_mdat', 'integer')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('public_token', 'text', (column) => column.notNull().unique())
    .addColumn('rendition_key', 'text')
    .addColumn('rendition_size', 'bigint')
    .addColumn('source_url', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('media_project')
    .on('media')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('media_erasures')
    .addColumn('storage_key', 'text', (column) => column.primaryKey())
    .addColumn('queued_at', 'bigint', (column) => column.notNull())
    .execute();
}
