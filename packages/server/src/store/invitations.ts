/**
 * Invitations to a project: the e-mail and role offered, and the hash of the single-use
 * token its address carries (the token itself is shown once and never stored).
 */
import type { AssignableRole } from '@reelay/core';
import type { Db, InvitationsTable } from './schema';

/** A stored invitation. */
export interface InvitationRecord {
  id: string;
  projectId: string;
  email: string;
  role: AssignableRole;
  tokenHash: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  acceptedBy: string | null;
}

function decodeInvitation(row: InvitationsTable): InvitationRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    email: row.email,
    role: row.role as AssignableRole,
    tokenHash: row.token_hash,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    acceptedBy: row.accepted_by,
  };
}

export async function insertInvitation(db: Db, invitation: InvitationRecord): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      id: invitation.id,
      project_id: invitation.projectId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      accepted_at: invitation.acceptedAt,
      accepted_by: invitation.acceptedBy,
    })
    .execute();
}

/** The project's invitations not yet accepted and not expired at `now`, oldest first. */
export async function listPendingInvitations(
  db: Db,
  projectId: string,
  now: number,
): Promise<InvitationRecord[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(decodeInvitation);
}

export async function findInvitationByHash(
  db: Db,
  tokenHash: string,
): Promise<InvitationRecord | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && decodeInvitation(row);
}

/** Deletes a pending invitation of the project; answers whether there was one. */
export async function deletePendingInvitation(
  db: Db,
  projectId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks the invitation accepted by a user, unless it already was: answers whether this
 * call accepted it (two acceptances at once: one wins).
 */
export async function markInvitationAccepted(
  db: Db,
  id: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
