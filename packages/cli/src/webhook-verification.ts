/**
 * What `webhooks verify` and `webhooks listen` share: where the secret comes from, and a
 * Portuguese sentence for each reason a delivery fails verification. Both check either
 * header set a delivery carries (spec §6's `X-Service-*`, or the Standard Webhooks
 * `webhook-*`; spec §6's when both are there), through the SDK's `verifyWebhook`.
 */
import { readFileSync } from 'node:fs';
import { usageError } from './cli-error';
import { registerSecrets } from './secrets';

/** Sentences for `WebhookVerificationError.reason`. */
export const REASON_TEXT: Record<string, string> = {
  signature_mismatch: 'a assinatura não confere (segredo errado ou corpo alterado)',
  timestamp_too_old: 'o horário da assinatura está fora da tolerância (antigo demais)',
  timestamp_in_future: 'o horário da assinatura está no futuro, fora da tolerância',
  invalid_timestamp: 'o cabeçalho X-Service-Timestamp (ou webhook-timestamp) não é um horário Unix',
  missing_header:
    'faltam cabeçalhos: X-Service-Timestamp e X-Service-Signature, ou webhook-id, webhook-timestamp e webhook-signature',
  invalid_signature_format:
    'a assinatura não tem o formato sha256=<hex> (X-Service-Signature) nem v1,<base64> (webhook-signature)',
  invalid_secret: 'o segredo não é um segredo de webhook (whsec_…)',
  body_reserialized: 'o corpo foi reescrito depois de recebido; use os bytes originais',
  body_not_raw: 'o corpo não está em bytes crus',
};

/**
 * The secrets to verify with: every `--secret`, the contents of `--secret-file`, or
 * `REELAY_WEBHOOK_SECRET` (comma-separated while a secret is being rotated).
 *
 * @example
 * ```ts
 * webhookSecrets({ secretFile: '.segredo' }); // ['whsec_…']
 * ```
 */
export function webhookSecrets(options: { secret?: string[]; secretFile?: string }): string[] {
  const secrets = [...(options.secret ?? [])];
  if (options.secretFile) {
    try {
      secrets.push(...readFileSync(options.secretFile, 'utf8').split(/[\s,]+/));
    } catch {
      throw usageError(`arquivo do segredo não encontrado: ${options.secretFile}`);
    }
  }
  if (secrets.length === 0 && process.env.REELAY_WEBHOOK_SECRET) {
    secrets.push(...process.env.REELAY_WEBHOOK_SECRET.split(','));
  }
  const clean = secrets.map((secret) => secret.trim()).filter(Boolean);
  if (clean.length === 0) {
    throw usageError(
      'informe o segredo da assinatura',
      'use --secret-file <arquivo>, REELAY_WEBHOOK_SECRET ou --secret whsec_…',
    );
  }
  registerSecrets(clean);
  return clean;
}
