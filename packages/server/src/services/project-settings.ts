/**
 * A project's settings: whether editors' posts wait for an admin's approval. Who may
 * read or change them is the route's role, checked before.
 */
import {
  readProjectSettings,
  writeProjectSettings,
  type ProjectSettings,
} from '../store/project-settings';
import type { Db } from '../store/schema';

export type { ProjectSettings };

export interface ProjectSettingsService {
  /** The settings of a project the caller was found a member of. */
  get(projectId: string): Promise<ProjectSettings>;
  /** Writes them and answers them as stored. */
  update(projectId: string, settings: ProjectSettings): Promise<ProjectSettings>;
}

/**
 * @example
 * ```ts
 * const settings = createProjectSettingsService({ db });
 * await settings.update(projectId, { approvalRequired: true });
 * ```
 */
export function createProjectSettingsService(deps: { db: Db }): ProjectSettingsService {
  const { db } = deps;
  return {
    // The role check found the project: its settings exist.
    get: async (projectId) => (await readProjectSettings(db, projectId))!,
    async update(projectId, settings) {
      await writeProjectSettings(db, projectId, settings);
      return (await readProjectSettings(db, projectId))!;
    },
  };
}
