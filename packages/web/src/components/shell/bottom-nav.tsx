/**
 * On a phone, the main pages in a bar at the bottom of the screen, in reach of a thumb:
 * the calendar, composing, the inbox (with its count of unread threads) and the media,
 * each an icon over its name, and "More", which opens the menu with the rest. Hidden
 * from 640 px wide, where the banner shows the pages.
 */
import { useT } from '../../i18n';
import { NavIcon } from './nav-icons';
import { NavLink } from './nav-link';
import { BAR_PAGES, type NavCounts } from './nav-pages';
import { MENU_ID, type Menu } from './use-menu';

/**
 * @example
 * ```tsx
 * <BottomNav path={path} counts={counts} menu={menu} />
 * ```
 */
export function BottomNav({ path, counts, menu }: { path: string; counts: NavCounts; menu: Menu }) {
  const t = useT();
  return (
    <nav class="bottom-nav" aria-label={t('shell.bottomNav.label')}>
      <ul>
        {BAR_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink page={page} path={path} counts={counts} icon={<NavIcon name={page.icon} />} />
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-expanded={menu.open}
            aria-controls={MENU_ID}
            onClick={(event) => menu.toggle(event.currentTarget)}
          >
            <NavIcon name="more" />
            <span class="nav-name">{t('shell.bottomNav.more')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
