/**
 * The account connection flow (spec §4): `GET /v1/connect/instagram` answers the
 * authorization URL with a signed state; the platform sends the browser back to the
 * callback, which connects the account and answers it, or redirects to the
 * `redirectUrl` given at the start.
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { parseAuthorizationCallback } from '@reelay/core/platform';
import type { IntegrationsService } from '../../services/integrations';
import type { ProfilesService } from '../../services/profiles';
import type { ServerContext } from '../../server-context';
import { requirePlatform } from '../../platform';
import { presentIntegration } from '../presenters';
import { projectOf, type RouteHandlers } from '../route-handler';
import { isoTime } from '../../clock';

/** The redirect URL with the outcome added to its query. */
function withOutcome(redirectUrl: string, outcome: Record<string, string>): string {
  const url = new URL(redirectUrl);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return url.toString();
}

/** What the flow needs besides the services: the app's settings and the state signer. */
export type ConnectHandlerDeps = Pick<
  ServerContext,
  'config' | 'logger' | 'oauthStates' | 'platform'
>;

export function connectHandlers(
  ctx: ConnectHandlerDeps,
  services: { integrations: IntegrationsService; profiles: ProfilesService },
): RouteHandlers {
  const { integrations, profiles } = services;
  return {
    connectPlatform: async ({ params, query }, context) => {
      if (params.platform.toLowerCase() !== 'instagram') {
        throw new ReelayError('PLATFORM_NOT_AVAILABLE', {
          message: `Plataforma não disponível: ${params.platform}. Apenas instagram é suportado.`,
        });
      }
      const platform = requirePlatform(ctx.platform);
      const projectId = projectOf(context);
      if (query.profileId && !(await profiles.exists(projectId, query.profileId))) {
        throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
      }
      const { state, expiresAt } = ctx.oauthStates.sign({
        projectId,
        profileId: query.profileId ?? null,
        redirectUrl: query.redirectUrl ?? null,
      });
      const url = platform.authorizationUrl({ state, scopes: ctx.config.instagram.scopes });
      return { status: 200, body: { success: true, url, expiresAt: isoTime(expiresAt) } };
    },

    connectCallback: async ({ query }) => {
      const redirectUrl = ctx.oauthStates.peekRedirect(query.state);
      try {
        const state = ctx.oauthStates.verify(query.state);
        // Claimed before the code exchange, so no replay of the callback gets that far. A
        // platform failure after this point means starting the connection again, which
        // the single-use code would demand anyway.
        if (!(await integrations.claimState(state))) {
          throw new ReelayError('STATE_INVALID', {
            message: 'O parâmetro state já foi usado; comece a conexão de novo.',
          });
        }
        const { code } = parseAuthorizationCallback(query as Record<string, string>);
        const integration = await integrations.connect(state, code);
        if (redirectUrl) {
          return {
            status: 302,
            body: undefined,
            headers: {
              location: withOutcome(redirectUrl, {
                integrationId: integration.id,
                status: 'connected',
              }),
            },
          };
        }
        return {
          status: 200,
          body: { success: true, integration: presentIntegration(integration) },
        };
      } catch (error) {
        if (!redirectUrl || !isReelayError(error)) throw error;
        ctx.logger.warn('conexão de conta recusada', { code: error.code, error });
        return {
          status: 302,
          body: undefined,
          headers: {
            location: withOutcome(redirectUrl, { error: error.code, message: error.message }),
          },
        };
      }
    },

    getIntegrationHealth: async ({ params, query }, context) => {
      const health = await integrations.health(projectOf(context), params.id, {
        force: query.force === 'true',
      });
      return { status: 200, body: { success: true, health } };
    },
  };
}
