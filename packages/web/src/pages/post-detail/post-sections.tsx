/** The post's facts (status, kind, times, id) and what can be done with it. */
import { isReelayError, type Post } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { StatusBadge } from '../../components/post-status';
import { useT } from '../../i18n';
import { MediaList } from './media-list';
import { RescheduleForm } from './reschedule-form';
import { TargetOutcome } from './target-outcome';

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
      <dt>{post.scheduledFor ? t('postDetail.scheduledFor') : t('postDetail.createdAt')}</dt>
      <dd>
        {formatInZone(post.scheduledFor ?? post.createdAt, zone)} ({zoneLabel(zone)})
        {otherZone && post.scheduledFor && (
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
      {post.publishedAt && (
        <>
          <dt>{t('postDetail.publishedAt')}</dt>
          <dd>
            {formatInZone(post.publishedAt, zone)} ({zoneLabel(zone)})
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
  /** Scheduled and untouched: the post can be cancelled or moved. */
  reschedulable: boolean;
  busy: 'retry' | 'cancel' | null;
  onRetry(): void;
  onCancel(): void;
  onRescheduled(post: Post): void;
}

/** Retry the failed accounts, cancel, reschedule: what the post's state allows. */
export function PostActions(props: PostActionsProps) {
  const { post, zone, failed, reschedulable, busy, onRetry, onCancel, onRescheduled } = props;
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
        {reschedulable && (
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
          onRescheduled={onRescheduled}
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
