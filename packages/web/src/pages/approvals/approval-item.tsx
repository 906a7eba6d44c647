/**
 * One post awaiting approval in the list: a picture of its first media (when this server
 * keeps it), its caption as a link to its page, when it would go out (saying so when that
 * time passed while it waited), its accounts and kind, since when it waits, and, for
 * those who may review it, Approve and Reject.
 */
import type { Post } from '@reelay/sdk';
import { formatInZone } from '../../components/person-zone';
import { PostThumbnail } from '../../components/post-thumbnail';
import { StatusBadge } from '../../components/post-status';
import { timePassed } from '../../components/review/approve-dialog';
import type { ReviewKind } from '../../components/review/use-review';
import { useT } from '../../i18n';
import { captionExcerpt } from '../calendar/calendar-data';

export interface ApprovalItemProps {
  post: Post;
  zone: string;
  accountName(integrationId: string): string;
  /** Approve and reject are offered: the person is an admin or the owner. */
  canReview: boolean;
  onReview(kind: ReviewKind, post: Post): void;
}

export function ApprovalItem({ post, zone, accountName, canReview, onReview }: ApprovalItemProps) {
  const t = useT();
  const name = captionExcerpt(post.content) || t('calendar.noCaption');
  const titleId = `approval-${post.id}`;
  const passed = timePassed(post);
  return (
    <li class="approval">
      <PostThumbnail item={post.mediaItems[0]} class="approval-thumb" />
      <article aria-labelledby={titleId}>
        <header>
          <h2 id={titleId}>
            <a href={`/app/posts/${encodeURIComponent(post.id)}`}>{name}</a>
          </h2>
          <StatusBadge status={post.status} />
        </header>
        <dl class="facts">
          <dt>{t('approvals.when')}</dt>
          <dd>
            {post.scheduledFor ? formatInZone(post.scheduledFor, zone) : t('approvals.atOnce')}
            {passed && <strong class="approval-late"> {t('approvals.timePassed')}</strong>}
          </dd>
          <dt>{t('postDetail.targets')}</dt>
          <dd>{post.platforms.map((target) => accountName(target.integrationId)).join(', ')}</dd>
          <dt>{t('postDetail.kind')}</dt>
          <dd>
            {t(`postDetail.kindValue.${post.kind}`)} ·{' '}
            {t('approvals.mediaCount', { count: post.mediaItems.length })}
          </dd>
          <dt>{t('approvals.waitingSince')}</dt>
          <dd>{formatInZone(post.updatedAt, zone)}</dd>
        </dl>
        {canReview && (
          <div class="actions">
            <button
              type="button"
              aria-label={t('approvals.approveLabel', { name })}
              onClick={() => onReview('approve', post)}
            >
              {t('review.approve')}
            </button>
            <button
              type="button"
              class="danger outline"
              aria-label={t('approvals.rejectLabel', { name })}
              onClick={() => onReview('reject', post)}
            >
              {t('review.reject')}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
