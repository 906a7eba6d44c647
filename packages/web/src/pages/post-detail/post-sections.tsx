/** The post's facts (status, kind, times, id) and what can be done with it. */
import { isReelayError, type Post } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { StatusBadge } from '../../components/post-status';
import { useT } from '../../i18n';
import { MediaList } from './media-list';
import { RescheduleForm } from './reschedule-form';
import { TargetOutcome } from './target-outcome';

/** When a post without a time goes out: a draft has none yet; otherwise it went at once. */
function UntimedFacts({ post, zone }: { post: Post; zone: string }) {
  const t = useT();
  if (post.status === 'draft' || post.status === 'awaiting_approval') {
    return (
      <>
        <dt>{t('postDetail.time')}</dt>
        <dd>{post.status === 'draft' ? t('postDetail.review.noTime') : t('approvals.atOnce')}</dd>
      </>
    );
  }
  return (
    <>
      <dt>{t('postDetail.createdAt')}</dt>
      <dd>
        {formatInZone(post.createdAt, zone)} · {zoneLabel(zone)}
      </dd>
    </>
  );
}

/** Status, kind, times in the person's zone (and the post's, when another), and the id. */
export function PostFacts({ post, zone }: { post: Post; zone: string }) {
  const t = useT();
  const otherZone = post.timezone !== zone ? post.timezone : null;
  return (
    <dl class="post-facts">
      <dt>{t('postDetail.status')}</dt>
      <dd>
        <StatusBadge status={post.status} />
      </dd>
      <dt>{t('postDetail.kind')}</dt>
      <dd>{t(`postDetail.kindValue.${post.kind}`)}</dd>
      {post.scheduledFor ? (
        <>
          <dt>{t('postDetail.scheduledFor')}</dt>
          <dd>
            {formatInZone(post.scheduledFor, zone)} · {zoneLabel(zone)}
            {otherZone && (
              <>
                <br />
                <small>
                  {t('postDetail.inPostZone', {
                    time: formatInZone(post.scheduledFor, otherZone),
                    zone: zoneLabel(otherZone),
                  })}
                </small>
              </>
            )}
          </dd>
        </>
      ) : (
        <UntimedFacts post={post} zone={zone} />
      )}
      {post.publishedAt && (
        <>
          <dt>{t('postDetail.publishedAt')}</dt>
          <dd>
            {formatInZone(post.publishedAt, zone)} · {zoneLabel(zone)}
          </dd>
        </>
      )}
      <dt>{t('postDetail.id')}</dt>
      <dd>
        <code>{post.id}</code>
      </dd>
    </dl>
  );
}

export interface PostActionsProps {
  post: Post;
  zone: string;
  /** An account failed: the post can be retried. */
  failed: boolean;
  /** Scheduled and untouched: the post can be moved. */
  reschedulable: boolean;
  /** Not on its way yet (scheduled, a draft, awaiting approval): it can be cancelled. */
  cancellable: boolean;
  busy: 'retry' | 'cancel' | 'submit' | null;
  onRetry(): void;
  onCancel(): void;
  onRescheduled(post: Post): void;
}

/** Retry the failed accounts, cancel, reschedule: what the post's state allows. */
export function PostActions(props: PostActionsProps) {
  const { post, zone, failed, reschedulable, cancellable, busy, onRetry, onCancel } = props;
  const t = useT();
  return (
    <section class="post-actions" aria-labelledby="post-actions-title">
      <h2 id="post-actions-title">{t('postDetail.actions')}</h2>
      <div class="actions">
        {failed && (
          <button
            type="button"
            aria-busy={busy === 'retry' ? 'true' : undefined}
            disabled={busy !== null}
            onClick={onRetry}
          >
            {busy === 'retry' ? t('postDetail.retrying') : t('postDetail.retry')}
          </button>
        )}
        {cancellable && (
          <button type="button" class="danger outline" disabled={busy !== null} onClick={onCancel}>
            {t('postDetail.cancel')}
          </button>
        )}
      </div>
      {reschedulable && (
        <RescheduleForm
          key={post.scheduledFor}
          post={post}
          zone={zone}
          onRescheduled={props.onRescheduled}
        />
      )}
    </section>
  );
}

/** Before the post is shown: why it could not be read (with a retry), or loading. */
export function PostNotLoaded({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useT();
  if (!error) return <p aria-busy="true">{t('app.loading')}</p>;
  return (
    <div role="alert">
      <p>
        {isReelayError(error, 'NOT_FOUND', 'VALIDATION_ERROR')
          ? t('postDetail.notFound')
          : `${t('postDetail.loadFailed')} ${describeError(error)}`}
      </p>
      <button type="button" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

/** The caption, the media, and how the post went on each account. */
export function PostContent({
  post,
  zone,
  accountName,
}: {
  post: Post;
  zone: string;
  accountName(integrationId: string): string;
}) {
  const t = useT();
  return (
    <>
      <h2>{t('postDetail.caption')}</h2>
      {post.content ? (
        <p class="caption">{post.content}</p>
      ) : (
        <p class="empty">{t('calendar.noCaption')}</p>
      )}

      <h2>{t('postDetail.media')}</h2>
      <MediaList items={post.mediaItems} />

      <h2>{t('postDetail.targets')}</h2>
      {post.platforms.length === 0 && <p class="empty">{t('postDetail.review.noAccounts')}</p>}
      <div class="target-grid">
        {post.platforms.map((target) => (
          <TargetOutcome
            key={target.id}
            target={target}
            accountName={accountName(target.integrationId)}
            zone={zone}
          />
        ))}
      </div>
    </>
  );
}
