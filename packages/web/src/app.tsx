/**
 * The shell: banner, main landmark, the phone's bottom bar and the routes. Each page is its own chunk, loaded
 * when first shown. Signed out, every path shows the sign-in page, and the same path
 * opens once signed in, except an invitation's link, whose page offers to sign up too.
 */
import { Fragment } from 'preact';
import { useEffect } from 'preact/hooks';
import { ErrorBoundary, lazy, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useAwaitingCount } from './components/approval-count';
import { Header } from './components/header';
import { useUnreadCount } from './components/inbox-count';
import { BottomNav } from './components/shell/bottom-nav';
import { useMenu } from './components/shell/use-menu';
import { useT } from './i18n';
import { invitationTokenIn } from './pages/invite/invite-path';
import { reviewTokenIn } from './pages/review/review-path';
import { OIDC_CALLBACK_PATH } from './session/oidc';
import type { SessionState } from './session/session';
import { useSession, useSessionClient } from './session/session-context';

const SignInPage = lazy(() => import('./pages/sign-in'));
const OidcCallbackPage = lazy(() => import('./pages/sign-in/oidc-callback'));
const AccountsPage = lazy(() => import('./pages/accounts'));
const ComposePage = lazy(() => import('./pages/compose'));
const ImportPage = lazy(() => import('./pages/import'));
const MediaPage = lazy(() => import('./pages/media'));
const CalendarPage = lazy(() => import('./pages/calendar'));
const GridPlannerPage = lazy(() => import('./pages/grid'));
const FeedsPage = lazy(() => import('./pages/feeds'));
const ApprovalsPage = lazy(() => import('./pages/approvals'));
const InboxPage = lazy(() => import('./pages/inbox'));
const PostDetailPage = lazy(() => import('./pages/post-detail'));
const WebhooksPage = lazy(() => import('./pages/webhooks'));
const ApiKeysPage = lazy(() => import('./pages/api-keys'));
const MembersPage = lazy(() => import('./pages/members'));
const InvitePage = lazy(() => import('./pages/invite'));
const SettingsPage = lazy(() => import('./pages/settings'));
const NotFoundPage = lazy(() => import('./pages/not-found'));
const ReviewPage = lazy(() => import('./pages/review'));

/**
 * `/app` itself: the calendar is the first page. Also shown on the sign-in callback's
 * path once signed in, where the callback sends the person on by itself: the calendar
 * opens only if nothing moved on meanwhile.
 */
function Home() {
  const { route, path } = useLocation();
  useEffect(() => {
    const trimmed = (value: string) => value.replace(/\/+$/, '');
    if (trimmed(location.pathname) === trimmed(path)) route('/app/calendar', true);
  }, []);
  return null;
}

function Content({ state }: { state: SessionState }) {
  const session = useSessionClient();
  const t = useT();
  const { path } = useLocation();
  if (path === OIDC_CALLBACK_PATH && state.status !== 'signed-in') return <OidcCallbackPage />;
  switch (state.status) {
    case 'starting':
      return <p aria-busy="true">{t('app.loading')}</p>;
    case 'unavailable':
      return (
        <div role="alert">
          <p>{t('errors.CONNECTION_ERROR')}</p>
          <button type="button" onClick={() => void session.retry()}>
            {t('app.retry')}
          </button>
        </div>
      );
    case 'signed-out':
      // An invitation's link offers to sign up with the invited e-mail, or to sign in.
      if (invitationTokenIn(path) !== null) return <InvitePage />;
      return <SignInPage reason={state.reason} detail={state.detail} />;
    case 'signed-in':
      // A new project starts every page afresh.
      return (
        <Fragment key={state.projectId}>
          <Router>
            <Route path="/app" component={Home} />
            <Route path={OIDC_CALLBACK_PATH} component={Home} />
            <Route path="/app/accounts" component={AccountsPage} />
            <Route path="/app/compose" component={ComposePage} />
            <Route path="/app/import" component={ImportPage} />
            <Route path="/app/media" component={MediaPage} />
            <Route path="/app/calendar" component={CalendarPage} />
            <Route path="/app/planner" component={GridPlannerPage} />
            <Route path="/app/feeds" component={FeedsPage} />
            <Route path="/app/approvals" component={ApprovalsPage} />
            <Route path="/app/inbox" component={InboxPage} />
            <Route path="/app/posts/:id" component={PostDetailPage} />
            <Route path="/app/webhooks" component={WebhooksPage} />
            <Route path="/app/members" component={MembersPage} />
            <Route path="/app/invite/:token" component={InvitePage} />
            <Route path="/app/api-keys" component={ApiKeysPage} />
            <Route path="/app/settings" component={SettingsPage} />
            <Route default component={NotFoundPage} />
          </Router>
        </Fragment>
      );
  }
}

export function App() {
  // A review link's page (`/review/<token>`) stands apart: no banner, menu nor session.
  if (reviewTokenIn(location.pathname) !== null)
    return (
      <ErrorBoundary>
        <ReviewPage />
      </ErrorBoundary>
    );
  return (
    <LocationProvider scope="/app">
      <Shell />
    </LocationProvider>
  );
}

/**
 * The banner, the page and, signed in, the phone's bottom bar, which shares the menu and
 * the counts with the banner. The bar comes after the page, so the keyboard reaches the
 * page first.
 */
function Shell() {
  const state = useSession();
  const session = useSessionClient();
  const t = useT();
  const { path } = useLocation();
  const projectId = state.status === 'signed-in' ? state.projectId : null;
  const counts = {
    approvals: useAwaitingCount(session.api, projectId, path) ?? 0,
    inbox: useUnreadCount(session.api, projectId, path) ?? 0,
  };
  const menu = useMenu(path);
  return (
    <div class={projectId ? 'app-shell with-bottom-nav' : 'app-shell'}>
      <a class="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header state={state} path={path} counts={counts} menu={menu} />
      <main id="main" class="container" tabIndex={-1}>
        <ErrorBoundary>
          <Content state={state} />
        </ErrorBoundary>
      </main>
      {projectId && <BottomNav path={path} counts={counts} menu={menu} />}
    </div>
  );
}
