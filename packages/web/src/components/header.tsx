/**
 * The app's banner: the name, the main navigation (only pages that exist, the approvals
 * link with the count of posts awaiting approval), the project switcher when the person
 * has several projects (their organization's and those shared with them), the language
 * switcher and sign out.
 */
import { useLocation } from 'preact-iso';
import { useT } from '../i18n';
import { type Me, type SessionState } from '../session/session';
import { useSessionClient } from '../session/session-context';
import { useAwaitingCount } from './approval-count';
import { LanguageSelect } from './language-select';

/** The pages of the main navigation. */
const PAGES = [
  { path: '/app/calendar', label: 'nav.calendar' },
  { path: '/app/compose', label: 'compose.nav' },
  { path: '/app/approvals', label: 'approvals.nav' },
  { path: '/app/media', label: 'library.nav' },
  { path: '/app/accounts', label: 'nav.accounts' },
  { path: '/app/webhooks', label: 'webhooks.nav' },
  { path: '/app/members', label: 'members.nav' },
  { path: '/app/api-keys', label: 'apiKeys.nav' },
  { path: '/app/settings', label: 'settings.nav' },
] as const;

export function Header({ state }: { state: SessionState }) {
  const session = useSessionClient();
  const t = useT();
  const { path } = useLocation();
  const signedIn = state.status === 'signed-in' ? state : null;
  const awaiting = useAwaitingCount(session.api, signedIn?.projectId ?? null, path);
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
            PAGES.map((page) => {
              // The approvals link shows how many posts wait, and says it in its name.
              const count = page.path === '/app/approvals' && awaiting ? awaiting : 0;
              return (
                <li key={page.path}>
                  <a
                    href={page.path}
                    aria-current={path.startsWith(page.path) ? 'page' : undefined}
                    aria-label={
                      count ? t('approvals.navLabel', { label: t(page.label), count }) : undefined
                    }
                  >
                    {t(page.label)}
                    {count > 0 && (
                      <>
                        {' '}
                        <span class="nav-count">{count}</span>
                      </>
                    )}
                  </a>
                </li>
              );
            })}
        </ul>
        <ul class="app-tools">
          {signedIn && signedIn.me.projects.length > 1 && (
            <li>
              <ProjectSelect
                me={signedIn.me}
                projectId={signedIn.projectId}
                onSelect={(projectId) => session.selectProject(projectId)}
              />
            </li>
          )}
          <li>
            <LanguageSelect />
          </li>
          {signedIn && (
            <li>
              <button
                type="button"
                class="secondary outline"
                title={t('nav.signedInAs', { email: signedIn.me.user.email })}
                onClick={() => session.signOut()}
              >
                {t('nav.signOut')}
              </button>
            </li>
          )}
        </ul>
      </nav>
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
