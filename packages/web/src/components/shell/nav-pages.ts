/**
 * The app's pages as the navigation offers them. The main ones are always in reach (in the
 * banner on a wide screen, in the bar at the bottom of a phone's); the others wait in the
 * menu, with the person's account.
 */

/** A page of the navigation: its path and the text key of its name. */
export interface NavPage {
  path: string;
  label: string;
}

/** The pages of the banner's row, in order. */
export const MAIN_PAGES: readonly NavPage[] = [
  { path: '/app/calendar', label: 'nav.calendar' },
  { path: '/app/compose', label: 'compose.nav' },
  { path: '/app/approvals', label: 'approvals.nav' },
  { path: '/app/inbox', label: 'inbox.nav' },
  { path: '/app/media', label: 'library.nav' },
  { path: '/app/accounts', label: 'nav.accounts' },
];

/** The pages in the menu: set up once, visited now and then. */
export const MENU_PAGES: readonly NavPage[] = [
  { path: '/app/planner', label: 'grid.nav' },
  { path: '/app/feeds', label: 'feeds.nav' },
  { path: '/app/webhooks', label: 'webhooks.nav' },
  { path: '/app/members', label: 'members.nav' },
  { path: '/app/api-keys', label: 'apiKeys.nav' },
  { path: '/app/settings', label: 'settings.nav' },
];

/** The main pages that do not fit the phone's bar: its menu lists them first. */
export const PHONE_MENU_PAGES: readonly NavPage[] = MAIN_PAGES.filter(
  (page) => page.path === '/app/approvals' || page.path === '/app/accounts',
);

/** The phone's bar: its pages, each with its icon and a short name. */
export const BAR_PAGES: ReadonlyArray<
  NavPage & { icon: 'calendar' | 'compose' | 'inbox' | 'media' }
> = [
  { path: '/app/calendar', label: 'nav.calendar', icon: 'calendar' },
  { path: '/app/compose', label: 'shell.bottomNav.compose', icon: 'compose' },
  { path: '/app/inbox', label: 'inbox.nav', icon: 'inbox' },
  { path: '/app/media', label: 'library.nav', icon: 'media' },
];

/** The counts shown beside links: posts awaiting approval, unread comment threads. */
export interface NavCounts {
  approvals: number;
  inbox: number;
}

/** Which count a page's link shows, if any. */
export function countedAs(path: string): keyof NavCounts | null {
  if (path === '/app/approvals') return 'approvals';
  if (path === '/app/inbox') return 'inbox';
  return null;
}

/** Whether `path` (the current location) is `page` or one of its sub-pages. */
export function isCurrent(page: NavPage, path: string): boolean {
  return path === page.path || path.startsWith(`${page.path}/`);
}
