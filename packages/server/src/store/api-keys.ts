/**
 * API keys of a project. Lookups go by hash; the secret itself is never stored.
 */
import type { ApiKeysTable, Db } from './schema';

export async function insertApiKey(db: Db, key: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(key).execute();
}

/** The key with this hash, if it exists and is not revoked. */
export function findActiveApiKeyByHash(db: Db, hash: string): Promise<ApiKeysTable | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Db, projectId: string): Promise<ApiKeysTable[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findApiKey(
  db: Db,
  projectId: string,
  id: string,
): Promise<ApiKeysTable | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
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

export async function deleteApiKeysOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('api_keys').where('project_id', 'in', projectIds).execute();
}
