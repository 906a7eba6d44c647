/**
 * The post page's part for a draft or a post awaiting approval. A draft shows first why
 * it was rejected (the reason its author must read), then what is missing before it can
 * be submitted and what submitting will do; editors and up may edit and submit it. A
 * post awaiting approval says who may approve it; admins and the owner are offered
 * Approve and Reject. What the role does not allow is not offered (the server checks it
 * anyway).
 */
import { roleMeets, type Post, type ProjectRole } from '@reelay/sdk';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { timePassed } from '../../components/review/approve-dialog';
import type { ReviewKind } from '../../components/review/use-review';
import { useT } from '../../i18n';
import { problemText } from './draft-problems';

export interface PostReviewProps {
  post: Post;
  zone: string;
  role: ProjectRole | null;
  accountName(integrationId: string): string;
  submitting: boolean;
  onSubmit(): void;
  onReview(kind: ReviewKind): void;
}

export function PostReview(props: PostReviewProps) {
  if (props.post.status === 'draft') return <DraftReview {...props} />;
  if (props.post.status === 'awaiting_approval') return <AwaitingReview {...props} />;
  return null;
}

function DraftReview({ post, zone, role, accountName, submitting, onSubmit }: PostReviewProps) {
  const t = useT();
  const canEdit = role !== null && roleMeets(role, 'editor');
  const when = post.scheduledFor && formatInZone(post.scheduledFor, zone);
  return (
    <section class="post-review" aria-labelledby="post-review-title">
      <h2 id="post-review-title">{t('postDetail.review.draftTitle')}</h2>
      {post.rejectionReason && (
        <div class="notice refused" role="note" aria-labelledby="post-rejection-title">
          <h3 id="post-rejection-title">{t('postDetail.review.rejectedTitle')}</h3>
          <p class="caption">{post.rejectionReason}</p>
        </div>
      )}
      {post.problems.length > 0 ? (
        <>
          <p>{t('postDetail.review.missingIntro')}</p>
          <ul class="draft-problems">
            {post.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>
                {problemText(problem, post, accountName)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('postDetail.review.complete')}</p>
      )}
      <p class="hint">
        {when
          ? t('postDetail.review.submitScheduled', { when, zone: zoneLabel(zone) })
          : t('postDetail.review.submitNow')}
      </p>
      {canEdit ? (
        <div class="actions">
          <button
            type="button"
            aria-busy={submitting ? 'true' : undefined}
            disabled={submitting}
            onClick={onSubmit}
          >
            {submitting ? t('postDetail.review.submitting') : t('postDetail.review.submit')}
          </button>
          <a href={`/app/compose?draft=${encodeURIComponent(post.id)}`}>
            {t('postDetail.review.edit')}
          </a>
        </div>
      ) : (
        <p>{t('postDetail.review.editorsOnly')}</p>
      )}
    </section>
  );
}

function AwaitingReview({ post, role, onReview }: PostReviewProps) {
  const t = useT();
  const canReview = role !== null && roleMeets(role, 'admin');
  return (
    <section class="post-review awaiting" aria-labelledby="post-review-title">
      <h2 id="post-review-title">{t('postDetail.review.awaitingTitle')}</h2>
      <p>
        {canReview ? t('postDetail.review.awaitingAdmin') : t('postDetail.review.awaitingOthers')}
      </p>
      {timePassed(post) && <p class="form-error">{t('postDetail.review.timePassed')}</p>}
      {canReview && (
        <div class="actions">
          <button type="button" onClick={() => onReview('approve')}>
            {t('review.approve')}
          </button>
          <button type="button" class="danger outline" onClick={() => onReview('reject')}>
            {t('review.reject')}
          </button>
        </div>
      )}
    </section>
  );
}
