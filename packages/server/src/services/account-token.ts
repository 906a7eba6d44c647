/**
 * Reading a connected account's platform token. A token that cannot be decrypted (the
 * encryption key changed, or the row was damaged) is treated like one the platform
 * refused: the account must be reconnected. It never surfaces as a 500.
 */
import { ReelayError } from '@reelay/core';
import type { ServerContext } from '../server-context';
import type { IntegrationsTable } from '../store/schema';

/**
 * The account's access token in clear, or `TOKEN_INVALID` naming the account.
 *
 * @example
 * ```ts
 * const accessToken = readAccessToken(ctx, integration);
 * ```
 */
export function readAccessToken(
  ctx: Pick<ServerContext, 'cipher' | 'logger'>,
  integration: IntegrationsTable,
): string {
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
