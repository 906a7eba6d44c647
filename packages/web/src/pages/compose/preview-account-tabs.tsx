/**
 * The preview's tabs: one per chosen account, with its initial and handle, so the post
 * is seen as each account would show it. Arrow keys, Home and End move between them
 * (the tabs pattern of WAI-ARIA): only the chosen tab is in the tab order.
 */
import { useRef } from 'preact/hooks';
import { useT } from '../../i18n';

/** An account as the preview names it. */
export interface PreviewAccount {
  id: string;
  /** The handle, `@name`. */
  name: string;
}

/** The id of an account's tab, to move focus to it. */
function previewTabId(accountId: string): string {
  return `compose-preview-tab-${accountId}`;
}

/** The id of the preview's panel, which the tabs control. */
export const PREVIEW_PANEL_ID = 'compose-preview-panel';

/** The avatar Instagram would show: here the handle's first letter, in a circle. */
export function AccountInitial({ name }: { name: string }) {
  const initial = [...name.replace(/^@/, '')][0]?.toUpperCase() ?? '?';
  return (
    <span class="avatar" aria-hidden="true">
      {initial}
    </span>
  );
}

export interface PreviewAccountTabsProps {
  accounts: readonly PreviewAccount[];
  selected: string;
  onSelect(accountId: string): void;
}

export function PreviewAccountTabs({ accounts, selected, onSelect }: PreviewAccountTabsProps) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);

  function move(event: KeyboardEvent) {
    const index = accounts.findIndex((account) => account.id === selected);
    const last = accounts.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const account = accounts[next]!;
    onSelect(account.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(previewTabId(account.id))}`)?.focus();
  }

  return (
    <div
      ref={list}
      class="preview-tabs"
      role="tablist"
      aria-label={t('composer.preview.accounts')}
      onKeyDown={move}
    >
      {accounts.map((account) => {
        const chosen = account.id === selected;
        return (
          <button
            key={account.id}
            type="button"
            role="tab"
            id={previewTabId(account.id)}
            class="preview-tab"
            aria-selected={chosen ? 'true' : 'false'}
            aria-controls={PREVIEW_PANEL_ID}
            tabIndex={chosen ? 0 : -1}
            onClick={() => onSelect(account.id)}
          >
            <AccountInitial name={account.name} />
            <span>{account.name}</span>
          </button>
        );
      })}
    </div>
  );
}
