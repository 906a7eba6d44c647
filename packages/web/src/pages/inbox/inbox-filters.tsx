/**
 * The inbox's filters: the account, the threads' state (unread, read, replied, or the
 * hidden ones) and a search in the comments' text and authors. The selects apply at
 * once; the search when sent (Enter or its button), and an empty search shows all.
 */
import { useEffect, useState } from 'preact/hooks';
import { COMMENT_SEARCH_MAX_LENGTH } from '../../components/comments/comment-limits';
import type { Integration } from '../../components/project-accounts';
import { useT } from '../../i18n';
import { INBOX_FILTERS, type InboxFilter } from '../../components/comments/inbox-path';

export interface InboxFiltersProps {
  integrations: readonly Integration[];
  accountName(integrationId: string): string;
  account: string | undefined;
  status: InboxFilter | undefined;
  q: string | undefined;
  onFilter(changes: {
    account?: string | undefined;
    status?: InboxFilter | undefined;
    q?: string | undefined;
  }): void;
}

export function InboxFilters(props: InboxFiltersProps) {
  const t = useT();
  const [text, setText] = useState(props.q ?? '');
  // Back and Forward change the search in the address: the field follows.
  useEffect(() => setText(props.q ?? ''), [props.q]);
  return (
    <div class="inbox-filters">
      <label for="inbox-account">
        {t('inbox.filters.account')}
        <select
          id="inbox-account"
          value={props.account ?? ''}
          onChange={(event) => props.onFilter({ account: event.currentTarget.value || undefined })}
        >
          <option value="">{t('inbox.filters.allAccounts')}</option>
          {props.integrations.map((account) => (
            <option key={account.id} value={account.id}>
              {props.accountName(account.id)}
            </option>
          ))}
        </select>
      </label>
      <label for="inbox-status">
        {t('inbox.filters.status')}
        <select
          id="inbox-status"
          value={props.status ?? ''}
          onChange={(event) =>
            props.onFilter({
              status: INBOX_FILTERS.find((filter) => filter === event.currentTarget.value),
            })
          }
        >
          <option value="">{t('inbox.filters.all')}</option>
          {INBOX_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`inbox.filters.${filter}`)}
            </option>
          ))}
        </select>
      </label>
      <form
        role="search"
        class="inbox-search"
        onSubmit={(event) => {
          event.preventDefault();
          props.onFilter({ q: text.trim() || undefined });
        }}
      >
        <label for="inbox-search">
          {t('inbox.filters.search')}
          <input
            id="inbox-search"
            type="search"
            maxLength={COMMENT_SEARCH_MAX_LENGTH}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="secondary">
          {t('inbox.filters.searchButton')}
        </button>
      </form>
    </div>
  );
}
