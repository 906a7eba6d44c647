/**
 * Choosing the 1 to 5 accounts a post goes to, grouped by profile. Accounts that must be
 * reconnected are shown but cannot be chosen.
 */
import { describeError } from '../../components/api-error';
import { useT } from '../../i18n';
import { ACCOUNTS_MAX } from './compose-rules';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import { canPostTo, type Account, type AccountGroup } from './use-compose-accounts';

export interface AccountsSectionProps {
  groups: AccountGroup[] | null;
  loadError: unknown;
  selected: readonly string[];
  errorOf: ErrorOf;
  onToggle(account: Account, chosen: boolean): void;
  onRetry(): void;
}

export function accountName(account: Account, unnamed: string): string {
  return `@${account.displayName ?? unnamed}`;
}

export function AccountsSection(props: AccountsSectionProps) {
  const t = useT();
  const { groups, selected, errorOf } = props;
  const error = errorOf('platforms');
  const full = selected.length >= ACCOUNTS_MAX;

  let body;
  if (props.loadError && !groups) {
    body = (
      <div role="alert">
        <p>
          {t('compose.accounts.loadFailed')} {describeError(props.loadError)}
        </p>
        <button type="button" class="secondary" onClick={props.onRetry}>
          {t('app.retry')}
        </button>
      </div>
    );
  } else if (!groups) {
    body = <p aria-busy="true">{t('app.loading')}</p>;
  } else if (groups.length === 0) {
    body = (
      <p class="empty">
        {t('compose.accounts.none')} <a href="/app/accounts">{t('compose.accounts.connect')}</a>
      </p>
    );
  } else {
    body = groups.map((group) => {
      const groupId = `compose-group-${group.profile?.id ?? 'none'}`;
      return (
        <fieldset key={groupId} class="account-group">
          <legend class="group-name">
            {group.profile?.name ?? t('compose.accounts.noProfile')}
          </legend>
          {group.accounts.map((account) => {
            const usable = canPostTo(account);
            const chosen = selected.includes(account.id);
            const reasonId = `compose-account-${account.id}-reason`;
            return (
              <label key={account.id} class={usable ? undefined : 'unavailable'}>
                <input
                  type="checkbox"
                  name="accounts"
                  value={account.id}
                  checked={chosen}
                  disabled={!usable || (full && !chosen)}
                  aria-invalid={error ? 'true' : undefined}
                  aria-describedby={describedBy(
                    !usable && reasonId,
                    'compose-accounts-count',
                    error && noteId('platforms'),
                  )}
                  onChange={(event) => props.onToggle(account, event.currentTarget.checked)}
                />
                {accountName(account, t('compose.accounts.unnamed'))}
                {!usable && (
                  <small id={reasonId} class="hint">
                    {' '}
                    {t('compose.accounts.needsReconnect')}
                  </small>
                )}
              </label>
            );
          })}
        </fieldset>
      );
    });
  }

  return (
    <fieldset class="compose-accounts">
      <legend>{t('compose.accounts.legend')}</legend>
      <p id="compose-accounts-count" class="hint">
        {t('compose.accounts.count', { chosen: selected.length, max: ACCOUNTS_MAX })}
      </p>
      {body}
      <FieldNote field="platforms" text={error} />
    </fieldset>
  );
}
