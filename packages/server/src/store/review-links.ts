/**
 * Review links of posts, by the hash of the token their address carries (the token is
 * shown once and never stored).
 */
import type { Actor } from './activity';
import type { Db, ReviewLinksTable } from './schema';

/** A stored review link. */
export interface ReviewLinkRecord {
  id: string;
  projectId: string;
  postId: string;
  tokenHash: string;
  label: string | null;
  createdBy: Actor;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

function decodeReviewLink(row: ReviewLinksTable): ReviewLinkRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    postId: row.post_id,
    tokenHash: row.token_hash,
    label: row.label,
    createdBy: { kind: row.created_by_kind as Actor['kind'], id: row.created_by_id },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertReviewLink(db: Db, link: ReviewLinkRecord): Promise<void> {
  await db
    .insertInto('review_links')
    .values({
      id: link.id,
      project_id: link.projectId,
      post_id: link.postId,
      token_hash: link.tokenHash,
      label: link.label,
      created_by_kind: link.createdBy.kind,
      created_by_id: link.createdBy.id,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      revoked_at: link.revokedAt,
    })
    .execute();
}

/** A post's links neither revoked nor expired at `now`, oldest first. */
export async function listLiveReviewLinks(
  db: Db,
  postId: string,
  now: number,
): Promise<ReviewLinkRecord[]> {
  const rows = await db
    .selectFrom('review_links')
    .selectAll()
    .where('post_id', '=', postId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(decodeReviewLink);
}

export async function findReviewLinkByHash(
  db: Db,
  tokenHash: string,
): Promise<ReviewLinkRecord | undefined> {
  const row = await db
    .selectFrom('review_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && decodeReviewLink(row);
}

/** Revokes a live link of the project; answers whether one was. */
export async function revokeReviewLink(
  db: Db,
  projectId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('review_links')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Erasing projects: their review links go with them. */
export async function deleteReviewLinksOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('review_links').where('project_id', 'in', projectIds).execute();
}
