/**
 * The account connection flow (spec §4): `GET /v1/connect/instagram` answers the
 * authorization URL with a signed state; the platform sends the browser back to the
 * callback, which connects the account and answers it, or redirects to the
 * `redirectUrl` given at the start. A browser arriving without a `redirectUrl` gets a
 * small page saying what happened instead of the JSON.
 */
import { isReelayError, ReelayError, validationError, type LoginMode } from '@reelay/core';
import { parseAuthorizationCallback } from '@reelay/core/platform';
import type { ConnectOutcome, IntegrationsService } from '../../services/integrations';
import type { ProfilesService } from '../../services/profiles';
import type { ServerContext } from '../../server-context';
import { platformCredentialsMissing } from '../../platform';
import { presentIntegration } from '../presenters';
import { prefersHtml, sendOutcomePage } from '../oauth-outcome-page';
import { projectOf, type RouteHandlers } from '../route-handler';
import { isoTime } from '../../clock';
import { redirectOrigins, redirectRefusal, type RedirectOrigins } from '../redirect-targets';

/** The redirect URL with the outcome added to its query. */
function withOutcome(redirectUrl: string, outcome: Record<string, string>): string {
  const url = new URL(redirectUrl);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Refuses, before any state is signed, a `redirectUrl` the browser may not be sent to
 * (`redirect-targets.ts`). One rule for every credential: an API key reaches this route
 * from wherever it leaked to as easily as a session does.
 */
function checkRedirectUrl(redirectUrl: string | undefined, origins: RedirectOrigins): void {
  if (redirectUrl === undefined) return;
  const refusal = redirectRefusal(redirectUrl, origins);
  if (refusal) throw validationError([{ field: 'redirectUrl', message: refusal }], 'query');
}

/**
 * The login a connection starts with: the one asked for, else the one configured
 * (Instagram Login when both are). Asking for one this server does not have is a
 * `VALIDATION_ERROR` naming `login`: the client must ask differently, not retry.
 */
function chooseLogin(asked: LoginMode | undefined, ctx: ConnectHandlerDeps): LoginMode {
  const available: LoginMode[] = [];
  if (ctx.platform) available.push('instagram');
  if (ctx.facebook) available.push('facebook');
  if (available.length === 0) throw platformCredentialsMissing();
  if (asked === undefined) return available[0]!;
  if (available.includes(asked)) return asked;
  const missing =
    asked === 'facebook'
      ? 'o Login do Facebook não está configurado neste servidor (FACEBOOK_APP_ID e FACEBOOK_APP_SECRET)'
      : 'o Login do Instagram não está configurado neste servidor (INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET)';
  throw new ReelayError('VALIDATION_ERROR', {
    message: `Campo 'login': ${missing}; use login=${available[0]}.`,
    details: { field: 'login' },
  });
}

/** What the redirect URL and the JSON answer say about a finished connection. */
function outcomeQuery(outcome: ConnectOutcome): Record<string, string> {
  return {
    integrationId: outcome.integrations[0]!.id,
    status: 'connected',
    count: String(outcome.integrations.length),
    ...(outcome.refused.length > 0 ? { refused: String(outcome.refused.length) } : {}),
  };
}

/** The callback already wrote its answer (the page for a browser). */
const ANSWERED = { status: 200 as const, body: undefined as never };

/** What the flow needs besides the services: the app's settings and the state signer. */
export type ConnectHandlerDeps = Pick<
  ServerContext,
  'config' | 'logger' | 'oauthStates' | 'platform' | 'facebook'
>;

export function connectHandlers(
  ctx: ConnectHandlerDeps,
  services: { integrations: IntegrationsService; profiles: ProfilesService },
): RouteHandlers {
  const { integrations, profiles } = services;
  const origins = redirectOrigins(ctx.config);
  return {
    connectPlatform: async ({ params, query }, context) => {
      if (params.platform.toLowerCase() !== 'instagram') {
        throw new ReelayError('PLATFORM_NOT_AVAILABLE', {
          message: `Plataforma não disponível: ${params.platform}. Apenas instagram é suportado.`,
        });
      }
      const loginMode = chooseLogin(query.login, ctx);
      const projectId = projectOf(context);
      checkRedirectUrl(query.redirectUrl, origins);
      if (query.profileId && !(await profiles.exists(projectId, query.profileId))) {
        throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
      }
      const { state, expiresAt } = ctx.oauthStates.sign({
        projectId,
        profileId: query.profileId ?? null,
        redirectUrl: query.redirectUrl ?? null,
        loginMode,
      });
      const url =
        loginMode === 'facebook'
          ? ctx.facebook!.authorizationUrl({
              state,
              configId: ctx.config.facebook.configId,
              scopes: ctx.config.facebook.scopes,
            })
          : ctx.platform!.authorizationUrl({ state, scopes: ctx.config.instagram.scopes });
      return { status: 200, body: { success: true, url, expiresAt: isoTime(expiresAt) } };
    },

    connectCallback: async ({ query }, context) => {
      const signed = ctx.oauthStates.peekRedirect(query.state);
      // Checked again on the way back: a state signed before the allowed origins changed
      // (an upgrade, a shorter REELAY_REDIRECT_ORIGINS) is answered here instead.
      const redirectUrl = signed && !redirectRefusal(signed, origins) ? signed : null;
      const page = !redirectUrl && prefersHtml(context.req.headers.accept);
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
        const outcome = await integrations.connect(state, code);
        if (redirectUrl) {
          return {
            status: 302,
            body: undefined,
            headers: { location: withOutcome(redirectUrl, outcomeQuery(outcome)) },
          };
        }
        const connected = outcome.integrations.map(presentIntegration);
        if (page) {
          sendOutcomePage(context.res, context.req.headers, {
            kind: 'connected',
            username: connected[0]!.displayName,
            usernames: connected.map((account) => account.displayName),
            refused: outcome.refused.length,
          });
          return ANSWERED;
        }
        return {
          status: 200,
          body: {
            success: true,
            integration: connected[0]!,
            integrations: connected,
            count: connected.length,
            refused: outcome.refused.map(({ platformUserId, error }) => ({
              platformUserId,
              code: error.code,
              message: error.message,
            })),
          },
        };
      } catch (error) {
        if (page && isReelayError(error)) {
          ctx.logger.warn('conexão de conta recusada', { code: error.code, error });
          sendOutcomePage(context.res, context.req.headers, { kind: 'refused', error });
          return ANSWERED;
        }
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
