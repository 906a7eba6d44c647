/**
 * The app's banner: the name, the main navigation (only pages that exist), the project
 * switcher when the person has several projects, the language switcher and sign out.
 */
import { useLocation } from 'preact-iso';
import { useT } from '../i18n';
import { type SessionState } from '../session/session';
import { useSessionClient } from '../session/session-context';
import { LanguageSelect } from './language-select';

/** The pages of the main navigation. */
const PAGES = [
  { path: '/app/calendar', label: 'nav.calendar' },
  { path: '/app/compose', label: 'compose.nav' },
  { path: '/app/media', label: 'library.nav' },
  { path: '/app/accounts', label: 'nav.accounts' },
  { path: '/app/webhooks', label: 'webhooks.nav' },
  { path: '/app/api-keys', label: 'apiKeys.nav' },
  { path: '/app/settings', label: 'settings.nav' },
] as const;

export function Header({ state }: { state: SessionState }) {
  const session = useSessionClient();
  const t = useT();
  const { path } = useLocation();
  const signedIn = state.status === 'signed-in' ? state : null;
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
            PAGES.map((page) => (
              <li key={page.path}>
                <a href={page.path} aria-current={path.startsWith(page.path) ? 'page' : undefined}>
                  {t(page.label)}
                </a>
              </li>
            ))}
        </ul>
        <ul class="app-tools">
          {signedIn && signedIn.me.projects.length > 1 && (
            <li>
              <select
                class="project-select"
                aria-label={t('project.label')}
                value={signedIn.projectId}
                onChange={(event) => session.selectProject(event.currentTarget.value)}
              >
                {signedIn.me.projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </select>
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
