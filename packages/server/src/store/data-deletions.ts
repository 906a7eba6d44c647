/**
 * Data-deletion requests received from the platform owner, and their status.
 */
import type { DataDeletionRequestsTable, Db } from './schema';

export async function insertDataDeletionRequest(
  db: Db,
  request: DataDeletionRequestsTable,
): Promise<void> {
  await db.insertInto('data_deletion_requests').values(request).execute();
}

export function findDataDeletionRequest(
  db: Db,
  confirmationCode: string,
): Promise<DataDeletionRequestsTable | undefined> {
  return db
    .selectFrom('data_deletion_requests')
    .selectAll()
    .where('confirmation_code', '=', confirmationCode)
    .executeTakeFirst();
}
