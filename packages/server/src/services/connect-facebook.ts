/**
 * Finishing a connection made with Facebook Login (reference §1b): the code becomes a
 * short-lived user token, then a long-lived one; the Pages the person chose come with
 * their Page tokens; and each Page linked to an Instagram professional account connects
 * that account. What is stored for such an account is its Page token, encrypted like any
 * token: a Page token obtained with a long-lived user token has no expiry (so
 * `tokenExpiresAt` is null and nothing needs refreshing), and it is what the
 * content-publishing guide names for this login. It stops working when the person changes
 * their password, loses the Page role or removes the app; publishing and health checks
 * then meet code 190 and the account is marked for reconnection. The user token is not
 * kept.
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { PUBLISHING_PAGE_TASKS, type FacebookPage } from '@reelay/core/platform';
import { requireFacebook, type FacebookPlatform } from '../platform';
import type { ConnectState } from '../security/oauth-state';
import {
  checkConnectionTarget,
  saveConnection,
  type ConnectDeps,
  type ConnectOutcome,
} from './save-connection';

/**
 * Connects every Instagram account linked to a Page the person granted. Refuses with
 * `ACCOUNT_NOT_BUSINESS` when no granted Page has one; when some accounts connect and
 * others cannot (another profile holds one, a Page role that cannot publish), the others
 * are reported in `refused`, and only when none connects is the first refusal thrown.
 *
 * @example
 * ```ts
 * const { integrations, refused } = await connectFacebookAccounts(ctx, state, code);
 * ```
 */
export async function connectFacebookAccounts(
  ctx: ConnectDeps,
  state: ConnectState,
  code: string,
): Promise<ConnectOutcome> {
  const facebook = requireFacebook(ctx.facebook);
  await checkConnectionTarget(ctx, state);

  const shortLived = await facebook.exchangeCode(code);
  const longLived = await facebook.exchangeForLongLivedToken(shortLived.accessToken);
  const person = await facebook.getUser(longLived.accessToken);
  const scopes = await grantedScopes(ctx, facebook, longLived.accessToken);
  const pages = await facebook.listPages(longLived.accessToken);

  const linked = new Map<string, FacebookPage>();
  for (const page of pages) {
    if (page.instagramAccountId && !linked.has(page.instagramAccountId)) {
      linked.set(page.instagramAccountId, page);
    }
  }
  if (linked.size === 0) {
    // An account that is not professional, or not linked, shows up as a Page without
    // `instagram_business_account` (reference §1c).
    throw new ReelayError('ACCOUNT_NOT_BUSINESS', {
      message:
        pages.length === 0
          ? 'Nenhuma Página do Facebook foi escolhida na autorização. Conecte de novo e escolha a Página vinculada à conta profissional do Instagram.'
          : 'Nenhuma das Páginas do Facebook escolhidas tem uma conta profissional do Instagram vinculada. Vincule a conta do Instagram à Página (nas configurações da Página, em Contas vinculadas) e conecte de novo.',
      details: { reason: 'no_linked_account' },
    });
  }

  const outcome: ConnectOutcome = { integrations: [], refused: [] };
  for (const [platformUserId, page] of linked) {
    try {
      const pageToken = publishingToken(page);
      const account = await facebook.getInstagramAccount({
        accessToken: pageToken,
        igUserId: platformUserId,
      });
      const now = ctx.clock.now();
      const integration = await saveConnection(ctx, state, platformUserId, {
        accessToken: ctx.cipher.encrypt(pageToken),
        tokenIssuedAt: now,
        tokenExpiresAt: null,
        tokenRefreshedAt: null,
        scopes,
        authStatus: 'active',
        status: 'connected',
        healthError: null,
        lastHealthCheckAt: now,
        // Facebook's callbacks name the person by this app-scoped id (reference §5).
        platformScopedId: person.id,
        username: account.username,
        name: account.name,
        imageUrl: account.profilePictureUrl,
        loginMode: 'facebook',
        facebookPageId: page.id,
        updatedAt: now,
      });
      outcome.integrations.push(integration);
    } catch (error) {
      if (!isReelayError(error)) throw error;
      ctx.logger.warn('conta do Instagram da Página não conectada', {
        code: error.code,
        platformUserId,
        pageId: page.id,
      });
      outcome.refused.push({ platformUserId, error });
    }
  }
  if (outcome.integrations.length === 0) throw outcome.refused[0]!.error;
  return outcome;
}

/** The Page token, when the person's role on the Page lets them publish (reference §1b). */
function publishingToken(page: FacebookPage): string {
  const canPublish =
    page.tasks.length === 0 || page.tasks.some((task) => PUBLISHING_PAGE_TASKS.includes(task));
  if (!page.accessToken || !canPublish) {
    throw new ReelayError('PERMISSION_REQUIRED', {
      message: `Sua função na Página do Facebook '${page.name ?? page.id}' não permite publicar na conta do Instagram vinculada: é preciso poder gerenciar a Página ou criar conteúdo nela.`,
      details: { scope: 'CREATE_CONTENT', reason: 'page_task_missing' },
    });
  }
  return page.accessToken;
}

/**
 * The permissions the person granted, as `debug_token` reports them (reference §6). A
 * failure here does not stop the connection: the permissions show empty until the
 * next connection.
 */
async function grantedScopes(
  ctx: ConnectDeps,
  facebook: FacebookPlatform,
  userToken: string,
): Promise<string[]> {
  try {
    return [...(await facebook.debugToken(userToken)).scopes];
  } catch (error) {
    if (!isReelayError(error)) throw error;
    ctx.logger.warn('permissões do Login do Facebook não lidas (debug_token)', { error });
    return [];
  }
}
