/**
 * The post's metrics on each account it was published to: the numbers its kind has (a
 * dash where Instagram served none), when they were read, and "refresh now". An account
 * without metrics says why: not published there, too few viewers for Instagram to
 * report, or the failure of the last read (with reconnecting suggested when a new
 * authorization is the remedy). Metrics read before a failure stay shown.
 */
import type { Post, PostTargetInsights } from '@reelay/sdk';
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { currentLanguage, i18n, useT } from '../../i18n';
import { guidanceFor } from './guidance';
import { formatMetric, metricsOf, timeAgo } from './insights-format';
import { usePostInsights } from './use-post-insights';

/** Whether a post has been published on at least one account, so it may have metrics. */
export function hasInsights(post: Post): boolean {
  return post.status === 'published' || post.status === 'partial';
}

/** The current time, moving every half minute, so "5 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Why the last read failed, in the app's words when it has them. */
function failureText(entry: PostTargetInsights): string {
  const own = `postDetail.insights.failure.${entry.errorCode}`;
  if (i18n.exists(own)) return i18n.t(own);
  return entry.errorMessage ?? i18n.t('postDetail.insights.failure.unknown');
}

interface CardProps {
  entry: PostTargetInsights;
  kind: Post['kind'];
  accountName: string;
  zone: string;
  now: number;
}

/**
 * One account's metrics: a region rather than an article, as the account's outcome above
 * is already the article named after the account.
 */
function InsightsCard({ entry, kind, accountName, zone, now }: CardProps) {
  const t = useT();
  const language = currentLanguage();
  const headingId = `insights-${entry.targetId}-name`;
  const reconnect = entry.errorCode !== null && guidanceFor(entry.errorCode) === 'reconnect';
  return (
    <section id={`insights-${entry.targetId}`} class="insights-card" aria-labelledby={headingId}>
      <header>
        <h3 id={headingId}>{accountName}</h3>
      </header>
      {entry.reason === 'not_published' && <p>{t('postDetail.insights.notPublished')}</p>}
      {entry.reason === 'not_enough_viewers' && (
        <p class="insights-note">{t('postDetail.insights.notEnoughViewers')}</p>
      )}
      {entry.reason === 'not_available' && !entry.errorCode && (
        <p>{t('postDetail.insights.notAvailable')}</p>
      )}
      {entry.errorCode && (
        <div class="insights-failure">
          <p>
            {entry.reason === null
              ? t('postDetail.insights.failedKeeping')
              : t('postDetail.insights.failed')}{' '}
            {failureText(entry)} (<code>{entry.errorCode}</code>)
          </p>
          {reconnect && (
            <p>
              {t('postDetail.insights.reconnect')}{' '}
              <a href="/app/accounts">{t('postDetail.toAccounts')}</a>
            </p>
          )}
        </div>
      )}
      {entry.reason === null && (
        <dl class="insight-metrics">
          {metricsOf(kind).map((name) => (
            <div key={name} data-metric={name}>
              <dt>{t(`postDetail.insights.metric.${name}`)}</dt>
              <dd>{formatMetric(name, entry.metrics[name], language)}</dd>
            </div>
          ))}
        </dl>
      )}
      {entry.fetchedAt && (
        <p class="insights-updated">
          <small>
            {t('postDetail.insights.updated', { ago: timeAgo(entry.fetchedAt, now, language) })}{' '}
            <time dateTime={entry.fetchedAt}>
              · {formatInZone(entry.fetchedAt, zone)} · {zoneLabel(zone)}
            </time>
          </small>
        </p>
      )}
    </section>
  );
}

export interface PostInsightsProps {
  post: Post;
  accountName(integrationId: string): string;
  zone: string;
}

export function PostInsights({ post, accountName, zone }: PostInsightsProps) {
  const t = useT();
  const now = useNow();
  // A retry that publishes on another account calls for a new read.
  const published = post.platforms
    .filter((target) => target.status === 'published')
    .map((target) => target.id)
    .join(',');
  const { entries, error, busy, read } = usePostInsights(post.id, published);
  const [notice, setNotice] = useState('');

  async function refresh() {
    setNotice('');
    if (await read(true)) setNotice(t('postDetail.insights.refreshed'));
  }

  return (
    <section class="post-insights" aria-labelledby="post-insights-title">
      <h2 id="post-insights-title">{t('postDetail.insights.title')}</h2>
      <p>{t('postDetail.insights.intro')}</p>
      <p role="status" class="live">
        {notice}
      </p>
      {error ? (
        <div role="alert" class="form-error">
          <p>
            {t('postDetail.insights.loadFailed')} {describeError(error)}
          </p>
          {!entries && (
            <button type="button" class="secondary" onClick={() => void read(false)}>
              {t('app.retry')}
            </button>
          )}
        </div>
      ) : null}
      {entries ? (
        <>
          <div class="target-grid">
            {entries.map((entry) => (
              <InsightsCard
                key={entry.targetId}
                entry={entry}
                kind={post.kind}
                accountName={accountName(entry.integrationId)}
                zone={zone}
                now={now}
              />
            ))}
          </div>
          <button
            type="button"
            class="secondary insights-refresh"
            aria-busy={busy === 'refresh' ? 'true' : undefined}
            disabled={busy !== null}
            onClick={() => void refresh()}
          >
            {busy === 'refresh'
              ? t('postDetail.insights.refreshing')
              : t('postDetail.insights.refresh')}
          </button>
        </>
      ) : (
        !error && <p aria-busy="true">{t('postDetail.insights.loading')}</p>
      )}
    </section>
  );
}
