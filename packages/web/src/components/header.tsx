/**
 * The app's banner: the name, the main pages (the approvals link with the count of posts
 * awaiting approval, the inbox link with the count of unread comment threads), the project
 * switcher when the person has several projects (their organization's and those shared
 * with them), and the menu button, whose menu holds the other pages and the person's
 * account. On a phone the banner keeps only the name and the menu button: the main pages
 * are in the bar at the bottom. Signed out, it offers the language instead.
 */
import { useT } from '../i18n';
import { type Me, type SessionState } from '../session/session';
import { useSessionClient } from '../session/session-context';
import { LanguageSelect } from './language-select';
import { MenuPanel } from './shell/menu-panel';
import { NavIcon } from './shell/nav-icons';
import { NavLink } from './shell/nav-link';
import { MAIN_PAGES, type NavCounts } from './shell/nav-pages';
import { MENU_ID, type Menu } from './shell/use-menu';
import { useWide } from './shell/use-wide';

/**
 * @example
 * ```tsx
 * <Header state={state} path={path} counts={counts} menu={menu} />
 * ```
 */
export function Header({
  state,
  path,
  counts,
  menu,
}: {
  state: SessionState;
  path: string;
  counts: NavCounts;
  menu: Menu;
}) {
  const session = useSessionClient();
  const t = useT();
  const signedIn = state.status === 'signed-in' ? state : null;
  const wide = useWide();
  const projectSelect =
    signedIn && signedIn.me.projects.length > 1 ? (
      <ProjectSelect
        me={signedIn.me}
        projectId={signedIn.projectId}
        onSelect={(projectId) => session.selectProject(projectId)}
      />
    ) : null;
  return (
    <header class="container app-header">
      <nav aria-label={t('nav.label')}>
        <ul>
          <li>
            <a href="/app" class="brand">
              <strong>{t('app.name')}</strong>
            </a>
          </li>
          {signedIn &&
            MAIN_PAGES.map((page) => (
              <li key={page.path} class="not-phone">
                <NavLink page={page} path={path} counts={counts} />
              </li>
            ))}
        </ul>
        <ul class="app-tools">
          {signedIn ? (
            <>
              {wide && projectSelect && <li>{projectSelect}</li>}
              <li>
                <button
                  type="button"
                  class="secondary outline menu-button"
                  aria-expanded={menu.open}
                  aria-controls={MENU_ID}
                  onClick={(event) => menu.toggle(event.currentTarget)}
                >
                  <NavIcon name="menu" /> {t('shell.menu.button')}
                </button>
              </li>
            </>
          ) : (
            <li>
              <LanguageSelect />
            </li>
          )}
        </ul>
      </nav>
      {signedIn && (
        <MenuPanel
          menu={menu}
          path={path}
          counts={counts}
          email={signedIn.me.user.email}
          projectSelect={wide ? null : projectSelect}
          onSignOut={() => session.signOut()}
        />
      )}
    </header>
  );
}

/**
 * The project switcher. Projects shared by another organization are grouped apart and
 * show the person's role in each; without any, the list is the plain project names.
 */
function ProjectSelect({
  me,
  projectId,
  onSelect,
}: {
  me: Me;
  projectId: string;
  onSelect(projectId: string): void;
}) {
  const t = useT();
  const own = me.projects.filter((project) => project.organizationId === me.organization.id);
  const shared = me.projects.filter((project) => project.organizationId !== me.organization.id);
  const options = (projects: Me['projects'], withRole: boolean) =>
    projects.map((project) => (
      <option key={project.id} value={project.id}>
        {withRole
          ? t('project.withRole', { name: project.name, role: t(`roles.${project.role}`) })
          : project.name}
      </option>
    ));
  return (
    <select
      class="project-select"
      aria-label={t('project.label')}
      value={projectId}
      onChange={(event) => onSelect(event.currentTarget.value)}
    >
      {shared.length === 0 ? (
        options(own, false)
      ) : (
        <>
          {own.length > 0 && <optgroup label={t('project.owned')}>{options(own, false)}</optgroup>}
          <optgroup label={t('project.shared')}>{options(shared, true)}</optgroup>
        </>
      )}
    </select>
  );
}
