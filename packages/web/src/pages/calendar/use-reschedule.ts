/**
 * Saving a post dragged to another time, and what the page says about it: the new time
 * in the person's zone, or why the server refused (the calendar then puts it back).
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { formatInZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

/**
 * @param onMoved - Called once a move is saved (a free slot was taken or freed).
 * @example
 * ```ts
 * const { notice, actionError, reschedule } = useReschedule(zone, refreshSlots);
 * ```
 */
export function useReschedule(zone: string, onMoved: () => void) {
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
      onMoved();
      setNotice(
        t('calendar.rescheduled', {
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
