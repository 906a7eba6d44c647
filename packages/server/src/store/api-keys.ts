/**
 * API keys of a project, read and written as decoded records. Lookups go by hash; the
 * secret itself is never stored.
 */
import type { ApiKeyRole } from '@reelay/core';
import { preparedRows } from './prepared-queries';
import type { ApiKeysTable, Db } from './schema';

/** A stored API key. */
export interface ApiKeyRecord {
  id: string;
  projectId: string;
  name: string | null;
  /** The first characters of the key, shown so a person can tell keys apart. */
  prefix: string;
  keyHash: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** What the key's requests may do in its project. */
  role: ApiKeyRole;
}

/**
 * A stored row as a record.
 *
 * @example
 * ```ts
 * decodeApiKey(row).revokedAt; // null
 * ```
 */
export function decodeApiKey(row: ApiKeysTable): ApiKeyRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    prefix: row.prefix,
    keyHash: row.key_hash,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    role: row.role as ApiKeyRole,
  };
}

export async function insertApiKey(db: Db, key: ApiKeyRecord): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      project_id: key.projectId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      created_at: key.createdAt,
      last_used_at: key.lastUsedAt,
      revoked_at: key.revokedAt,
      role: key.role,
    })
    .execute();
}

/**
 * The key with this hash, if it exists and is not revoked. Every keyed request asks, so
 * the read is prepared once; it still reads the database each time, so a revocation by
 * any instance counts from the next request.
 */
export async function findActiveApiKeyByHash(
  db: Db,
  hash: string,
): Promise<ApiKeyRecord | undefined> {
  const [row] = await preparedRows(db, 'api-key-by-hash', { hash }, (v) =>
    db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', v.hash)
      .where('revoked_at', 'is', null),
  );
  return row && decodeApiKey(row);
}

export async function listApiKeys(db: Db, projectId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(decodeApiKey);
}

export async function findApiKey(
  db: Db,
  projectId: string,
  id: string,
): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeApiKey(row);
}

/** Revokes once: a second revocation keeps the first `revoked_at` (spec §4, idempotent). */
export async function revokeApiKey(
  db: Db,
  projectId: string,
  id: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Records use, at most once a minute per key: a write on every request would make the
 * key table the hottest row in the database for nothing a person could notice.
 */
export async function touchApiKey(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - 60_000)]))
    .execute();
}

/**
 * Deletes every key of these projects, revoked ones included (erasing a user), and
 * answers their ids, for what else names them.
 *
 * @example
 * ```ts
 * const apiKeyIds = await deleteApiKeysOfProjects(trx, projectIds);
 * ```
 */
export async function deleteApiKeysOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .deleteFrom('api_keys')
    .where('project_id', 'in', projectIds)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
