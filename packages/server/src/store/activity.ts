/**
 * The activity trail and the notes of posts: append-only rows, each written in the
 * transaction of the change it records. Reads name the actor as people know it (a
 * member's e-mail, a key's name), looked up as they are now.
 */
import { newId, type ActivityAction, type ActorKind, type ProjectRole } from '@reelay/core';
import type { Db } from './schema';
import { preparedWrite } from './prepared-queries';

/** Who did something: a member, an API key, a review link, or the server itself. */
export interface Actor {
  kind: ActorKind;
  /** The user's, the key's or the link's id; null for the server. */
  id: string | null;
  /**
   * The role it acts with in the project, read for this request (members and keys):
   * decides whether an editor's post waits for approval. Not stored.
   */
  role?: ProjectRole;
}

/** The server itself: publication outcomes. */
export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null };

/** An actor with the name people know it by (null when removed or unnamed). */
export interface NamedActor extends Actor {
  name: string | null;
}

export interface ActivityRecord {
  id: string;
  postId: string | null;
  action: ActivityAction;
  fields: string[] | null;
  actor: NamedActor;
  createdAt: number;
}

export interface NoteRecord {
  id: string;
  postId: string;
  text: string;
  author: NamedActor;
  createdAt: number;
}

/**
 * Records one thing done, inside the caller's transaction.
 *
 * @example
 * ```ts
 * await recordActivity(trx, { projectId, postId, action: 'edited', fields: ['content'], actor, now });
 * ```
 */
export interface ActivityEntry {
  projectId: string;
  postId: string | null;
  action: ActivityAction;
  fields?: readonly string[] | undefined;
  actor: Actor;
  now: number;
}

/**
 * An entry's row, as {@link recordActivity} writes it (for a statement that writes it
 * with others).
 *
 * @example
 * ```ts
 * const row = activityRow({ projectId, postId, action: 'published', actor: SYSTEM_ACTOR, now });
 * ```
 */
export function activityRow(entry: ActivityEntry) {
  return {
    id: newId('activity', entry.now),
    project_id: entry.projectId,
    post_id: entry.postId,
    action: entry.action,
    fields: entry.fields ? JSON.stringify(entry.fields) : null,
    actor_kind: entry.actor.kind,
    actor_id: entry.actor.id,
    created_at: entry.now,
  };
}

export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await preparedWrite(db, 'record-activity', activityRow(entry), (v) =>
    db.insertInto('activity').values(v),
  );
}

/** Actor columns with their names: a member's e-mail, a key's name, a review link's label. */
function named(
  kind: string,
  id: string | null,
  names: { email: string | null; key_name: string | null; link_label: string | null },
) {
  const name =
    kind === 'member'
      ? names.email
      : kind === 'key'
        ? names.key_name
        : kind === 'review_link'
          ? names.link_label
          : null;
  return { kind: kind as ActorKind, id, name };
}

/**
 * A page of the project's activity, newest first, or a post's, oldest first.
 *
 * @example
 * ```ts
 * await listActivity(db, projectId, { postId }, { limit: 50, offset: 0, order: 'asc' });
 * ```
 */
export async function listActivity(
  db: Db,
  projectId: string,
  filters: { postId?: string | undefined; actorId?: string | undefined },
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ total: number; entries: ActivityRecord[] }> {
  let query = db.selectFrom('activity').where('activity.project_id', '=', projectId);
  if (filters.postId !== undefined) query = query.where('activity.post_id', '=', filters.postId);
  if (filters.actorId !== undefined) query = query.where('activity.actor_id', '=', filters.actorId);
  const rows = await query
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'activity.actor_id').on('activity.actor_kind', '=', 'member'),
    )
    .leftJoin('api_keys', (join) =>
      join.onRef('api_keys.id', '=', 'activity.actor_id').on('activity.actor_kind', '=', 'key'),
    )
    .leftJoin('review_links', (join) =>
      join
        .onRef('review_links.id', '=', 'activity.actor_id')
        .on('activity.actor_kind', '=', 'review_link'),
    )
    .select([
      'activity.id',
      'activity.post_id',
      'activity.action',
      'activity.fields',
      'activity.actor_kind',
      'activity.actor_id',
      'activity.created_at',
      'users.email',
      'api_keys.name as key_name',
      'review_links.label as link_label',
    ])
    .orderBy('activity.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const [count] = await query.select((eb) => eb.fn.countAll<number>().as('count')).execute();
  return {
    total: Number(count?.count ?? 0),
    entries: rows.map((row) => ({
      id: row.id,
      postId: row.post_id,
      action: row.action as ActivityAction,
      fields: row.fields === null ? null : (JSON.parse(row.fields) as string[]),
      actor: named(row.actor_kind, row.actor_id, row),
      createdAt: row.created_at,
    })),
  };
}

export async function insertNote(
  db: Db,
  note: { id: string; projectId: string; postId: string; text: string; author: Actor; now: number },
): Promise<void> {
  await db
    .insertInto('post_notes')
    .values({
      id: note.id,
      project_id: note.projectId,
      post_id: note.postId,
      author_kind: note.author.kind,
      author_id: note.author.id,
      text: note.text,
      created_at: note.now,
    })
    .execute();
}

/** A post's notes, oldest first; with `noteId`, only that one. */
export async function listNotes(db: Db, postId: string, noteId?: string): Promise<NoteRecord[]> {
  const rows = await db
    .selectFrom('post_notes')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'post_notes.author_id')
        .on('post_notes.author_kind', '=', 'member'),
    )
    .leftJoin('api_keys', (join) =>
      join
        .onRef('api_keys.id', '=', 'post_notes.author_id')
        .on('post_notes.author_kind', '=', 'key'),
    )
    .leftJoin('review_links', (join) =>
      join
        .onRef('review_links.id', '=', 'post_notes.author_id')
        .on('post_notes.author_kind', '=', 'review_link'),
    )
    .select([
      'post_notes.id',
      'post_notes.post_id',
      'post_notes.text',
      'post_notes.author_kind',
      'post_notes.author_id',
      'post_notes.created_at',
      'users.email',
      'api_keys.name as key_name',
      'review_links.label as link_label',
    ])
    .where('post_notes.post_id', '=', postId)
    .$if(noteId !== undefined, (query) => query.where('post_notes.id', '=', noteId!))
    .orderBy('post_notes.created_at')
    .orderBy('post_notes.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    postId: row.post_id,
    text: row.text,
    author: named(row.author_kind, row.author_id, row),
    createdAt: row.created_at,
  }));
}

/** Erasing projects: their notes and activity go with them. */
export async function deleteActivityOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('post_notes').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('activity').where('project_id', 'in', projectIds).execute();
}
