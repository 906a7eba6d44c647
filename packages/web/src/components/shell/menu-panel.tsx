/**
 * The menu: the pages visited now and then (webhooks, members, API keys, settings), and
 * the person's account (who is signed in, the language, sign out). On a phone it also
 * holds the main pages the bottom bar has no room for and the project switcher; on a
 * tablet, the project switcher. Opening it puts the focus on its first item.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useT } from '../../i18n';
import { LanguageSelect } from '../language-select';
import { NavLink } from './nav-link';
import { MENU_PAGES, PHONE_MENU_PAGES, type NavCounts } from './nav-pages';
import { MENU_ID, type Menu } from './use-menu';

/**
 * @example
 * ```tsx
 * <MenuPanel menu={menu} path={path} counts={counts} email={me.user.email}
 *   projectSelect={<ProjectSelect … />} onSignOut={() => session.signOut()} />
 * ```
 */
export function MenuPanel({
  menu,
  path,
  counts,
  email,
  projectSelect,
  onSignOut,
}: {
  menu: Menu;
  path: string;
  counts: NavCounts;
  email: string;
  /** The project switcher, when the person has several projects. */
  projectSelect: ComponentChildren;
  onSignOut(): void;
}) {
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menu.open) return;
    // The first item that shows at this width (the phone's section is hidden elsewhere).
    const items = panel.current?.querySelectorAll<HTMLElement>('a, select, button') ?? [];
    [...items].find((item) => item.offsetParent !== null)?.focus();
  }, [menu.open]);
  const close = () => menu.close();
  return (
    <nav
      id={MENU_ID}
      ref={panel}
      class="app-menu"
      aria-label={t('shell.menu.label')}
      hidden={!menu.open}
    >
      <h2 class="visually-hidden">{t('shell.menu.pages')}</h2>
      <ul>
        {PHONE_MENU_PAGES.map((page) => (
          <li key={page.path} class="phone-only">
            <NavLink page={page} path={path} counts={counts} onNavigate={close} />
          </li>
        ))}
        {MENU_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink page={page} path={path} counts={counts} onNavigate={close} />
          </li>
        ))}
      </ul>
      <h2 class="app-menu-heading">{t('shell.menu.account')}</h2>
      <p class="app-menu-email">{t('nav.signedInAs', { email })}</p>
      {projectSelect && <div class="menu-project">{projectSelect}</div>}
      <LanguageSelect />
      <button type="button" class="secondary outline" onClick={onSignOut}>
        {t('nav.signOut')}
      </button>
    </nav>
  );
}
