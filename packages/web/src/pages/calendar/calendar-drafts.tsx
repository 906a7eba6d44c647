/**
 * Beside the calendar: the drafts it cannot place (no time yet, or no account to date
 * them by), newest first, each a link to its page with its accounts, when it was last
 * changed and whether it was rejected; and a way to start a new one. On a narrow screen
 * the list comes under the calendar, full width.
 */
import type { Post } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { formatInZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { captionExcerpt, UNPLACED_DRAFTS_MAX } from './calendar-data';

export interface CalendarDraftsProps {
  /** Null until the first answer. */
  drafts: readonly Post[] | null;
  /** The newest drafts only were read: there are more. */
  more: boolean;
  error: unknown;
  accountNames: ReadonlyMap<string, string>;
  zone: string;
}

export function CalendarDrafts({ drafts, more, error, accountNames, zone }: CalendarDraftsProps) {
  const t = useT();
  const accounts = (post: Post) =>
    post.platforms.length === 0
      ? t('calendar.drafts.noAccount')
      : post.platforms
          .map((target) => accountNames.get(target.integrationId) ?? t('calendar.unknownAccount'))
          .join(', ');
  return (
    <aside class="calendar-drafts" aria-labelledby="calendar-drafts-title">
      <h2 id="calendar-drafts-title">{t('calendar.drafts.title')}</h2>
      <p class="hint">{t('calendar.drafts.intro')}</p>
      {error ? (
        <p role="alert" class="form-error">
          {t('calendar.drafts.loadFailed')} {describeError(error)}
        </p>
      ) : !drafts ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : drafts.length === 0 ? (
        <p class="empty">{t('calendar.drafts.empty')}</p>
      ) : (
        <ul class="draft-list">
          {drafts.map((post) => (
            <li key={post.id} class="status-draft">
              <a href={`/app/posts/${encodeURIComponent(post.id)}`}>
                {captionExcerpt(post.content, 50) || t('calendar.noCaption')}
              </a>
              <small>
                {accounts(post)}
                <br />
                {t('calendar.drafts.edited', { when: formatInZone(post.updatedAt, zone) })}
                {post.rejectionReason && (
                  <strong class="draft-rejected"> · {t('calendar.drafts.rejected')}</strong>
                )}
              </small>
            </li>
          ))}
        </ul>
      )}
      {more && <p class="hint">{t('calendar.drafts.more', { max: UNPLACED_DRAFTS_MAX })}</p>}
      <p>
        <a href="/app/compose">{t('calendar.drafts.new')}</a>
      </p>
    </aside>
  );
}
