/**
 * `reelay status` (is the server up, and are the credentials good) and `reelay openapi`
 * (the contract the server serves).
 */
import { anonymousClient, projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { renderFields } from '../table';
import { t } from '../i18n';

/**
 * `reelay status`: `/healthz` and the ways of signing in, then the credential check when
 * there is a credential.
 * A server that does not answer exits 6; refused credentials exit 3.
 *
 * @example
 * ```ts
 * await status(ctx);
 * ```
 */
export async function status(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const anonymous = anonymousClient(settings.server);
  const live = await anonymous.health.live({ maxRetries: 0 });
  const signIn = await anonymous.auth.options();
  const hasCredential = Boolean(settings.apiKey || settings.accessToken || settings.refreshToken);
  const check = hasCredential ? await (await projectClient(settings)).health.check() : null;
  ctx.out.result(
    {
      success: true,
      server: settings.server,
      context: settings.contextName,
      live: live.ok,
      signup: signIn.signup,
      oidcIssuer: signIn.oidc?.issuer ?? null,
      project: check?.project ?? null,
    },
    () =>
      renderFields([
        [t('config.fieldServer'), t('status.up', { server: settings.server })],
        [t('config.fieldContext'), settings.contextName],
        [
          t('status.fieldSignIn'),
          [
            t('status.password'),
            signIn.signup ? t('status.signupOpen') : t('status.signupClosed'),
            ...(signIn.oidc ? [`OpenID Connect (${signIn.oidc.issuer})`] : []),
          ].join('; '),
        ],
        [
          t('config.fieldProject'),
          check ? `${check.project.id} (${check.project.environment})` : t('status.noCredential'),
        ],
      ]),
  );
}

/**
 * `reelay openapi`: prints the OpenAPI document, JSON with or without `--json`.
 *
 * @example
 * ```ts
 * await openApi(ctx); // reelay openapi > openapi.json
 * ```
 */
export async function openApi(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const document = await anonymousClient(settings.server).health.openApiDocument();
  ctx.out.result(document, () => JSON.stringify(document, null, 2));
}
