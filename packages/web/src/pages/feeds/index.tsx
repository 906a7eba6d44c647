/**
 * The feeds the project follows (`/v1/feeds`): follow a new one, read one now and see
 * what it made, pause and resume, remove after a confirmation. Each feed says what its
 * items become, for which accounts, and when and how it was last read.
 */
import '../../components/admin-pages.css';
import { FEED_CHECK_MINUTES } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { localTimeZone } from '../../components/local-time';
import { PageHeading } from '../../components/page-heading';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import type { ProjectAccounts } from '../../components/project-accounts';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { FeedCard, type FeedCheck } from './feed-card';
import { FeedForm } from './feed-form';
import { useFeeds, type Feed } from './use-feeds';

/** Who gets a feed's posts, in words. */
function targetsOf(
  t: ReturnType<typeof useT>,
  feed: Feed,
  { profiles, integrations }: ProjectAccounts,
): string {
  if (feed.profileId) {
    const profile = profiles.find((item) => item.id === feed.profileId);
    return t('feeds.profileTargets', { name: profile?.name ?? feed.profileId });
  }
  const names = new Map(integrations.map((item) => [item.id, `@${item.displayName ?? item.id}`]));
  return feed.integrationIds.map((id) => names.get(id) ?? id).join(', ');
}

export default function FeedsPage() {
  const t = useT();
  const api = useApi();
  const { data, error, retry, replace, remove } = useFeeds();
  const feedback = useActionFeedback();
  const [busy, setBusy] = useState<string | null>(null);
  const [checks, setChecks] = useState<Record<string, FeedCheck>>({});
  const [deleting, setDeleting] = useState<Feed | null>(null);

  /** Runs one action on a feed, one at a time, and says how it went. */
  async function act(feed: Feed, action: () => Promise<void>) {
    setBusy(feed.id);
    try {
      await action();
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(null);
    }
  }

  const check = (feed: Feed) =>
    act(feed, async () => {
      const answer = await api.feeds.check(feed.id);
      replace(answer.feed);
      setChecks((current) => ({ ...current, [feed.id]: answer.check }));
      feedback.say('');
    });

  const togglePause = (feed: Feed) =>
    act(feed, async () => {
      const paused = feed.status !== 'paused';
      const { feed: changed } = await api.feeds.update(feed.id, { paused });
      replace(changed);
      feedback.say(t(paused ? 'feeds.pausedNotice' : 'feeds.resumedNotice', { url: feed.url }));
    });

  async function confirmDelete() {
    const feed = deleting;
    if (!feed) return;
    await act(feed, async () => {
      await api.feeds.delete(feed.id);
      remove(feed.id);
      feedback.say(t('feeds.deletedNotice', { url: feed.url }));
    });
    setDeleting(null);
  }

  return (
    <section class="admin-page">
      <PageHeading
        title={t('feeds.title')}
        help={<p>{t('feeds.help', { minutes: FEED_CHECK_MINUTES })}</p>}
      >
        {t('feeds.title')}
      </PageHeading>

      {error && !data ? (
        <LoadFailed message={t('feeds.loadFailed')} error={error} onRetry={() => void retry()} />
      ) : !data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <>
          <section aria-labelledby="feeds-list-title">
            <h2 id="feeds-list-title">{t('feeds.listTitle')}</h2>
            <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
            {data.feeds.length === 0 ? (
              <p class="empty">{t('feeds.empty')}</p>
            ) : (
              <>
                <p class="muted">
                  <small>{t('webhooks.timesIn', { zone: localTimeZone() })}</small>
                </p>
                {data.feeds.map((feed) => (
                  <FeedCard
                    key={feed.id}
                    feed={feed}
                    targets={targetsOf(t, feed, data)}
                    check={checks[feed.id] ?? null}
                    busy={busy === feed.id}
                    onCheck={() => void check(feed)}
                    onTogglePause={() => void togglePause(feed)}
                    onDelete={() => setDeleting(feed)}
                  />
                ))}
              </>
            )}
          </section>
          <FeedForm
            profiles={data.profiles}
            integrations={data.integrations}
            onCreated={(feed) => {
              void retry();
              feedback.say(t('feeds.created', { url: feed.url }));
            }}
          />
        </>
      )}

      {deleting && (
        <ConfirmDialog
          title={t('feeds.deleteTitle', { url: deleting.url })}
          confirmLabel={t('feeds.delete')}
          cancelLabel={t('feeds.cancel')}
          busy={busy === deleting.id}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('feeds.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
