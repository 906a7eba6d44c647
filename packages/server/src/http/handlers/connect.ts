/**
 * The account connection flow (spec §4): `GET /v1/connect/instagram` answers the
 * authorization URL with a signed state; the platform sends the browser back to the
 * callback, which connects the account and answers it, or redirects to the
 * `redirectUrl` given at the start.
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { parseAuthorizationCallback } from '@reelay/core/platform';
import { connectAccount } from '../../services/connect-account';
import { checkIntegrationHealth } from '../../services/integration-health';
import type { ServerContext } from '../../server-context';
import { claimOAuthState } from '../../store/oauth-state-uses';
import { findLiveProfile } from '../../store/profiles';
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

export function connectHandlers(ctx: ServerContext): RouteHandlers {
  return {
    connectPlatform: async ({ params, query }, context) => {
      if (params.platform.toLowerCase() !== 'instagram') {
        throw new ReelayError('PLATFORM_NOT_AVAILABLE', {
          message: `Plataforma não disponível: ${params.platform}. Apenas instagram é suportado.`,
        });
      }
      const platform = requirePlatform(ctx.platform);
      const projectId = projectOf(context);
      if (query.profileId && !(await findLiveProfile(ctx.db, projectId, query.profileId))) {
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
        if (!(await claimOAuthState(ctx.db, state.nonce, state.expiresAt, ctx.clock.now()))) {
          throw new ReelayError('STATE_INVALID', {
            message: 'O parâmetro state já foi usado; comece a conexão de novo.',
          });
        }
        const { code } = parseAuthorizationCallback(query as Record<string, string>);
        const integration = await connectAccount(ctx, state, code);
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
      const health = await checkIntegrationHealth(ctx, projectOf(context), params.id, {
        force: query.force === 'true',
      });
      return { status: 200, body: { success: true, health } };
    },
  };
}
