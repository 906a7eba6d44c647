/**
 * Saving a post dragged to another time, and what the page says about it: the new time
 * in the person's zone (and that it awaits approval again, when an editor moved an
 * approved post where approval is required), or why the server refused (the calendar
 * then puts it back).
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { approvalsChanged } from '../../components/approval-count';
import { formatInZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

/**
 * @param onMoved - Called with the post once a move is saved (a free slot was taken or
 *   freed; the post may await approval again).
 * @example
 * ```ts
 * const { notice, actionError, reschedule } = useReschedule(zone, refreshSlots);
 * ```
 */
export function useReschedule(zone: string, onMoved: (updated: Post) => void) {
  const api = useApi();
  const t = useT();
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');

  async function reschedule(post: Post, start: Date): Promise<Post> {
    setNotice('');
    setActionError('');
    try {
      const { post: updated } = await api.posts.update(post.id, {
        scheduledFor: start.toISOString(),
      });
      onMoved(updated);
      const waits = updated.status === 'awaiting_approval';
      if (waits) approvalsChanged();
      setNotice(
        t(waits ? 'postDetail.rescheduledAwaiting' : 'calendar.rescheduled', {
          time: formatInZone(updated.scheduledFor ?? start.toISOString(), zone),
          zone,
        }),
      );
      return updated;
    } catch (caught) {
      setActionError(t('calendar.rescheduleFailed', { reason: describeError(caught) }));
      throw caught;
    }
  }

  return { notice, actionError, reschedule };
}
