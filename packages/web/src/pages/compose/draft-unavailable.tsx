/**
 * Why a saved draft cannot be edited in the composer: it is being read, it could not be
 * read (with a retry), or it is no longer a draft (submitted meanwhile: a link to its
 * page). Nothing when it can be edited.
 */
import type { Post } from '@reelay/sdk';
import { LoadFailed } from '../../components/page-feedback';
import { useT } from '../../i18n';

export interface DraftUnavailableProps {
  post: Post | null;
  error: unknown;
  onRetry(): void;
}

/** Whether the composer can show the draft's form. */
export function draftEditable(post: Post | null): boolean {
  return post?.status === 'draft';
}

export function DraftUnavailable({ post, error, onRetry }: DraftUnavailableProps) {
  const t = useT();
  if (draftEditable(post)) return null;
  if (post) {
    return (
      <p class="notice">
        {t('compose.draft.notDraft')}{' '}
        <a href={`/app/posts/${encodeURIComponent(post.id)}`}>{t('compose.done.view')}</a>
      </p>
    );
  }
  if (!error) return <p aria-busy="true">{t('app.loading')}</p>;
  return <LoadFailed message={t('compose.draft.loadFailed')} error={error} onRetry={onRetry} />;
}
