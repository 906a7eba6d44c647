/**
 * Connected accounts: list and disconnect.
 */
import { ReelayError } from '@reelay/core';
import type { IntegrationsService } from '../../services/integrations';
import { presentIntegration } from '../presenters';
import { projectOf, type RouteHandlers } from '../route-handler';

export function integrationHandlers(integrations: IntegrationsService): RouteHandlers {
  return {
    listIntegrations: async ({ query }, context) => {
      const { total, rows } = await integrations.list(
        projectOf(context),
        { platform: query.platform, profileId: query.profileId, q: query.q },
        { limit: query.limit, offset: query.offset, sort: query.sort },
      );
      return {
        status: 200,
        body: { success: true, total, integrations: rows.map(presentIntegration) },
      };
    },

    deleteIntegration: async ({ params }, context) => {
      // The token is erased; published posts stay; scheduled ones will fail (spec §3).
      if (!(await integrations.disconnect(projectOf(context), params.id))) {
        throw new ReelayError('NOT_FOUND', {
          message: 'Conta conectada não encontrada neste projeto.',
        });
      }
      return { status: 200, body: { success: true, message: 'Conta desconectada.' } };
    },
  };
}
