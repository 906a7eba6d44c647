/**
 * Snippets: captions and hashtag groups kept per project.
 */
import type { SnippetKind } from '@reelay/core';
import type { Db, SnippetsTable } from './schema';

export interface SnippetRecord {
  id: string;
  projectId: string;
  kind: SnippetKind;
  title: string;
  text: string;
  createdAt: number;
  updatedAt: number;
}

function decode(row: SnippetsTable): SnippetRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function insertSnippet(db: Db, snippet: SnippetRecord): Promise<void> {
  await db
    .insertInto('snippets')
    .values({
      id: snippet.id,
      project_id: snippet.projectId,
      kind: snippet.kind,
      title: snippet.title,
      text: snippet.text,
      created_at: snippet.createdAt,
      updated_at: snippet.updatedAt,
    })
    .execute();
}

export async function listSnippets(
  db: Db,
  projectId: string,
  kind: SnippetKind | undefined,
): Promise<SnippetRecord[]> {
  let query = db.selectFrom('snippets').selectAll().where('project_id', '=', projectId);
  if (kind) query = query.where('kind', '=', kind);
  return (await query.orderBy('title').orderBy('id').execute()).map(decode);
}

export async function countSnippets(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('snippets')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findSnippet(
  db: Db,
  projectId: string,
  id: string,
): Promise<SnippetRecord | undefined> {
  const row = await db
    .selectFrom('snippets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

export async function updateSnippet(
  db: Db,
  id: string,
  changes: { title?: string | undefined; text?: string | undefined; updatedAt: number },
): Promise<void> {
  await db
    .updateTable('snippets')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.text !== undefined ? { text: changes.text } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a snippet of the project; answers whether there was one. */
export async function deleteSnippet(db: Db, projectId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('snippets')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Erasing projects: their snippets go with them. */
export async function deleteSnippetsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('snippets').where('project_id', 'in', projectIds).execute();
}
