/**
 * Approving and rejecting posts that await approval, from whichever page lists them: which
 * dialog is open and for which post, the call on its way and its refusal (shown in the
 * dialog, which stays open). Once the server answers, the dialog closes, the navigation's
 * count is read again and the page is told the post as it now is.
 */
import type { ApprovePostBody, Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import { useApi } from '../../session/session-context';
import { approvalsChanged } from '../approval-count';
import { formatInZone, zoneLabel } from '../person-zone';

export type ReviewKind = 'approve' | 'reject';

/**
 * What to announce once a post was reviewed: where it goes now.
 *
 * @example
 * ```ts
 * reviewedNotice(post, 'approve', 'America/Sao_Paulo'); // 'Post approved: it will be published on …'
 * ```
 */
export function reviewedNotice(post: Post, kind: ReviewKind, zone: string): string {
  if (kind === 'reject') return t('review.rejected');
  if (post.status === 'scheduled' && post.scheduledFor) {
    return t('review.approvedScheduled', {
      when: formatInZone(post.scheduledFor, zone),
      zone: zoneLabel(zone),
    });
  }
  return t('review.approvedPublishing');
}

/**
 * @param onReviewed - The post as the server answered it, and what was done.
 * @example
 * ```ts
 * const review = useReview((post, kind) => feedback.say(reviewedNotice(post, kind, zone)));
 * review.start('approve', post);
 * ```
 */
export function useReview(onReviewed: (post: Post, kind: ReviewKind) => void) {
  const api = useApi();
  const [open, setOpen] = useState<{ kind: ReviewKind; post: Post } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(call: (postId: string) => Promise<{ post: Post }>) {
    if (!open) return;
    setBusy(true);
    setError(null);
    try {
      const { post } = await call(open.post.id);
      setOpen(null);
      approvalsChanged();
      onReviewed(post, open.kind);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return {
    open,
    busy,
    error,
    start(kind: ReviewKind, post: Post) {
      setError(null);
      setOpen({ kind, post });
    },
    close() {
      setOpen(null);
      setError(null);
    },
    approve: (body: ApprovePostBody) => run((id) => api.posts.approve(id, body)),
    reject: (reason: string) => run((id) => api.posts.reject(id, { reason })),
  };
}

export type Review = ReturnType<typeof useReview>;
