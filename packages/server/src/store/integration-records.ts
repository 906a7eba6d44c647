/**
 * Connected accounts as the rest of the server sees them: camelCase, scopes as a list,
 * statuses typed with the core's unions. Rows are encoded and decoded here only, so no
 * stored column is named or parsed outside the store.
 */
import type { AUTH_STATUSES, CONNECTION_STATUSES, LoginMode } from '@reelay/core';
import type { IntegrationsTable } from './schema';

/** Whether the account's token may be used, or a person must reconnect it first. */
export type IntegrationAuthStatus = (typeof AUTH_STATUSES)[number];

/** The outcome of the last health check (spec §2 "Connection health"). */
export type IntegrationStatus = (typeof CONNECTION_STATUSES)[number];

/** A connected account. Times are milliseconds since the epoch. */
export interface IntegrationRecord {
  id: string;
  projectId: string;
  profileId: string | null;
  platform: string;
  /** The professional account id (`user_id` of `/me`). */
  platformUserId: string;
  /** The app-scoped id from the code exchange; deauthorize and deletion callbacks name it. */
  platformScopedId: string | null;
  username: string | null;
  name: string | null;
  imageUrl: string | null;
  accountType: string | null;
  /** The encrypted long-lived token; null once disconnected or erased. */
  accessToken: string | null;
  tokenIssuedAt: number | null;
  tokenExpiresAt: number | null;
  tokenRefreshedAt: number | null;
  scopes: string[];
  authStatus: IntegrationAuthStatus;
  status: IntegrationStatus;
  lastHealthCheckAt: number | null;
  /** `CODE: message` of the last failure. */
  healthError: string | null;
  /** Instagram Login or Facebook Login: which host and which token reach the account. */
  loginMode: LoginMode;
  /** Facebook Login only: the Page linked to the account. */
  facebookPageId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What an update may change. */
export type IntegrationChanges = Partial<Omit<IntegrationRecord, 'id' | 'projectId' | 'createdAt'>>;

/** The column of each field; `satisfies` keeps the two lists in step. */
const COLUMNS = {
  id: 'id',
  projectId: 'project_id',
  profileId: 'profile_id',
  platform: 'platform',
  platformUserId: 'platform_user_id',
  platformScopedId: 'platform_scoped_id',
  username: 'username',
  name: 'name',
  imageUrl: 'image_url',
  accountType: 'account_type',
  accessToken: 'access_token',
  tokenIssuedAt: 'token_issued_at',
  tokenExpiresAt: 'token_expires_at',
  tokenRefreshedAt: 'token_refreshed_at',
  scopes: 'scopes',
  authStatus: 'auth_status',
  status: 'status',
  lastHealthCheckAt: 'last_health_check_at',
  healthError: 'health_error',
  loginMode: 'login_mode',
  facebookPageId: 'facebook_page_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies { [K in keyof IntegrationRecord]-?: keyof IntegrationsTable };

/**
 * A stored row as a record.
 *
 * @example
 * ```ts
 * decodeIntegration(row).scopes; // ['instagram_business_basic', …]
 * ```
 */
export function decodeIntegration(row: IntegrationsTable): IntegrationRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    profileId: row.profile_id,
    platform: row.platform,
    platformUserId: row.platform_user_id,
    platformScopedId: row.platform_scoped_id,
    username: row.username,
    name: row.name,
    imageUrl: row.image_url,
    accountType: row.account_type,
    accessToken: row.access_token,
    tokenIssuedAt: row.token_issued_at,
    tokenExpiresAt: row.token_expires_at,
    tokenRefreshedAt: row.token_refreshed_at,
    scopes: JSON.parse(row.scopes) as string[],
    authStatus: row.auth_status,
    status: row.status,
    lastHealthCheckAt: row.last_health_check_at,
    healthError: row.health_error,
    loginMode: row.login_mode,
    facebookPageId: row.facebook_page_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The columns of a (partial) record: scopes as JSON. Only `undefined` is left out;
 * `null` is written as it is.
 *
 * @example
 * ```ts
 * encodeIntegrationChanges({ authStatus: 'reconnect_required' }); // { auth_status: 'reconnect_required' }
 * ```
 */
export function encodeIntegrationChanges(changes: IntegrationChanges): Partial<IntegrationsTable> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes) as Array<[keyof IntegrationRecord, unknown]>) {
    if (value === undefined) continue;
    const column = COLUMNS[key];
    if (column === undefined) throw new TypeError(`unknown integration field ${String(key)}`);
    row[column] = key === 'scopes' ? JSON.stringify(value) : value;
  }
  return row as Partial<IntegrationsTable>;
}

/** A whole record as its row. */
export function encodeIntegration(record: IntegrationRecord): IntegrationsTable {
  return encodeIntegrationChanges(record) as IntegrationsTable;
}
