/**
 * One post: its caption, media, kind, time (in the person's zone, named) and status, and
 * how it went on each account, with the error's code, message and what to do, and, once
 * published, its metrics on each account (insights) and its comments, with replies and
 * moderation as in the inbox (post-comments.tsx). What the state allows can be done
 * here: retry the failed accounts, cancel a post not on its way yet (after a
 * confirmation), reschedule it; for a draft, see why it was rejected and what it lacks,
 * edit it and submit it; for a post awaiting approval, approve or reject it
 * (post-review.tsx). Editors mark a post evergreen (post-evergreen.tsx). An occurrence of a series shows the series, with "this post only",
 * "this and all following" and stopping it (series-section.tsx). Below, the team's notes and the post's activity (post-trail.tsx).
 *
 * The post is read again every 10 seconds while it is about to publish or publishing
 * (so a retry's outcome shows by itself), every minute otherwise, and when the person
 * comes back to the tab (use-post.ts).
 */
import { describeError } from '../../components/api-error';
import { approvalsChanged } from '../../components/approval-count';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ActionFeedback, useActionFeedback } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { formatInZone, usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { ReviewDialogs } from '../../components/review/review-dialogs';
import { reviewedNotice, useReview } from '../../components/review/use-review';
import { useT } from '../../i18n';
import { useProjectRole } from '../../session/session-context';
import { isReschedulable } from '../calendar/calendar-data';
import { SeriesSection } from '../series/series-section';
import { PostActions, PostContent, PostFacts, PostNotLoaded } from './post-sections';
import { PostComments } from './post-comments';
import { PostEvergreen } from './post-evergreen';
import { hasInsights, PostInsights } from './post-insights';
import { PostReview } from './post-review';
import { PostTrail } from './post-trail';
import { ReviewLinks } from './review-links';
import { useAccountName } from './use-account-name';
import { usePost } from './use-post';
import { usePostActions } from './use-post-actions';
import './post-detail.css';

export default function PostDetailPage({ id }: { id?: string }) {
  const t = useT();
  const zone = usePersonTimeZone();
  const role = useProjectRole();
  const { load, setPost } = usePost(id ?? '');
  const { data: post, error: loadError } = load;
  const accountName = useAccountName();
  const feedback = useActionFeedback();
  const actions = usePostActions(post, setPost, feedback, zone);
  const review = useReview((reviewed, kind) => {
    setPost(reviewed);
    feedback.say(reviewedNotice(reviewed, kind, zone));
  });

  const heading = <PageHeading title={t('postDetail.title')}>{t('postDetail.title')}</PageHeading>;
  const back = (
    <p>
      <a href="/app/calendar">{t('postDetail.back')}</a>
    </p>
  );

  if (!post) {
    return (
      <section class="post-detail">
        {heading}
        {back}
        <PostNotLoaded error={loadError} onRetry={() => void load.retry()} />
      </section>
    );
  }

  const failed = post.platforms.some((target) => target.status === 'failed');
  const reschedulable = isReschedulable(post);
  const cancellable =
    reschedulable || post.status === 'draft' || post.status === 'awaiting_approval';

  return (
    <section class="post-detail">
      {heading}
      {back}
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
      {loadError ? (
        <p role="alert" class="form-error">
          {t('postDetail.refreshFailed')} {describeError(loadError)}
        </p>
      ) : null}

      <PostFacts post={post} zone={zone} />

      <PostReview
        post={post}
        zone={zone}
        role={role}
        accountName={accountName}
        submitting={actions.busy === 'submit'}
        onSubmit={() => void actions.submit()}
        onReview={(kind) => review.start(kind, post)}
      />

      {post.series && (
        <SeriesSection
          post={post}
          zone={zone}
          feedback={feedback}
          onChanged={() => void load.refresh()}
        />
      )}

      <PostContent post={post} zone={zone} accountName={accountName} />
      <PostEvergreen post={post} onChanged={setPost} />
      <ReviewLinks post={post} />

      {hasInsights(post) && <PostInsights post={post} accountName={accountName} zone={zone} />}
      {hasInsights(post) && <PostComments post={post} accountName={accountName} zone={zone} />}

      {(failed || cancellable) && (
        <PostActions
          post={post}
          zone={zone}
          failed={failed}
          reschedulable={reschedulable}
          cancellable={cancellable}
          busy={actions.busy}
          onRetry={() => void actions.retry()}
          onCancel={() => actions.setConfirmingCancel(true)}
          onRescheduled={(updated) => {
            setPost(updated);
            // An editor's change sends an approved post back for approval.
            const waits = updated.status === 'awaiting_approval';
            if (waits) approvalsChanged();
            feedback.say(
              t(waits ? 'postDetail.rescheduledAwaiting' : 'postDetail.rescheduled', {
                time: formatInZone(updated.scheduledFor!, zone),
                zone: zoneLabel(zone),
              }),
            );
          }}
        />
      )}

      <PostTrail key={post.updatedAt} postId={post.id} zone={zone} />

      {actions.confirmingCancel && (
        <ConfirmDialog
          title={t('postDetail.cancelTitle')}
          confirmLabel={t('postDetail.cancelConfirm')}
          cancelLabel={t('postDetail.keep')}
          busy={actions.busy === 'cancel'}
          onConfirm={() => void actions.cancel()}
          onCancel={() => actions.setConfirmingCancel(false)}
        >
          <p>{t('postDetail.cancelBody')}</p>
        </ConfirmDialog>
      )}
      <ReviewDialogs review={review} zone={zone} />
    </section>
  );
}
