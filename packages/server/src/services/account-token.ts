/**
 * Reading a connected account's platform token. A token that cannot be decrypted (the
 * encryption key changed, or the row was damaged) is treated like one the platform
 * refused: the account must be reconnected. It never surfaces as a 500.
 */
import { ReelayError } from '@reelay/core';
import type { Logger } from '../logger';
import type { TokenCipher } from '../security/token-cipher';
import type { IntegrationRecord } from '../store/integrations';

/** What reading a token needs; a server context is one. */
export interface TokenReader {
  readonly cipher: TokenCipher;
  readonly logger: Logger;
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
  if (integration.access_token === null) {
    throw new ReelayError('TOKEN_INVALID', { details: { accountId: integration.id } });
  }
  try {
    return ctx.cipher.decrypt(integration.access_token);
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
  integration: Pick<IntegrationRecord, 'access_token' | 'auth_status' | 'token_expires_at'>,
  now: number,
): boolean {
  const expired = integration.token_expires_at !== null && integration.token_expires_at <= now;
  return integration.access_token !== null && integration.auth_status === 'active' && !expired;
}
