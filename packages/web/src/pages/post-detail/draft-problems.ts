/**
 * A draft's problems (`post.problems`, or the issues of a refused submission) in the
 * app's words where it knows them: no account, no media, a time outside the window, an
 * account that cannot publish. Any other keeps the server's message, as a sentence.
 */
import { isReelayError, type Post, type PostProblem } from '@reelay/sdk';
import { t } from '../../i18n';

function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/**
 * @param accountName - `@username` of an account, by id.
 * @example
 * ```ts
 * problemText({ field: 'platforms', message: 'informe ao menos uma conta' }, draft, name);
 * // 'Choose at least one account.'
 * ```
 */
export function problemText(
  problem: PostProblem,
  post: Post,
  accountName: (integrationId: string) => string,
): string {
  const { field } = problem;
  if (field === 'platforms' && post.platforms.length === 0)
    return t('postDetail.problems.platforms');
  if (field.startsWith('mediaItems') && post.mediaItems.length === 0) {
    return t('postDetail.problems.mediaItems');
  }
  if (field === 'scheduledFor') return t('errors.fields.scheduledFor');
  const account = /^platforms\[(\d+)\]\.accountId$/.exec(field);
  if (account) {
    const target = post.platforms[Number(account[1])];
    const name = target ? accountName(target.integrationId) : t('calendar.unknownAccount');
    return t('postDetail.problems.account', { name });
  }
  return sentence(problem.message);
}

/**
 * The issues of a refused submission (`VALIDATION_ERROR`), as problems; empty for any
 * other error.
 *
 * @example
 * ```ts
 * issuesOf(error); // [{ field: 'scheduledFor', message: '…' }]
 * ```
 */
export function issuesOf(error: unknown): PostProblem[] {
  if (!isReelayError(error, 'VALIDATION_ERROR')) return [];
  const issues: unknown = error.details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is PostProblem =>
      typeof issue?.field === 'string' && typeof issue?.message === 'string',
  );
}
