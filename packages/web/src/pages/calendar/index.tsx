/**
 * The calendar: the project's posts by date, in month, week and list views, coloured and
 * labelled by status, filtered by account and by profile, in the person's time zone
 * (named on the page, and changeable). A scheduled post is rescheduled by dragging it;
 * a click opens it. The view, the period and the filters live in the address, so a
 * reload or a shared link shows the same calendar.
 *
 * The week view also marks the free slots of the posting schedules of the accounts shown
 * (at most 10 accounts: with more, the page asks for a filter first); a click on one opens
 * the composer at that time for that account.
 *
 * The posts are read again every minute while the tab is visible, every 10 seconds while
 * one of them is about to publish or publishing, and when the person comes back to the
 * tab: a post published meanwhile shows as such without a reload.
 */
import type { Post } from '@reelay/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { describeError } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import {
  formatInZone,
  setPersonTimeZone,
  TimeZoneSelect,
  usePersonTimeZone,
  zoneLabel,
} from '../../components/person-zone';
import { POST_STATUSES, StatusBadge } from '../../components/post-status';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { currentLanguage, useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { readProjectAccounts } from '../../components/project-accounts';
import { postDate, type Integration, type Profile } from './calendar-data';
import { FREE_SLOT_ACCOUNTS_MAX, slotAccounts, useFreeSlots } from './free-slots';
import { PostCalendar, type CalendarView } from './post-calendar';
import './calendar.css';

const PAGE_PATH = '/app/calendar';
const SOON_MS = 5 * 60_000;
const FAST_REFRESH_MS = 10_000;
const SLOW_REFRESH_MS = 60_000;
/** Free slots are read again by the timer at most this often (a timer tick may come early). */
const SLOTS_REFRESH_MS = SLOW_REFRESH_MS - 5_000;
/** Without profile, as the list route's `profileId` filter writes it. */
const NO_PROFILE = 'null';

const VIEWS: readonly CalendarView[] = ['month', 'week', 'list'];

/** Whether a post will change soon by itself: publishing, or due within minutes. */
function changingSoon(post: Post, now: number): boolean {
  if (post.status === 'queued' || post.status === 'publishing') return true;
  return post.status === 'scheduled' && Date.parse(postDate(post)) - now < SOON_MS;
}

export default function CalendarPage() {
  const session = useSessionClient();
  const t = useT();
  const { query, route } = useLocation();
  const zone = usePersonTimeZone();
  const view: CalendarView = VIEWS.includes(query.view as CalendarView)
    ? (query.view as CalendarView)
    : 'month';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(query.date ?? '') ? query.date! : null;
  const accountId = query.account || undefined;
  const profileId = query.profile || undefined;

  const [accounts, setAccounts] = useState<{ profiles: Profile[]; integrations: Integration[] }>();
  const [refreshKey, setRefreshKey] = useState(0);
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');

  useEffect(() => {
    readProjectAccounts(session.api).then(setAccounts, setLoadError);
  }, []);

  const accountNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const account of accounts?.integrations ?? []) {
      names.set(account.id, `@${account.displayName ?? t('calendar.unknownAccount')}`);
    }
    return names;
  }, [accounts]);

  /** Writes the calendar's state into the address, replacing the current entry. */
  const goTo = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams();
      const merged = { view, date: date ?? undefined, account: accountId, profile: profileId };
      for (const [key, value] of Object.entries({ ...merged, ...changes })) {
        if (value) next.set(key, value);
      }
      const search = next.toString();
      const url = search ? `${PAGE_PATH}?${search}` : PAGE_PATH;
      // Only while the calendar is the page shown: never pull the person back to it.
      if (location.pathname !== PAGE_PATH) return;
      if (url !== `${location.pathname}${location.search}`) route(url, true);
    },
    [view, date, accountId, profileId],
  );

  // Free slots change only when posts are scheduled or moved: read at most every minute
  // by the timer (one request per account), at once when asked or after a move.
  const [slotsKey, setSlotsKey] = useState(0);
  const slotsReadAt = useRef(Date.now());
  const refreshSlots = useCallback(() => {
    slotsReadAt.current = Date.now();
    setSlotsKey((key) => key + 1);
  }, []);
  const refresh = useCallback(() => {
    setRefreshKey((key) => key + 1);
    refreshSlots();
  }, []);
  const soon = posts?.some((post) => changingSoon(post, Date.now())) ?? false;
  useAutoRefresh(
    () => {
      setRefreshKey((key) => key + 1);
      if (Date.now() - slotsReadAt.current >= SLOTS_REFRESH_MS) refreshSlots();
    },
    soon ? FAST_REFRESH_MS : SLOW_REFRESH_MS,
  );

  async function reschedule(post: Post, start: Date): Promise<Post> {
    setNotice('');
    setActionError('');
    try {
      const { post: updated } = await session.api.posts.update(post.id, {
        scheduledFor: start.toISOString(),
      });
      refreshSlots();
      setNotice(
        t('calendar.rescheduled', {
          time: formatInZone(updated.scheduledFor ?? start.toISOString(), zone),
          zone,
        }),
      );
      return updated;
    } catch (caught) {
      setActionError(t('calendar.rescheduleFailed', { reason: describeError(caught) }));
      throw caught;
    }
  }

  const integrations = accounts?.integrations ?? [];
  const profiles = accounts?.profiles ?? [];
  const slotOwners = slotAccounts(integrations, { accountId, profileId });
  const freeSlots = useFreeSlots(
    slotOwners === 'too-many' ? [] : slotOwners,
    view === 'week',
    slotsKey,
  );

  return (
    <section class="calendar-page">
      <PageHeading title={t('calendar.title')}>{t('calendar.title')}</PageHeading>
      <p>{t('calendar.intro')}</p>

      <div class="calendar-filters">
        <label for="calendar-account">
          {t('calendar.account')}
          <select
            id="calendar-account"
            value={accountId ?? ''}
            onChange={(event) => goTo({ account: event.currentTarget.value || undefined })}
          >
            <option value="">{t('calendar.allAccounts')}</option>
            {integrations.map((account) => (
              <option key={account.id} value={account.id}>
                {accountNames.get(account.id)}
              </option>
            ))}
          </select>
        </label>
        <label for="calendar-profile">
          {t('calendar.profile')}
          <select
            id="calendar-profile"
            value={profileId ?? ''}
            onChange={(event) => goTo({ profile: event.currentTarget.value || undefined })}
          >
            <option value="">{t('calendar.allProfiles')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
            <option value={NO_PROFILE}>{t('calendar.noProfile')}</option>
          </select>
        </label>
        <TimeZoneSelect
          id="calendar-zone"
          label={t('calendar.zone')}
          value={zone}
          onChange={setPersonTimeZone}
        />
      </div>

      <p class="calendar-zone-note">{t('calendar.zoneNote', { zone: zoneLabel(zone) })}</p>
      <p class="hint">
        {slotOwners === 'too-many'
          ? t('calendar.freeSlotsTooMany', { max: FREE_SLOT_ACCOUNTS_MAX })
          : t('calendar.freeSlotsNote')}
      </p>

      <div class="calendar-bar">
        <ul class="calendar-legend" aria-label={t('calendar.legend')}>
          {POST_STATUSES.map((status) => (
            <li key={status}>
              <StatusBadge status={status} />
            </li>
          ))}
          <li>
            <span class="status-badge free-slot-badge">
              <span aria-hidden="true">+</span> {t('calendar.freeSlot')}
            </span>
          </li>
        </ul>
        <div class="calendar-refresh">
          <button type="button" class="secondary outline" onClick={refresh}>
            {t('calendar.refresh')}
          </button>
          {loadedAt && (
            <small>
              {t('calendar.updatedAt', {
                time: new Intl.DateTimeFormat(currentLanguage(), {
                  timeStyle: 'medium',
                  timeZone: zone,
                }).format(loadedAt),
              })}
            </small>
          )}
        </div>
      </div>

      <p role="status" class="live">
        {notice}
      </p>
      {actionError && (
        <p role="alert" class="form-error">
          {actionError}
        </p>
      )}
      {freeSlots.error ? (
        <p role="alert" class="form-error">
          {t('calendar.freeSlotsFailed', { reason: describeError(freeSlots.error) })}
        </p>
      ) : null}
      {loadError ? (
        <div role="alert">
          <p>
            {t('calendar.loadFailed')} {describeError(loadError)}
          </p>
          <button
            type="button"
            onClick={() => {
              setLoadError(null);
              if (!accounts) readProjectAccounts(session.api).then(setAccounts, setLoadError);
              refresh();
            }}
          >
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {accounts && (
        <PostCalendar
          view={view}
          date={date}
          zone={zone}
          language={currentLanguage()}
          filters={{ accountId, profileId }}
          accountNames={accountNames}
          refreshKey={refreshKey}
          onNavigate={(nextView, nextDate) => goTo({ view: nextView, date: nextDate })}
          onOpen={(postId) => route(`/app/posts/${postId}`)}
          onLoaded={(loaded) => {
            setPosts(loaded);
            setLoadedAt(new Date());
            setLoadError(null);
          }}
          onLoadError={setLoadError}
          onReschedule={reschedule}
          freeSlots={freeSlots.slots}
          onCompose={(slot) =>
            route(`/app/compose?${new URLSearchParams({ at: slot.at, account: slot.accountId })}`)
          }
        />
      )}
      {!accounts && !loadError && <p aria-busy="true">{t('app.loading')}</p>}
    </section>
  );
}
