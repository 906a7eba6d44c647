/**
 * An inbox call's failure in words: the inbox's own text where the general one would say
 * less (a missing permission names the one to grant, a private reply says why it cannot
 * go, a reused key speaks of replies rather than posts), else the app's text for the code.
 */
import { isReelayError } from '@reelay/sdk';
import { i18n, t } from '../../i18n';
import { describeError } from '../api-error';

/**
 * @example
 * ```ts
 * describeCommentError(error); // 'Instagram takes no reply to a hidden comment: …'
 * ```
 */
export function describeCommentError(error: unknown): string {
  if (!isReelayError(error)) return describeError(error);
  const details = error.details ?? {};
  if (error.code === 'PERMISSION_REQUIRED' && typeof details.scope === 'string') {
    const own = `inbox.errors.scope.${details.scope}`;
    return i18n.exists(own)
      ? t(own)
      : t('inbox.errors.PERMISSION_REQUIRED_scope', { scope: details.scope });
  }
  if (error.code === 'PRIVATE_REPLY_UNAVAILABLE' && details.reason === 'window_closed') {
    return t('inbox.errors.privateReplyWindow');
  }
  if (i18n.exists(`inbox.errors.${error.code}`)) return t(`inbox.errors.${error.code}`);
  return describeError(error);
}
