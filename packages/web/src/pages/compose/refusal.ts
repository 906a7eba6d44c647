/**
 * Where the server's refusal of a post goes in the composer: each validation issue beside
 * the field it names (the composer's own words for options it knows), a `NO_FREE_SLOT`
 * beside the account it names in the queue's list, an error naming a field or an account
 * beside it, and the rest under the send button.
 */
import { isReelayError } from '@reelay/sdk';
import { describeError, errorField } from '../../components/api-error';
import { i18n, t } from '../../i18n';
import { errorKey } from './compose-rules';
import { queueField } from './queue-preview';

/** A server message as a sentence: capitalised, with a full stop. */
function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export interface RefusalContext {
  /** The accounts of the draft. */
  accountIds: readonly string[];
  /** An account's name, by id. */
  nameOf(accountId: string): string;
}

/**
 * The texts of a refusal: by form field (keys of the draft's problems, or
 * `queue.<accountId>`), and the one for no field.
 *
 * @example
 * ```ts
 * refusalOf(error, { accountIds, nameOf }); // { fields: { content: '…' }, general: '' }
 * ```
 */
export function refusalOf(
  error: unknown,
  context: RefusalContext,
): { fields: Record<string, string>; general: string } {
  const fields: Record<string, string> = {};
  let general = '';
  const issues = isReelayError(error) ? error.details?.issues : undefined;
  const fullAccount = isReelayError(error, 'NO_FREE_SLOT') ? error.details?.accountId : undefined;
  if (typeof fullAccount === 'string' && context.accountIds.includes(fullAccount)) {
    // Beside the account in the queue's list: the others would have had a slot.
    const reason = isReelayError(error) ? error.details?.reason : undefined;
    fields[queueField(fullAccount)] = t(
      reason === 'no_schedule' ? 'compose.queue.refusedNoSchedule' : 'compose.queue.noFreeSlot',
      { name: context.nameOf(fullAccount) },
    );
  } else if (
    isReelayError(error, 'VALIDATION_ERROR') &&
    Array.isArray(issues) &&
    issues.length > 0
  ) {
    for (const issue of issues) {
      const key = errorKey(issue.field);
      const option = key?.match(/^platforms\.\d+\.options\.(\w+)/)?.[1];
      const text =
        option && i18n.exists(`compose.serverFields.${option}`)
          ? t(`compose.serverFields.${option}`)
          : sentence(issue.message);
      if (key) fields[key] ??= text;
      else general ||= text;
    }
  } else {
    const field = errorField(error);
    let key = field ? errorKey(field) : null;
    if (!key && isReelayError(error) && error.details?.accountId) key = 'platforms';
    if (key) fields[key] = describeError(error);
    else general = describeError(error);
  }
  return { fields, general };
}
