/**
 * Turning an account's Meta webhooks on when it connects (`REELAY_META_SUBSCRIBE=on`,
 * reference §10.5): Instagram Login subscribes the account's node, Facebook Login the
 * Page's with its Page token. A refusal (a permission not granted, an app not in Live
 * mode) is logged and left to polling; connecting never fails for it.
 */
import { recordInboxAccount } from '../store/inbox-records';
import type { IntegrationRecord } from '../store/integrations';
import { accountClient } from './account-client';
import type { InboxDeps } from './comment-ingest';

/** The fields each login mode subscribes to (mentions come inside comments on Instagram Login). */
const FIELDS = { instagram: ['comments'], facebook: ['comments', 'mentions'] } as const;

/**
 * Subscribes the accounts to the app's webhooks when the operator enabled it.
 *
 * @example
 * ```ts
 * await subscribeAccounts(deps, outcome.integrations);
 * ```
 */
export async function subscribeAccounts(
  deps: InboxDeps,
  accounts: readonly IntegrationRecord[],
): Promise<void> {
  if (!deps.config.inbox.subscribeOnConnect) return;
  for (const account of accounts) {
    const node = account.loginMode === 'facebook' ? account.facebookPageId : account.platformUserId;
    if (!node) continue;
    try {
      const { client, accessToken } = accountClient(deps, account);
      await client.subscribeToWebhooks({ accessToken, node, fields: FIELDS[account.loginMode] });
      await recordInboxAccount(
        deps.db,
        account.id,
        { subscribedAt: deps.clock.now() },
        deps.clock.now(),
      );
    } catch (error) {
      deps.logger.warn(
        'não foi possível inscrever a conta nos webhooks da Meta; a leitura periódica cobre a conta',
        {
          integrationId: account.id,
          error,
        },
      );
    }
  }
}
