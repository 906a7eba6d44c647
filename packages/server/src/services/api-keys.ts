/**
 * API keys of a project (spec §4): list, create (the key is shown once), revoke. A
 * project of another user is refused with 403 (spec §5 rule 4).
 */
import { newId, ReelayError } from '@reelay/core';
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
import { findProjectOfUser } from '../store/users';
import { notOwned } from './account';

export type { ApiKeyRecord };

export interface ApiKeysService {
  list(userId: string, projectId: string): Promise<ApiKeyRecord[]>;
  /** The stored key and, this once, the key itself. */
  create(
    userId: string,
    projectId: string,
    name: string | null,
  ): Promise<{ record: ApiKeyRecord; key: string }>;
  /** Revokes the key and answers it as stored afterwards. */
  revoke(userId: string, projectId: string, keyId: string): Promise<ApiKeyRecord>;
}

/**
 * @example
 * ```ts
 * const apiKeys = createApiKeysService({ db, clock });
 * const { record, key } = await apiKeys.create(userId, projectId, 'CI');
 * ```
 */
export function createApiKeysService(deps: { db: Db; clock: Clock }): ApiKeysService {
  const { db, clock } = deps;

  async function ownedProject(projectId: string, userId: string): Promise<string> {
    const project = await findProjectOfUser(db, projectId, userId);
    if (!project) throw notOwned('projeto');
    return project.id;
  }

  return {
    async list(userId, projectId) {
      return listApiKeys(db, await ownedProject(projectId, userId));
    },

    async create(userId, projectId, name) {
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
