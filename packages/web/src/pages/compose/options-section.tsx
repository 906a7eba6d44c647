/** The options of each chosen account, once the media tell the kind of post. */
import type { PostKind } from '@reelay/sdk';
import { useT } from '../../i18n';
import { AccountOptions } from './account-options';
import { accountName } from './accounts-section';
import { emptyOptions, type OptionsDraft } from './compose-rules';
import type { ErrorOf } from './field-note';
import type { Account } from './use-compose-accounts';
import type { MediaItem } from './use-media-items';

export interface OptionsSectionProps {
  accounts: readonly Account[];
  kind: PostKind | null;
  options: Readonly<Record<string, OptionsDraft>>;
  items: readonly MediaItem[];
  errorOf: ErrorOf;
  onChange(accountId: string, next: OptionsDraft): void;
  /** A lasting note above the options (a saved draft's options are not shown again). */
  note?: string | undefined;
}

export function OptionsSection({
  accounts,
  kind,
  options,
  items,
  errorOf,
  onChange,
  note,
}: OptionsSectionProps) {
  const t = useT();
  if (accounts.length === 0) return null;
  const unnamed = t('compose.accounts.unnamed');
  return (
    <section class="compose-options" aria-labelledby="compose-options-title">
      <h2 id="compose-options-title">{t('compose.options.title')}</h2>
      {note && <p class="hint">{note}</p>}
      {kind ? (
        accounts.map((account, index) => (
          <AccountOptions
            key={account.id}
            accountId={account.id}
            name={accountName(account, unnamed)}
            index={index}
            kind={kind}
            loginMode={account.loginMode}
            draft={options[account.id] ?? emptyOptions()}
            items={items.filter((item) => item.media)}
            errorOf={errorOf}
            onChange={(next) => onChange(account.id, next)}
          />
        ))
      ) : (
        <p class="hint">{t('compose.options.needMedia')}</p>
      )}
    </section>
  );
}
