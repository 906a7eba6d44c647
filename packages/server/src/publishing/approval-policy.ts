/**
 * Whether a post waits for an admin's approval (docs/teams.md "Approvals"): only posts
 * of editors (people or keys with the `editor` role), and only where approval is
 * required: by the profile of any of its accounts when the profile decides for itself,
 * otherwise by the project. Read from stored state on each decision.
 */
import { roleMeets } from '@reelay/core';
import type { Actor } from '../store/activity';
import { profileApprovals, readProjectSettings } from '../store/project-settings';
import type { Db } from '../store/schema';

/**
 * Whether a post the actor writes or submits, for accounts in these profiles, waits for
 * approval. Admins, owners and the server itself never wait.
 *
 * @example
 * ```ts
 * if (await needsApproval(db, projectId, actor, targets.map((t) => t.profileId))) status = 'awaiting_approval';
 * ```
 */
export async function needsApproval(
  db: Db,
  projectId: string,
  actor: Actor,
  profileIds: ReadonlyArray<string | null>,
): Promise<boolean> {
  if (actor.role === undefined || roleMeets(actor.role, 'admin')) return false;
  const project = (await readProjectSettings(db, projectId))?.approvalRequired ?? false;
  if (profileIds.length === 0) return project;
  const own = await profileApprovals(
    db,
    profileIds.filter((id): id is string => id !== null),
  );
  return profileIds.some((id) => (id === null ? project : (own.get(id) ?? project)));
}
