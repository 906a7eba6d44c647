/**
 * Records as the API shows them (spec §2): dates in ISO 8601 UTC with `Z`, absent
 * values as `null`, secrets never.
 */
import { isoTime } from '../clock';
import type { UserRecord } from '../services/account';
import type { ApiKeyRecord } from '../services/api-keys';
import type { IntegrationRecord } from '../services/integrations';
import type { ProfileRecord } from '../services/profiles';
import type { InvitationRecord, MemberRecord } from '../services/team';
import type { ActivityRecord, NoteRecord } from '../services/posts';
import type { ProjectRole } from '@reelay/core';
import type { ProjectRecord } from '../services/account';

export function presentUser(user: UserRecord) {
  return { id: user.id, email: user.email, name: user.name };
}

/** A project shared with the user, with their role in it (`/v1/me`, an accepted invitation). */
export function presentMemberProject(row: ProjectRecord & { role: ProjectRole }) {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    organizationId: row.organizationId,
    role: row.role,
  };
}

export function presentMember(row: MemberRecord) {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    joinedAt: isoTime(row.joinedAt),
  };
}

export function presentNote(row: NoteRecord) {
  return {
    id: row.id,
    postId: row.postId,
    text: row.text,
    author: row.author,
    createdAt: isoTime(row.createdAt),
  };
}

export function presentActivity(row: ActivityRecord) {
  return {
    id: row.id,
    postId: row.postId,
    action: row.action,
    fields: row.fields,
    actor: row.actor,
    createdAt: isoTime(row.createdAt),
  };
}

/** An invitation without its address, which only its creation shows. */
export function presentInvitation(row: InvitationRecord) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: isoTime(row.createdAt),
    expiresAt: isoTime(row.expiresAt),
  };
}

export function presentApiKey(row: ApiKeyRecord) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: isoTime(row.createdAt),
    lastUsedAt: isoTime(row.lastUsedAt),
    revokedAt: isoTime(row.revokedAt),
    role: row.role,
  };
}

export function presentProfile(row: ProfileRecord) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    approvalRequired: row.approvalRequired,
    createdAt: isoTime(row.createdAt),
  };
}

export function presentIntegration(row: IntegrationRecord) {
  return {
    id: row.id,
    platform: 'instagram' as const,
    platformUserId: row.platformUserId,
    displayName: row.username,
    imageUrl: row.imageUrl,
    profileId: row.profileId,
    createdAt: isoTime(row.createdAt),
    authStatus: row.authStatus,
    status: row.status,
    tokenExpiresAt: isoTime(row.tokenExpiresAt),
    lastHealthCheckAt: isoTime(row.lastHealthCheckAt),
    healthError: row.healthError,
    scopes: row.scopes,
    loginMode: row.loginMode,
  };
}
