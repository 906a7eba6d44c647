/**
 * A project's settings, kept on its row: whether editors' posts wait for approval.
 */
import type { Db } from './schema';

export interface ProjectSettings {
  approvalRequired: boolean;
}

/**
 * The project's settings, or undefined when there is no such project.
 *
 * @example
 * ```ts
 * const { approvalRequired } = (await readProjectSettings(db, projectId))!;
 * ```
 */
export async function readProjectSettings(
  db: Db,
  projectId: string,
): Promise<ProjectSettings | undefined> {
  const row = await db
    .selectFrom('projects')
    .select('approval_required')
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row && { approvalRequired: Boolean(row.approval_required) };
}

/**
 * Writes the project's settings.
 *
 * @example
 * ```ts
 * await writeProjectSettings(db, projectId, { approvalRequired: true });
 * ```
 */
export async function writeProjectSettings(
  db: Db,
  projectId: string,
  settings: ProjectSettings,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ approval_required: Number(settings.approvalRequired) })
    .where('id', '=', projectId)
    .execute();
}

/**
 * The approval setting of each of these profiles that decides for itself (true or false);
 * profiles that follow the project are left out.
 *
 * @example
 * ```ts
 * const own = await profileApprovals(db, ['prf_…']); // Map { 'prf_…' => true }
 * ```
 */
export async function profileApprovals(
  db: Db,
  profileIds: readonly string[],
): Promise<Map<string, boolean>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'approval_required'])
    .where('id', 'in', profileIds)
    .where('approval_required', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, Boolean(row.approval_required)]));
}
