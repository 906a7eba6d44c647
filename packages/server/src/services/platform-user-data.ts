/**
 * What the platform owner's callbacks do to a platform user's connections (spec §4
 * "Platform callbacks"), in every project that connected them: deauthorization erases
 * the tokens; a data-deletion request also erases the profile data and is recorded with
 * a confirmation code whose status anyone holding it can read.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { findDataDeletionRequest, insertDataDeletionRequest } from '../store/data-deletions';
import { findIntegrationsOfPlatformUser, updateIntegration } from '../store/integrations';
import type { DataDeletionRequestsTable, Db } from '../store/schema';

export type DataDeletionRequestRecord = DataDeletionRequestsTable;

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function confirmationCode(): string {
  return Array.from(randomBytes(16), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export interface PlatformUserDataService {
  /** Erases the tokens of every connection of the platform user. */
  deauthorize(platformUserId: string): Promise<void>;
  /** Erases tokens and profile data, and records the request, in one transaction. */
  eraseData(platformUserId: string): Promise<DataDeletionRequestRecord>;
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
    async deauthorize(platformUserId) {
      const now = clock.now();
      for (const row of await findIntegrationsOfPlatformUser(db, platformUserId)) {
        await updateIntegration(db, row.id, {
          access_token: null,
          auth_status: 'reconnect_required',
          status: 'revoked',
          health_error: 'TOKEN_INVALID: a pessoa removeu o aplicativo no Instagram.',
          updated_at: now,
        });
      }
    },

    async eraseData(platformUserId) {
      const now = clock.now();
      const request: DataDeletionRequestRecord = {
        id: randomBytes(12).toString('hex'),
        confirmation_code: confirmationCode(),
        platform_user_id: platformUserId,
        status: 'completed',
        requested_at: now,
        completed_at: now,
      };
      await db.transaction().execute(async (trx) => {
        for (const row of await findIntegrationsOfPlatformUser(trx, platformUserId)) {
          await updateIntegration(trx, row.id, {
            access_token: null,
            username: null,
            name: null,
            image_url: null,
            auth_status: 'reconnect_required',
            status: 'revoked',
            health_error: 'TOKEN_INVALID: os dados da conta foram apagados a pedido da pessoa.',
            updated_at: now,
          });
        }
        await insertDataDeletionRequest(trx, request);
      });
      return request;
    },

    findDeletionRequest: (code) => findDataDeletionRequest(db, code),
  };
}
