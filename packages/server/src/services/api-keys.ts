/**
 * API keys of a project (spec §4): list, create (the key is shown once, with its role),
 * revoke. They are an admin's: a project not shared with the user is refused with 403
 * (spec §5 rule 4), a lesser role with `ROLE_REQUIRED`. The route checks it first; the
 * service checks again, so no other caller can skip it.
 */
import { newId, ReelayError, roleMeets, type ApiKeyRole } from '@reelay/core';
import type { Clock } from '../clock';
import { generateApiKey } from '../security/api-keys';
import {
  findApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRecord,
} from '../store/api-keys';
import type { Db } from '../store/schema';
import { findMemberRole } from '../store/project-members';
import { notOwned } from './account';

export type { ApiKeyRecord };

export interface ApiKeysService {
  list(userId: string, projectId: string): Promise<ApiKeyRecord[]>;
  /** The stored key and, this once, the key itself. */
  create(
    userId: string,
    projectId: string,
    key: { name: string | null; role: ApiKeyRole },
  ): Promise<{ record: ApiKeyRecord; key: string }>;
  /** Revokes the key and answers it as stored afterwards. */
  revoke(userId: string, projectId: string, keyId: string): Promise<ApiKeyRecord>;
}

/**
 * @example
 * ```ts
 * const apiKeys = createApiKeysService({ db, clock });
 * const { record, key } = await apiKeys.create(userId, projectId, { name: 'CI', role: 'editor' });
 * ```
 */
export function createApiKeysService(deps: { db: Db; clock: Clock }): ApiKeysService {
  const { db, clock } = deps;

  /** The project, when the user administers it. */
  async function ownedProject(projectId: string, userId: string): Promise<string> {
    const role = await findMemberRole(db, projectId, userId);
    if (!role) throw notOwned('projeto');
    if (!roleMeets(role, 'admin')) {
      throw new ReelayError('ROLE_REQUIRED', { details: { role, required: 'admin' } });
    }
    return projectId;
  }

  return {
    async list(userId, projectId) {
      return listApiKeys(db, await ownedProject(projectId, userId));
    },

    async create(userId, projectId, { name, role }) {
      const project = await ownedProject(projectId, userId);
      const now = clock.now();
      const generated = generateApiKey();
      const record: ApiKeyRecord = {
        id: newId('apiKey', now),
        projectId: project,
        name,
        prefix: generated.prefix,
        keyHash: generated.hash,
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
        role,
      };
      await insertApiKey(db, record);
      return { record, key: generated.key };
    },

    async revoke(userId, projectId, keyId) {
      const project = await ownedProject(projectId, userId);
      if (!(await findApiKey(db, project, keyId))) {
        throw new ReelayError('NOT_FOUND', {
          message: 'Chave de API não encontrada neste projeto.',
        });
      }
      await revokeApiKey(db, project, keyId, clock.now());
      return (await findApiKey(db, project, keyId))!;
    },
  };
}
