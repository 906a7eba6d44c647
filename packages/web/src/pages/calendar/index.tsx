/**
 * The calendar: the project's posts by date, in month, week, day and agenda (list) views,
 * coloured and labelled by status, filtered by account, profile and status, in the
 * person's time zone (named on the page, and changeable). A scheduled post is rescheduled
 * by dragging it; a click opens it. The view, the period and the filters live in the
 * address, so a reload or a shared link shows the same calendar. Drafts the grid cannot
 * place (no time, or no account) are listed beside it (calendar-drafts.tsx).
 *
 * The first screen is the calendar itself: the page's explanation, the zone note and the
 * legend wait behind the heading's help button, and the filters and the refresh button
 * share one compact row (folded under a button on a phone, which opens the agenda).
 *
 * The week and day views also mark the free slots of the posting schedules of the accounts shown
 * (at most 10 accounts: with more, the page asks for a filter first); a click on one opens
 * the composer at that time for that account.
 *
 * The posts are read again every minute while the tab is visible, every 10 seconds while
 * one of them is about to publish or publishing, and when the person comes back to the
 * tab: a post published meanwhile shows as such without a reload (use-calendar-refresh.ts).
 */
import { useMemo, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { LoadFailed } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { readProjectAccounts, type Integration } from '../../components/project-accounts';
import { useLoad } from '../../components/use-load';
import { currentLanguage, useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { CalendarBar, CalendarLegend } from './calendar-bar';
import { unplacedDrafts } from './calendar-data';
import { CalendarDrafts } from './calendar-drafts';
import { CalendarFilters } from './calendar-filters';
import { FREE_SLOT_ACCOUNTS_MAX, slotAccounts, useFreeSlots } from './free-slots';
import { PostCalendar, type VisibleRange } from './post-calendar';
import { useCalendarAddress } from './use-calendar-address';
import { useCalendarPosts } from './use-calendar-posts';
import { useCalendarRefresh } from './use-calendar-refresh';
import { useNarrow } from './use-narrow';
import { useReschedule } from './use-reschedule';
import { useSeriesFacts } from '../series/use-series-facts';
import './calendar.css';

/** `@username` of each account, for the filter and the events' titles. */
function useAccountNames(integrations: readonly Integration[] | undefined) {
  const t = useT();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const account of integrations ?? []) {
      names.set(account.id, `@${account.displayName ?? t('calendar.unknownAccount')}`);
    }
    return names;
  }, [integrations]);
}

export default function CalendarPage() {
  const api = useApi();
  const t = useT();
  const zone = usePersonTimeZone();
  const { view, date, accountId, profileId, status, goTo, route } = useCalendarAddress();
  const accounts = useLoad((signal) => readProjectAccounts(api, signal), []);
  const integrations = accounts.data?.integrations ?? [];
  const accountNames = useAccountNames(accounts.data?.integrations);
  // The calendar reports the range it shows once drawn; its posts are read for it.
  const [range, setRange] = useState<VisibleRange | null>(null);
  const posts = useCalendarPosts(range, { accountId, profileId, status });
  const seriesFacts = useSeriesFacts(posts.data?.posts ?? null);
  const drafts = useLoad(
    (signal) => unplacedDrafts(api, { accountId, profileId }, signal),
    [accountId, profileId],
  );
  const slotOwners = slotAccounts(integrations, { accountId, profileId });
  const timed = view === 'week' || view === 'day';
  const freeSlots = useFreeSlots(slotOwners === 'too-many' ? [] : slotOwners, timed);
  const narrow = useNarrow();
  const { refresh, refreshSlots } = useCalendarRefresh(posts.data?.posts ?? null, {
    posts: () => Promise.all([posts.refresh(), drafts.refresh()]),
    slots: freeSlots.refresh,
  });
  const { notice, actionError, reschedule } = useReschedule(zone, (updated) => {
    refreshSlots();
    // It awaits approval again: drawn afresh in that status.
    if (updated.status !== 'scheduled') void posts.refresh();
  });
  const loadError = accounts.error ?? posts.error;

  function retry() {
    if (!accounts.data) void accounts.retry();
    void posts.retry();
    refreshSlots();
  }

  return (
    <section class="calendar-page">
      <PageHeading
        title={t('calendar.title')}
        help={
          <>
            <p>{t('calendar.intro')}</p>
            <p class="calendar-zone-note">{t('calendar.zoneNote', { zone: zoneLabel(zone) })}</p>
            <p>{t('calendar.readNote')}</p>
            <p>{t('calendar.freeSlotsNote')}</p>
            <CalendarLegend />
          </>
        }
      >
        {t('calendar.title')}
      </PageHeading>
      <div class="calendar-controls">
        <CalendarFilters
          integrations={integrations}
          profiles={accounts.data?.profiles ?? []}
          accountNames={accountNames}
          accountId={accountId}
          profileId={profileId}
          status={status}
          zone={zone}
          folded={narrow}
          onFilter={goTo}
        />
        <CalendarBar loadedAt={posts.data?.loadedAt ?? null} zone={zone} onRefresh={refresh} />
      </div>
      {timed && slotOwners === 'too-many' && (
        <p class="hint">{t('calendar.freeSlotsTooMany', { max: FREE_SLOT_ACCOUNTS_MAX })}</p>
      )}

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
        <LoadFailed message={t('calendar.loadFailed')} error={loadError} onRetry={retry} />
      ) : null}
      <div class="calendar-layout">
        {accounts.data && (
          <PostCalendar
            view={view}
            date={date}
            zone={zone}
            language={currentLanguage()}
            posts={posts.data?.posts ?? null}
            filters={posts.data?.filters ?? {}}
            accountNames={accountNames}
            onNavigate={(nextView, nextDate, shown) => {
              setRange(shown);
              goTo({ view: nextView, date: nextDate });
            }}
            onOpen={(postId) => route(`/app/posts/${postId}`)}
            onReschedule={reschedule}
            freeSlots={freeSlots.slots}
            seriesFacts={seriesFacts}
            onCompose={(slot) =>
              route(`/app/compose?${new URLSearchParams({ at: slot.at, account: slot.accountId })}`)
            }
          />
        )}
        {!accounts.data && !loadError && <p aria-busy="true">{t('app.loading')}</p>}
        <CalendarDrafts
          drafts={drafts.data?.drafts ?? null}
          more={drafts.data?.more ?? false}
          error={drafts.error}
          accountNames={accountNames}
          zone={zone}
        />
      </div>
    </section>
  );
}
