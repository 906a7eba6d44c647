/**
 * The viewer's decision: approve (a comment is optional) or request changes (a comment
 * is needed: it tells the team what to change). When approving finds that the post's
 * time passed while it waited, the page says so and offers to publish it now instead. Once
 * decided, the outcome replaces the form and takes the focus, so it is read at once.
 */
import { isReelayError, NOTE_MAX_LENGTH, type Review } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import type { ReviewState } from './use-review';

/** What happened, said once the decision is taken. */
export function ReviewOutcome({
  review,
  outcome,
}: {
  review: Review;
  outcome: 'approved' | 'rejected';
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { post } = review;
  let body;
  if (outcome === 'rejected') body = t('reviewLinks.page.rejectedBody');
  else if (post.status === 'scheduled' && post.scheduledFor) {
    body = t('reviewLinks.page.approvedScheduled', {
      time: formatInZone(post.scheduledFor, post.timezone),
      zone: zoneLabel(post.timezone, new Date(post.scheduledFor)),
    });
  } else body = t('reviewLinks.page.approvedNow');
  return (
    <section class="notice success review-outcome" aria-labelledby="review-outcome-title">
      <h2 id="review-outcome-title" ref={heading} tabIndex={-1}>
        {outcome === 'approved'
          ? t('reviewLinks.page.approvedTitle')
          : t('reviewLinks.page.rejectedTitle')}
      </h2>
      <p>{body}</p>
    </section>
  );
}

export function ReviewDecision({ review, state }: { review: Review; state: ReviewState }) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const passedHeading = useRef<HTMLHeadingElement>(null);
  const { busy, timePassed, failure } = state;

  useEffect(() => {
    if (timePassed !== null) passedHeading.current?.focus();
  }, [timePassed]);

  function approve(event: Event) {
    event.preventDefault();
    setMissing(false);
    void state.decide('approve', comment);
  }

  function requestChanges() {
    if (comment.trim() === '') {
      setMissing(true);
      field.current?.focus();
      return;
    }
    setMissing(false);
    void state.decide('reject', comment);
  }

  const passedAt = timePassed || review.post.scheduledFor;
  const failureText = !failure
    ? null
    : isReelayError(failure, 'RATE_LIMIT_KEY')
      ? t('reviewLinks.page.tooMany')
      : `${t('reviewLinks.page.decisionFailed')} ${describeError(failure)}`;
  return (
    <section class="review-decision" aria-labelledby="review-decision-title">
      <h2 id="review-decision-title">{t('reviewLinks.page.decisionTitle')}</h2>
      <p>{t('reviewLinks.page.decisionIntro')}</p>
      <form onSubmit={approve} noValidate>
        <label for="review-comment">
          {t('reviewLinks.page.comment')}
          <textarea
            ref={field}
            id="review-comment"
            name="comment"
            rows={4}
            maxLength={NOTE_MAX_LENGTH}
            value={comment}
            aria-invalid={missing ? 'true' : undefined}
            aria-describedby={
              missing ? 'review-comment-error review-comment-hint' : 'review-comment-hint'
            }
            onInput={(event) => {
              setComment(event.currentTarget.value);
              if (missing && event.currentTarget.value.trim() !== '') setMissing(false);
            }}
          />
          {missing && (
            <small id="review-comment-error" class="field-error">
              {t('reviewLinks.page.commentRequired')}
            </small>
          )}
          <small id="review-comment-hint">
            {t('reviewLinks.page.commentHint', { max: NOTE_MAX_LENGTH })}
          </small>
        </label>
        {timePassed !== null && (
          <div class="notice refused review-time-passed" role="alert">
            <h3 ref={passedHeading} tabIndex={-1}>
              {t('reviewLinks.page.timePassedTitle')}
            </h3>
            <p>
              {passedAt
                ? t('reviewLinks.page.timePassedBody', {
                    time: formatInZone(passedAt, review.post.timezone),
                    zone: zoneLabel(review.post.timezone, new Date(passedAt)),
                  })
                : null}
            </p>
            <button
              type="button"
              aria-busy={busy === 'publishNow' ? 'true' : undefined}
              disabled={busy !== null}
              onClick={() => void state.decide('publishNow', comment)}
            >
              {busy === 'publishNow'
                ? t('reviewLinks.page.approving')
                : t('reviewLinks.page.publishNow')}
            </button>
          </div>
        )}
        {failureText && (
          <p role="alert" class="form-error">
            {failureText}
          </p>
        )}
        <div class="review-actions">
          {timePassed === null && (
            <button
              type="submit"
              aria-busy={busy === 'approve' ? 'true' : undefined}
              disabled={busy !== null}
            >
              {busy === 'approve' ? t('reviewLinks.page.approving') : t('reviewLinks.page.approve')}
            </button>
          )}
          <button
            type="button"
            class="secondary outline"
            aria-busy={busy === 'reject' ? 'true' : undefined}
            disabled={busy !== null}
            onClick={requestChanges}
          >
            {busy === 'reject'
              ? t('reviewLinks.page.requesting')
              : t('reviewLinks.page.requestChanges')}
          </button>
        </div>
      </form>
    </section>
  );
}
