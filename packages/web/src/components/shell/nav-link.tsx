/**
 * A link of the navigation: marked as the current page where it is, and with its count
 * (posts awaiting approval, unread threads) beside its name, which its accessible name
 * says too.
 */
import type { ComponentChildren } from 'preact';
import { useT } from '../../i18n';
import { countedAs, isCurrent, type NavCounts, type NavPage } from './nav-pages';

/**
 * @example
 * ```tsx
 * <NavLink page={{ path: '/app/inbox', label: 'inbox.nav' }} path={path} counts={counts} />
 * ```
 */
export function NavLink({
  page,
  path,
  counts,
  icon,
  onNavigate,
}: {
  page: NavPage;
  /** The current location. */
  path: string;
  counts: NavCounts;
  icon?: ComponentChildren;
  onNavigate?: () => void;
}) {
  const t = useT();
  const counted = countedAs(page.path);
  const count = counted ? counts[counted] : 0;
  const name = t(page.label);
  return (
    <a
      href={page.path}
      aria-current={isCurrent(page, path) ? 'page' : undefined}
      aria-label={count ? t(`${counted}.navLabel`, { label: name, count }) : undefined}
      onClick={onNavigate}
    >
      {icon}
      <span class="nav-name">{name}</span>
      {count > 0 && (
        <>
          {' '}
          <span class="nav-count">{count}</span>
        </>
      )}
    </a>
  );
}
