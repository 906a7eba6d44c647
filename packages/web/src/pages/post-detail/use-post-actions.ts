/**
 * What the post page can do to the post: retry its failed accounts, cancel it after a
 * confirmation, and submit a draft. The API's answer replaces the post shown, and the
 * page says so; a draft refused for what it lacks shows those problems in place of the
 * ones it had, since the server checks it again at that moment.
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { approvalsChanged } from '../../components/approval-count';
import type { Feedback } from '../../components/page-feedback';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { issuesOf } from './draft-problems';

/**
 * @param setPost - Shows the post the API answered.
 * @example
 * ```ts
 * const actions = usePostActions(postId, setPost, feedback);
 * void actions.retry();
 * ```
 */
export function usePostActions(
  post: Post | null,
  setPost: (post: Post) => void,
  feedback: Feedback,
  zone: string,
) {
  const api = useApi();
  const t = useT();
  const postId = post?.id ?? '';
  const [busy, setBusy] = useState<'retry' | 'cancel' | 'submit' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  async function retry() {
    setBusy('retry');
    try {
      const answer = await api.posts.retry(postId);
      setPost(answer.post);
      feedback.say(t('postDetail.retried'));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancel');
    try {
      const answer = await api.posts.cancel(postId);
      setPost(answer.post);
      approvalsChanged();
      feedback.say(t('postDetail.cancelled'));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(null);
      setConfirmingCancel(false);
    }
  }

  async function submit() {
    setBusy('submit');
    try {
      const { post: sent } = await api.posts.submit(postId);
      setPost(sent);
      approvalsChanged();
      feedback.say(
        sent.status === 'awaiting_approval'
          ? t('postDetail.review.submittedAwaiting')
          : sent.status === 'scheduled' && sent.scheduledFor
            ? t('postDetail.review.submittedScheduled', {
                when: formatInZone(sent.scheduledFor, zone),
                zone: zoneLabel(zone),
              })
            : t('postDetail.review.submittedPublishing'),
      );
    } catch (caught) {
      const problems = issuesOf(caught);
      if (post && problems.length > 0) {
        setPost({ ...post, problems });
        feedback.failWith(t('postDetail.review.submitRefused'));
      } else feedback.fail(caught);
    } finally {
      setBusy(null);
    }
  }

  return { busy, retry, cancel, submit, confirmingCancel, setConfirmingCancel };
}
