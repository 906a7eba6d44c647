/**
 * What the post page can do to the post: retry its failed accounts, and cancel it after
 * a confirmation. The API's answer replaces the post shown, and the page says so.
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import type { Feedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

/**
 * @param setPost - Shows the post the API answered.
 * @example
 * ```ts
 * const actions = usePostActions(postId, setPost, feedback);
 * void actions.retry();
 * ```
 */
export function usePostActions(postId: string, setPost: (post: Post) => void, feedback: Feedback) {
  const api = useApi();
  const t = useT();
  const [busy, setBusy] = useState<'retry' | 'cancel' | null>(null);
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
      feedback.say(t('postDetail.cancelled'));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(null);
      setConfirmingCancel(false);
    }
  }

  return { busy, retry, cancel, confirmingCancel, setConfirmingCancel };
}
