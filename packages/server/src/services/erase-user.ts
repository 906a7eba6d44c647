/**
 * Erasing a user and everything they own (`DELETE /v1/me`), in one transaction so a
 * failure leaves nothing half-deleted: the queued work of what goes (publications,
 * webhook deliveries) is cancelled in that same transaction.
 */
import type { Kysely } from 'kysely';
import { cancel, jobKey } from '../queue';
import { deleteApiKeysOfProjects } from '../store/api-keys';
import { deleteContainerCreationsOfIntegrations } from '../store/container-creations';
import { deleteIntegrationsOfProjects } from '../store/integrations';
import { pendingDeliveryIdsOf } from '../store/deliveries';
import { deleteWebhooksOfProjects } from '../store/subscriptions';
import { eraseMediaOfProjects } from '../store/media';
import { deleteProfilesOfProjects } from '../store/profiles';
import { deleteInsightsOfProjects } from '../store/post-insights';
import { deletePostMediaOfProjects } from '../store/post-media';
import { deleteSchedulesOfProjects } from '../store/posting-schedules';
import { deletePostsOfProjects, targetIdsOfProjects } from '../store/posts';
import { deleteMemberships } from '../store/project-members';
import { deleteActivityOfProjects } from '../store/activity';
import { deleteReviewLinksOfProjects } from '../store/review-links';
import { deleteCommentsOfProjects } from '../store/comments';
import { deleteSnippetsOfProjects } from '../store/snippets';
import { deleteSeriesOfProjects } from '../store/series';
import { deleteFeedsOfProjects } from '../store/feeds';
import { deleteCommentActionsOfProjects } from '../store/comment-actions';
import {
  deleteInboxRecordsOfIntegration,
  deleteInboxRecordsOfProjects,
} from '../store/inbox-records';
import { deleteCountersOfCredentials } from '../store/rate-limit-counters';
import type { Database } from '../store/schema';
import {
  deleteOrganization,
  deleteUser,
  findOrganizationByOwner,
  listProjectsOfOrganization,
} from '../store/users';

/**
 * Deletes the user, their organization, projects and every resource of those projects,
 * and their memberships of projects others shared with them.
 * Returns the ids of the erased projects, for cleanups outside the database.
 *
 * @example
 * ```ts
 * const projectIds = await eraseUser(db, userId);
 * ```
 */
export async function eraseUser(db: Kysely<Database>, userId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const organization = await findOrganizationByOwner(trx, userId);
    const projectIds = organization
      ? (await listProjectsOfOrganization(trx, organization.id)).map((p) => p.id)
      : [];
    // Rate-limit counters and container creations name a credential or an account, not a
    // project: they go by the ids of what was just deleted.
    const apiKeyIds = await deleteApiKeysOfProjects(trx, projectIds);
    await deleteCountersOfCredentials(trx, { userId, apiKeyIds });
    await deleteProfilesOfProjects(trx, projectIds);
    const integrationIds = await deleteIntegrationsOfProjects(trx, projectIds);
    await deleteContainerCreationsOfIntegrations(trx, integrationIds);
    for (const integrationId of integrationIds) {
      await deleteInboxRecordsOfIntegration(trx, integrationId);
    }
    // Rows go now (their public URLs stop answering at once); their files are queued in
    // this same transaction and the media service's sweep deletes them from storage.
    // Erase time from the wall clock: it only orders the queue.
    await eraseMediaOfProjects(trx, projectIds, Date.now());
    if (projectIds.length > 0) {
      const deliveryIds = await pendingDeliveryIdsOf(trx, 'project_id', projectIds);
      await cancel(
        trx,
        deliveryIds.map((id) => jobKey('deliver_webhook', id)),
      );
    }
    await deleteWebhooksOfProjects(trx, projectIds);
    await deleteInsightsOfProjects(trx, projectIds);
    await deletePostMediaOfProjects(trx, projectIds);
    await deleteSchedulesOfProjects(trx, projectIds);
    await cancel(
      trx,
      (await targetIdsOfProjects(trx, projectIds)).map((id) => jobKey('publish_target', id)),
    );
    await deleteActivityOfProjects(trx, projectIds);
    await deleteReviewLinksOfProjects(trx, projectIds);
    await deleteCommentsOfProjects(trx, projectIds);
    await deleteSnippetsOfProjects(trx, projectIds);
    await deleteSeriesOfProjects(trx, projectIds);
    await cancel(
      trx,
      (await deleteFeedsOfProjects(trx, projectIds)).map((id) => jobKey('check_feed', id)),
    );
    await deleteCommentActionsOfProjects(trx, projectIds);
    await deleteInboxRecordsOfProjects(trx, projectIds);
    await deletePostsOfProjects(trx, projectIds);
    // Their organization's projects go with their members; in projects others shared with
    // them, only their membership goes.
    if (organization) await deleteOrganization(trx, organization.id);
    await deleteMemberships(trx, userId);
    await deleteUser(trx, userId);
    return projectIds;
  });
}
