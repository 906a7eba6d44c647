/**
 * Stored rows as the API shows them (spec §2): dates in ISO 8601 UTC with `Z`, absent
 * values as `null`, secrets never.
 */
import { isoTime } from '../clock';
import type { ApiKeyRecord } from '../services/api-keys';
import type { IntegrationRecord } from '../services/integrations';
import type { ProfileRecord } from '../services/profiles';

export function presentApiKey(row: ApiKeyRecord) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: isoTime(row.created_at),
    lastUsedAt: isoTime(row.last_used_at),
    revokedAt: isoTime(row.revoked_at),
  };
}

export function presentProfile(row: ProfileRecord) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: isoTime(row.created_at),
  };
}

export function presentIntegration(row: IntegrationRecord) {
  return {
    id: row.id,
    platform: 'instagram' as const,
    platformUserId: row.platform_user_id,
    displayName: row.username,
    imageUrl: row.image_url,
    profileId: row.profile_id,
    createdAt: isoTime(row.created_at),
    authStatus: row.auth_status,
    status: row.status,
    tokenExpiresAt: isoTime(row.token_expires_at),
    lastHealthCheckAt: isoTime(row.last_health_check_at),
    healthError: row.health_error,
    scopes: row.scopes,
  };
}
