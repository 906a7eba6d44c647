/**
 * One followed feed: its address and title, what its new items become and for which
 * accounts, the caption template, when it was read and will be read next, why it is
 * paused or what failed last; the actions (read now, pause or resume, remove) and what a
 * read now found, with links to the posts it made.
 */
import type { CheckFeedResponse } from '@reelay/sdk';
import { LocalTime } from '../../components/local-time';
import { useT } from '../../i18n';
import type { Feed } from './use-feeds';

export type FeedCheck = CheckFeedResponse['check'];

export interface FeedCardProps {
  feed: Feed;
  /** Who gets the posts, in words: the accounts' names or the profile's. */
  targets: string;
  /** The outcome of the last "read now" on this page, if any. */
  check: FeedCheck | null;
  busy: boolean;
  onCheck(): void;
  onTogglePause(): void;
  onDelete(): void;
}

export function FeedCard(props: FeedCardProps) {
  const t = useT();
  const { feed } = props;
  const headingId = `feed-${feed.id}-url`;
  const paused = feed.status === 'paused';
  return (
    <article
      id={`feed-${feed.id}`}
      class={`feed${paused ? ' attention' : ''}`}
      aria-labelledby={headingId}
    >
      <header>
        <h3 id={headingId}>{feed.url}</h3>
        <span class={`badge ${paused ? 'paused' : 'connected'}`}>
          {paused ? t('feeds.paused') : t('feeds.active')}
        </span>
      </header>
      {feed.title && <p>{feed.title}</p>}
      <dl>
        <dt>{t('feeds.mode')}</dt>
        <dd>{feed.mode === 'draft' ? t('feeds.modeDraft') : t('feeds.modeQueue')}</dd>
        <dt>{t('feeds.targets')}</dt>
        <dd>{props.targets}</dd>
        <dt>{t('feeds.template')}</dt>
        <dd>
          <pre class="excerpt">{feed.captionTemplate}</pre>
        </dd>
        <dt>{t('feeds.lastChecked')}</dt>
        <dd>{feed.lastCheckedAt ? <LocalTime iso={feed.lastCheckedAt} /> : t('feeds.never')}</dd>
        {feed.nextCheckAt && (
          <>
            <dt>{t('feeds.nextCheck')}</dt>
            <dd>
              <LocalTime iso={feed.nextCheckAt} />
            </dd>
          </>
        )}
        {paused && feed.pausedReason && (
          <>
            <dt>{t('feeds.pausedReason')}</dt>
            <dd>{feed.pausedReason}</dd>
          </>
        )}
        {feed.lastError && (
          <>
            <dt>{t('feeds.lastError')}</dt>
            <dd>
              {feed.lastError.message} <code>{feed.lastError.code}</code>
              {feed.consecutiveFailures > 0 && (
                <> ({t('feeds.failures', { count: feed.consecutiveFailures })})</>
              )}
            </dd>
          </>
        )}
      </dl>
      <footer class="actions">
        <button
          type="button"
          aria-label={t('feeds.checkLabel', { url: feed.url })}
          aria-busy={props.busy ? 'true' : undefined}
          disabled={props.busy || paused}
          onClick={props.onCheck}
        >
          {props.busy ? t('feeds.checking') : t('feeds.check')}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-label={t(paused ? 'feeds.resumeLabel' : 'feeds.pauseLabel', { url: feed.url })}
          disabled={props.busy}
          onClick={props.onTogglePause}
        >
          {paused ? t('feeds.resume') : t('feeds.pause')}
        </button>
        <button
          type="button"
          class="danger outline"
          aria-label={t('feeds.deleteLabel', { url: feed.url })}
          disabled={props.busy}
          onClick={props.onDelete}
        >
          {t('feeds.delete')}
        </button>
      </footer>
      <div role="status" class="live">
        {props.check && <CheckOutcome check={props.check} />}
      </div>
    </article>
  );
}

function CheckOutcome({ check }: { check: FeedCheck }) {
  const t = useT();
  if (check.outcome === 'not_modified') return <p>{t('feeds.checkNotModified')}</p>;
  if (check.outcome === 'failed') {
    return (
      <p class="form-error">
        {t('feeds.checkFailed')} {check.error?.message}
      </p>
    );
  }
  return (
    <div class="test-result success">
      {check.postIds.length === 0 ? (
        <p>{t('feeds.checkNothingNew', { seen: check.itemsSeen })}</p>
      ) : (
        <>
          <p>{t('feeds.checkCreated', { count: check.postIds.length })}</p>
          <ul>
            {check.postIds.map((id) => (
              <li key={id}>
                <a href={`/app/posts/${id}`}>{t('feeds.openPost', { id })}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {check.skipped.length > 0 && (
        <>
          <p>{t('feeds.checkSkipped')}</p>
          <ul>
            {check.skipped.map((skipped) => (
              <li key={skipped.item}>
                {skipped.item}: {skipped.message} <code>{skipped.code}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
