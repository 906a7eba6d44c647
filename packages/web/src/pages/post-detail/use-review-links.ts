/**
 * A post's live review links and what an admin does with them: create one (its address
 * is kept to show once) and revoke one. The list is read again after each change.
 */
import type { CreatedReviewLink, ReviewLink } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useActionFeedback } from '../../components/page-feedback';
import { useBusyIds } from '../../components/use-busy-ids';
import { useLoad } from '../../components/use-load';
import { formatDateTime, useT } from '../../i18n';
import { useApi } from '../../session/session-context';

/** The name a link goes by: its label, else when it was made. */
export function linkName(link: ReviewLink, noLabel: string): string {
  return link.label ?? `${noLabel} (${formatDateTime(link.createdAt)})`;
}

/**
 * @example
 * ```ts
 * const links = useReviewLinks(post.id);
 * await links.create({ expiresInHours: 48, label: 'Ana' });
 * ```
 */
export function useReviewLinks(postId: string) {
  const api = useApi();
  const t = useT();
  const list = useLoad(
    async (signal) => (await api.reviewLinks.list(postId, { signal })).reviewLinks,
    [postId],
  );
  const feedback = useActionFeedback();
  const busy = useBusyIds();
  /** The link just made, whose address shows until the admin says it is saved. */
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);

  async function create(request: { expiresInHours: number; label?: string }): Promise<void> {
    feedback.say('');
    const { reviewLink } = await api.reviewLinks.create(postId, request);
    setCreated(reviewLink);
    await list.refresh();
  }

  async function revoke(link: ReviewLink): Promise<void> {
    if (busy.has(link.id)) return;
    busy.add(link.id);
    try {
      await api.reviewLinks.revoke(link.id);
      if (created?.id === link.id) setCreated(null);
      feedback.say(
        t('reviewLinks.postPage.revoked', {
          name: linkName(link, t('reviewLinks.postPage.noLabel')),
        }),
      );
      await list.refresh();
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      busy.remove(link.id);
    }
  }

  return {
    list,
    feedback,
    busy: busy.has,
    created,
    clearCreated: () => setCreated(null),
    create,
    revoke,
  };
}
