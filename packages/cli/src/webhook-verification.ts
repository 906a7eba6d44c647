/**
 * What `webhooks verify` and `webhooks listen` share: where the secret comes from, and a
 * sentence in the user's language for each reason a delivery fails verification. Both
 * check either header set a delivery carries (spec §6's `X-Service-*`, or the Standard Webhooks
 * `webhook-*`; spec §6's when both are there), through the SDK's `verifyWebhook`.
 */
import { readFileSync } from 'node:fs';
import type { WebhookEvent } from '@reelay/sdk';
import { usageError } from './cli-error';
import { t, tDynamic } from './i18n';
import { registerSecrets } from './secrets';

/**
 * The sentence for a `WebhookVerificationError.reason`, in the user's language, or
 * `undefined` for a reason this version does not know.
 *
 * @example
 * ```ts
 * reasonText('signature_mismatch'); // 'a assinatura não confere (segredo errado ou corpo alterado)'
 * ```
 */
export function reasonText(reason: string): string | undefined {
  return tDynamic(`webhookReasons.${reason}`);
}

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
      throw usageError(t('shared.secretFileNotFound', { path: options.secretFile }));
    }
  }
  if (secrets.length === 0 && process.env.REELAY_WEBHOOK_SECRET) {
    secrets.push(...process.env.REELAY_WEBHOOK_SECRET.split(','));
  }
  const clean = secrets.map((secret) => secret.trim()).filter(Boolean);
  if (clean.length === 0) {
    throw usageError(t('shared.secretMissing'), t('shared.secretMissingHint'));
  }
  registerSecrets(clean);
  return clean;
}

/**
 * What an event is about, in one line: the post and its status, or the comment and who
 * wrote it.
 *
 * @example
 * ```ts
 * eventSubject(event); // 'post_01… (published)' or 'cmt_01… @ana.souza: Quanto custa?'
 * ```
 */
export function eventSubject(event: WebhookEvent): string {
  if (event.type === 'comment.received') {
    const { comment } = event.data;
    return `${comment.id} @${comment.username ?? '?'}: ${comment.text}`;
  }
  return `${event.data.post.id} (${event.data.post.status})`;
}
