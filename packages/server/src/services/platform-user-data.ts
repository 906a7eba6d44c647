/**
 * What the platform owner's callbacks do to a platform user's connections (spec §4
 * "Platform callbacks"), in every project that connected them: deauthorization erases
 * the tokens; a data-deletion request also erases the profile data and is recorded with
 * a confirmation code whose status anyone holding it can read.
 */
import { deleteCommentsOfIntegration } from '../store/comments';
import { deleteInboxRecordsOfIntegration } from '../store/inbox-records';
import { randomBytes } from 'node:crypto';
import type { LoginMode } from '@reelay/core';
import type { Clock } from '../clock';
import {
  findDataDeletionRequest,
  insertDataDeletionRequest,
  type DataDeletionRequestRecord,
} from '../store/data-deletions';
import {
  findIntegrationsOfPlatformUser,
  updateIntegration,
  type IntegrationRecord,
} from '../store/integrations';
import { deleteInsightsOfIntegrations } from '../store/post-insights';
import type { Db } from '../store/schema';

export type { DataDeletionRequestRecord } from '../store/data-deletions';

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ALL_MODES: readonly LoginMode[] = ['instagram', 'facebook'];

function confirmationCode(): string {
  return Array.from(randomBytes(16), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/**
 * The connections a callback of the app of `modes` names: Instagram Login's name the
 * account by its Instagram-scoped id (or its account id); Facebook Login's name the
 * person by their app-scoped Facebook id, which every account they connected through a
 * Page carries (reference §5). Ids of one app mean nothing to the other.
 */
async function connectionsOf(
  db: Db,
  platformUserId: string,
  modes: readonly LoginMode[],
): Promise<IntegrationRecord[]> {
  return (await findIntegrationsOfPlatformUser(db, platformUserId)).filter((row) =>
    row.loginMode === 'facebook'
      ? modes.includes('facebook') && row.platformScopedId === platformUserId
      : modes.includes('instagram'),
  );
}

const REMOVED_APP: Record<LoginMode, string> = {
  instagram: 'TOKEN_INVALID: a pessoa removeu o aplicativo no Instagram.',
  facebook: 'TOKEN_INVALID: a pessoa removeu o aplicativo no Facebook.',
};

export interface PlatformUserDataService {
  /**
   * Erases the tokens of every connection of the platform user, among the connections of
   * the logins whose app signed the callback (both when unsaid).
   */
  deauthorize(platformUserId: string, modes?: readonly LoginMode[]): Promise<void>;
  /** Erases tokens and profile data, and records the request, in one transaction. */
  eraseData(
    platformUserId: string,
    modes?: readonly LoginMode[],
  ): Promise<DataDeletionRequestRecord>;
  findDeletionRequest(code: string): Promise<DataDeletionRequestRecord | undefined>;
}

/**
 * @example
 * ```ts
 * const userData = createPlatformUserDataService({ db, clock });
 * const request = await userData.eraseData(platformUserId);
 * ```
 */
export function createPlatformUserDataService(deps: {
  db: Db;
  clock: Clock;
}): PlatformUserDataService {
  const { db, clock } = deps;
  return {
    async deauthorize(platformUserId, modes = ALL_MODES) {
      const now = clock.now();
      for (const integration of await connectionsOf(db, platformUserId, modes)) {
        await updateIntegration(db, integration.id, {
          accessToken: null,
          authStatus: 'reconnect_required',
          status: 'revoked',
          healthError: REMOVED_APP[integration.loginMode],
          updatedAt: now,
        });
      }
    },

    async eraseData(platformUserId, modes = ALL_MODES) {
      const now = clock.now();
      const request: DataDeletionRequestRecord = {
        id: randomBytes(12).toString('hex'),
        confirmationCode: confirmationCode(),
        platformUserId,
        status: 'completed',
        requestedAt: now,
        completedAt: now,
      };
      await db.transaction().execute(async (trx) => {
        for (const integration of await connectionsOf(trx, platformUserId, modes)) {
          await updateIntegration(trx, integration.id, {
            accessToken: null,
            username: null,
            name: null,
            imageUrl: null,
            authStatus: 'reconnect_required',
            status: 'revoked',
            healthError: 'TOKEN_INVALID: os dados da conta foram apagados a pedido da pessoa.',
            updatedAt: now,
          });
          // The metrics read about the account's media are its data too.
          await deleteInsightsOfIntegrations(trx, [integration.id]);
          // So are the comments read on its media and the mentions of it.
          await deleteCommentsOfIntegration(trx, integration.id);
          await deleteInboxRecordsOfIntegration(trx, integration.id);
        }
        await insertDataDeletionRequest(trx, request);
      });
      return request;
    },

    findDeletionRequest: (code) => findDataDeletionRequest(db, code),
  };
}
