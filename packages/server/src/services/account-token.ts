/**
 * Reading a connected account's platform token. A token that cannot be decrypted (the
 * encryption key changed, or the row was damaged) is treated like one the platform
 * refused: the account must be reconnected. It never surfaces as a 500.
 */
import { ReelayError } from '@reelay/core';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { AccountPlatform, FacebookPlatform, InstagramPlatform } from '../platform';
import type { TokenCipher } from '../security/token-cipher';
import type { IntegrationRecord } from '../store/integrations';
import type { Database } from '../store/schema';

/** What reading a token needs. */
export interface TokenReader {
  readonly cipher: TokenCipher;
  readonly logger: Logger;
}

/**
 * What work on connected accounts needs: the store, time, the platform and reading the
 * stored tokens (health checks, token refresh, publishing).
 *
 * @example
 * ```ts
 * const deps: AccountDeps = { db, clock, platform, facebook, cipher, logger };
 * await refreshExpiringTokens(deps);
 * ```
 */
export interface AccountDeps extends TokenReader {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** The platform client, or `null` when the Instagram app credentials are not configured. */
  readonly platform: InstagramPlatform | null;
  /** The Facebook Login client, or `null` when its app credentials are not configured. */
  readonly facebook: FacebookPlatform | null;
}

/**
 * The client that reaches an account: the Instagram host with its Instagram user token
 * for Instagram Login, the Facebook host with its Page token for Facebook Login
 * (reference §0: each token works on its own host only). `null` when the app of the
 * account's login mode is not configured.
 *
 * @example
 * ```ts
 * const client = platformFor(ctx, integration);
 * if (!client) throw new ReelayError('PLATFORM_CREDENTIALS_MISSING');
 * await client.getPublishingLimit({ accessToken, igUserId: integration.platformUserId });
 * ```
 */
export function platformFor(
  ctx: Pick<AccountDeps, 'platform' | 'facebook'>,
  integration: Pick<IntegrationRecord, 'loginMode'>,
): AccountPlatform | null {
  if (integration.loginMode === 'facebook') return ctx.facebook?.graph ?? null;
  return ctx.platform;
}

/**
 * The account's access token in clear, or `TOKEN_INVALID` naming the account.
 *
 * @example
 * ```ts
 * const accessToken = readAccessToken(ctx, integration);
 * ```
 */
export function readAccessToken(ctx: TokenReader, integration: IntegrationRecord): string {
  if (integration.accessToken === null) {
    throw new ReelayError('TOKEN_INVALID', { details: { accountId: integration.id } });
  }
  try {
    return ctx.cipher.decrypt(integration.accessToken);
  } catch (error) {
    ctx.logger.error('token da conta não pôde ser decifrado (REELAY_ENCRYPTION_KEY mudou?)', {
      integrationId: integration.id,
      error,
    });
    throw new ReelayError('TOKEN_INVALID', {
      message: 'O token guardado desta conta não pode ser lido; reconecte a conta.',
      details: { accountId: integration.id },
    });
  }
}

/**
 * Whether the account can publish now: connected, not waiting for reconnection, and its
 * token not past its expiry (the platform would refuse it).
 *
 * @example
 * ```ts
 * if (!canPublishWith(account, ctx.clock.now())) throw new ReelayError('TOKEN_INVALID');
 * ```
 */
export function canPublishWith(
  integration: Pick<IntegrationRecord, 'accessToken' | 'authStatus' | 'tokenExpiresAt'>,
  now: number,
): boolean {
  const expired = integration.tokenExpiresAt !== null && integration.tokenExpiresAt <= now;
  return integration.accessToken !== null && integration.authStatus === 'active' && !expired;
}
