/**
 * A project's settings (Bearer only): whether editors' posts wait for approval. The
 * route's role is checked before a handler runs (reading: any member; changing: admin).
 */
import { readProjectSettings, writeProjectSettings } from '../../store/project-settings';
import type { Db } from '../../store/schema';
import { memberOf, type RouteHandlers } from '../route-handler';

export function projectSettingsHandlers(db: Db): RouteHandlers {
  return {
    getProjectSettings: async (_input, context) => {
      // The role check found the project: its settings exist.
      const settings = (await readProjectSettings(db, memberOf(context).projectId))!;
      return { status: 200, body: { success: true, settings } };
    },

    updateProjectSettings: async ({ body }, context) => {
      const { projectId } = memberOf(context);
      await writeProjectSettings(db, projectId, { approvalRequired: body!.approvalRequired });
      const settings = (await readProjectSettings(db, projectId))!;
      return { status: 200, body: { success: true, settings } };
    },
  };
}
