/**
 * A project's settings (Bearer only): whether editors' posts wait for approval. The
 * route's role is checked before a handler runs (reading: any member; changing: admin).
 */
import type { ProjectSettingsService } from '../../services/project-settings';
import { memberOf, type RouteHandlers } from '../route-handler';

export function projectSettingsHandlers(settings: ProjectSettingsService): RouteHandlers {
  return {
    getProjectSettings: async (_input, context) => ({
      status: 200,
      body: { success: true, settings: await settings.get(memberOf(context).projectId) },
    }),

    updateProjectSettings: async ({ body }, context) => ({
      status: 200,
      body: {
        success: true,
        settings: await settings.update(memberOf(context).projectId, {
          approvalRequired: body!.approvalRequired,
        }),
      },
    }),
  };
}
