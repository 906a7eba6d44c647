/**
 * Data-deletion requests received from the platform owner, and their status. Rows are
 * encoded and decoded here only.
 */
import type { DATA_DELETION_STATUSES } from '@reelay/core';
import type { DataDeletionRequestsTable, Db } from './schema';

/** A data-deletion request. Times are milliseconds since the epoch. */
export interface DataDeletionRequestRecord {
  id: string;
  /** The code the person follows the request with; its status page is public. */
  confirmationCode: string;
  /** The app-scoped id the platform owner's callback named. */
  platformUserId: string;
  status: (typeof DATA_DELETION_STATUSES)[number];
  requestedAt: number;
  completedAt: number | null;
}

/**
 * Records a request.
 *
 * @example
 * ```ts
 * await insertDataDeletionRequest(trx, { id, confirmationCode, platformUserId, status: 'completed', requestedAt: now, completedAt: now });
 * ```
 */
export async function insertDataDeletionRequest(
  db: Db,
  request: DataDeletionRequestRecord,
): Promise<void> {
  const row: DataDeletionRequestsTable = {
    id: request.id,
    confirmation_code: request.confirmationCode,
    platform_user_id: request.platformUserId,
    status: request.status,
    requested_at: request.requestedAt,
    completed_at: request.completedAt,
  };
  await db.insertInto('data_deletion_requests').values(row).execute();
}

/** The request with this confirmation code. */
export async function findDataDeletionRequest(
  db: Db,
  confirmationCode: string,
): Promise<DataDeletionRequestRecord | undefined> {
  const row = await db
    .selectFrom('data_deletion_requests')
    .selectAll()
    .where('confirmation_code', '=', confirmationCode)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      confirmationCode: row.confirmation_code,
      platformUserId: row.platform_user_id,
      status: row.status,
      requestedAt: row.requested_at,
      completedAt: row.completed_at,
    }
  );
}
