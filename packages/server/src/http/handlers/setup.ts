/**
 * The setup checks (`GET /v1/health/setup`): admins and owners only, by the route's role.
 */
import type { SetupChecksService } from '../../setup-checks/setup-checks-service';
import type { RouteHandlers } from '../route-handler';
import { projectOf } from '../route-handler';

export function setupCheckHandlers(setup: SetupChecksService): RouteHandlers {
  return {
    getSetupChecks: async (_input, context) => ({
      status: 200,
      body: await setup.run(projectOf(context)),
    }),
  };
}
