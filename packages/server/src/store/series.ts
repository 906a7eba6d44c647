/**
 * Series (recurring posts) as the rest of the server sees them; rows are encoded and
 * decoded here only.
 */
import type { InstagramOptions, PostKind, PostStatus, SeriesStatus } from '@reelay/core';
import type { Actor } from './activity';
import type { StoredMediaItem } from './post-records';
import type { Db, SeriesTable } from './schema';

/** What each occurrence of a series repeats. */
export interface SeriesTemplate {
  kind: PostKind;
  content: string;
  mediaItems: StoredMediaItem[];
  platforms: Array<{ accountId: string; options: InstagramOptions }>;
}

/** An occurrence that could not be created, and why. */
export interface SkippedOccurrence {
  index: number;
  at: number;
  code: string;
  message: string;
}

export interface SeriesRecord {
  id: string;
  projectId: string;
  status: SeriesStatus;
  rrule: string;
  timezone: string;
  /** The current rule's first occurrence and that occurrence's index in the series. */
  startAt: number;
  firstIndex: number;
  generation: number;
  /** The next occurrence to create as a post; `nextAt` is null once none is left. */
  nextIndex: number;
  nextAt: number | null;
  template: SeriesTemplate;
  createdBy: Actor;
  skipped: SkippedOccurrence[];
  firstPostId: string;
  createdAt: number;
  updatedAt: number;
}

function decode(row: SeriesTable): SeriesRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    rrule: row.rrule,
    timezone: row.timezone,
    startAt: Number(row.start_at),
    firstIndex: row.first_index,
    generation: row.generation,
    nextIndex: row.next_index,
    nextAt: row.next_at === null ? null : Number(row.next_at),
    template: JSON.parse(row.template) as SeriesTemplate,
    createdBy: JSON.parse(row.created_by) as Actor,
    skipped: JSON.parse(row.skipped) as SkippedOccurrence[],
    firstPostId: row.first_post_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

type SeriesChanges = Partial<
  Pick<
    SeriesRecord,
    | 'status'
    | 'rrule'
    | 'startAt'
    | 'firstIndex'
    | 'generation'
    | 'nextIndex'
    | 'nextAt'
    | 'template'
    | 'skipped'
    | 'updatedAt'
  >
>;

function encodeChanges(changes: SeriesChanges): Partial<SeriesTable> {
  const columns: Partial<SeriesTable> = {};
  if (changes.status !== undefined) columns.status = changes.status;
  if (changes.rrule !== undefined) columns.rrule = changes.rrule;
  if (changes.startAt !== undefined) columns.start_at = changes.startAt;
  if (changes.firstIndex !== undefined) columns.first_index = changes.firstIndex;
  if (changes.generation !== undefined) columns.generation = changes.generation;
  if (changes.nextIndex !== undefined) columns.next_index = changes.nextIndex;
  if (changes.nextAt !== undefined) columns.next_at = changes.nextAt;
  if (changes.template !== undefined) columns.template = JSON.stringify(changes.template);
  if (changes.skipped !== undefined) columns.skipped = JSON.stringify(changes.skipped);
  if (changes.updatedAt !== undefined) columns.updated_at = changes.updatedAt;
  return columns;
}

export async function insertSeries(db: Db, series: SeriesRecord): Promise<void> {
  // The role an actor acted with is read per request, never stored.
  const { role: _role, ...actor } = series.createdBy;
  await db
    .insertInto('series')
    .values({
      id: series.id,
      project_id: series.projectId,
      status: series.status,
      rrule: series.rrule,
      timezone: series.timezone,
      start_at: series.startAt,
      first_index: series.firstIndex,
      generation: series.generation,
      next_index: series.nextIndex,
      next_at: series.nextAt,
      template: JSON.stringify(series.template),
      created_by: JSON.stringify(actor),
      skipped: JSON.stringify(series.skipped),
      first_post_id: series.firstPostId,
      created_at: series.createdAt,
      updated_at: series.updatedAt,
    })
    .execute();
}

export async function findSeries(
  db: Db,
  projectId: string,
  id: string,
): Promise<SeriesRecord | undefined> {
  const row = await db
    .selectFrom('series')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

export async function findSeriesById(db: Db, id: string): Promise<SeriesRecord | undefined> {
  const row = await db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decode(row);
}

/**
 * Changes a series only if it is still at `generation`: a rule changed meanwhile wins,
 * and the caller reads it again. Answers whether the row was changed.
 */
export async function updateSeries(
  db: Db,
  id: string,
  generation: number,
  changes: SeriesChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('series')
    .set(encodeChanges(changes))
    .where('id', '=', id)
    .where('generation', '=', generation)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listSeries(
  db: Db,
  projectId: string,
  filters: { status?: SeriesStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ total: number; series: SeriesRecord[] }> {
  let query = db.selectFrom('series').where('project_id', '=', projectId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  const counted = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(counted?.total ?? 0), series: rows.map(decode) };
}

/** The posts of a series, by index: its occurrences created so far. */
export async function occurrencePosts(
  db: Db,
  seriesId: string,
): Promise<Array<{ id: string; index: number; status: PostStatus; scheduledFor: number | null }>> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'series_index', 'status', 'scheduled_for'])
    .where('series_id', '=', seriesId)
    .where('series_index', 'is not', null)
    .orderBy('series_index', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    index: row.series_index!,
    status: row.status,
    scheduledFor: row.scheduled_for === null ? null : Number(row.scheduled_for),
  }));
}

/** Detaches posts from their places in a series (a new rule numbers them again). */
export async function detachOccurrences(db: Db, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.updateTable('posts').set({ series_index: null }).where('id', 'in', postIds).execute();
}

export async function deleteSeriesOfProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('series').where('project_id', 'in', projectIds).execute();
}

/**
 * The active series of the project whose template names one of these media: each
 * occurrence still to come will publish them. Templates are read whole (a project has few
 * active series) so that only the decoded JSON, never a text match, decides.
 *
 * @example
 * ```ts
 * const using = await activeSeriesUsingMedia(db, projectId, ['med_1']); // Map { 'med_1' => ['ser_1'] }
 * ```
 */
export async function activeSeriesUsingMedia(
  db: Db,
  projectId: string,
  mediaIds: readonly string[],
): Promise<Map<string, string[]>> {
  const using = new Map<string, string[]>();
  if (mediaIds.length === 0) return using;
  const wanted = new Set(mediaIds);
  const rows = await db
    .selectFrom('series')
    .select(['id', 'template'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const template = JSON.parse(row.template) as SeriesTemplate;
    for (const mediaId of new Set(template.mediaItems.map((item) => item.mediaId))) {
      if (wanted.has(mediaId)) using.set(mediaId, [...(using.get(mediaId) ?? []), row.id]);
    }
  }
  return using;
}
