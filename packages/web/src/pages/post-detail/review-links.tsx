/**
 * The post page's "Review links", for admins and owners while the post awaits approval:
 * make a link for someone without an account (its address shows once, with a copy
 * button) and revoke the live ones. Anyone else, or a post in any other state, sees
 * nothing here (the server refuses the calls to them anyway).
 */
import { roleMeets, type Post } from '@reelay/sdk';
import '../../components/admin-pages.css';
import { LocalTime } from '../../components/local-time';
import { ActionFeedback, LoadFailed } from '../../components/page-feedback';
import { SecretReveal } from '../../components/secret-reveal';
import { useT } from '../../i18n';
import { useProjectRole } from '../../session/session-context';
import { ReviewLinkForm } from './review-link-form';
import { linkName, useReviewLinks } from './use-review-links';
import './review-links.css';

export function ReviewLinks({ post }: { post: Post }) {
  const role = useProjectRole();
  if (post.status !== 'awaiting_approval' || role === null || !roleMeets(role, 'admin')) {
    return null;
  }
  return <ReviewLinksSection postId={post.id} />;
}

function ReviewLinksSection({ postId }: { postId: string }) {
  const t = useT();
  const links = useReviewLinks(postId);
  const { data, error, retry } = links.list;
  const noLabel = t('reviewLinks.postPage.noLabel');
  return (
    <section class="review-links" aria-labelledby="review-links-title">
      <h2 id="review-links-title">{t('reviewLinks.postPage.title')}</h2>
      <p>{t('reviewLinks.postPage.intro')}</p>
      {links.created && (
        <SecretReveal
          title={
            links.created.label
              ? t('reviewLinks.postPage.createdTitleFor', { label: links.created.label })
              : t('reviewLinks.postPage.createdTitle')
          }
          label={t('reviewLinks.postPage.address')}
          secret={links.created.url}
          hint={t('reviewLinks.postPage.createdHint')}
          onDone={links.clearCreated}
        />
      )}
      <ReviewLinkForm onCreate={links.create} />

      <h3 id="review-links-live">{t('reviewLinks.postPage.liveTitle')}</h3>
      <ActionFeedback notice={links.feedback.notice} actionError={links.feedback.actionError} />
      {error && !data ? (
        <LoadFailed
          message={t('reviewLinks.postPage.loadFailed')}
          error={error}
          onRetry={() => void retry()}
        />
      ) : !data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : data.length === 0 ? (
        <p class="empty">{t('reviewLinks.postPage.empty')}</p>
      ) : (
        <ul class="team-list" aria-labelledby="review-links-live">
          {data.map((link) => (
            <li key={link.id}>
              <div class="team-who">
                <span class="team-name">{link.label ?? noLabel}</span>
              </div>
              <dl class="team-facts">
                <div>
                  <dt>{t('reviewLinks.postPage.createdAt')}</dt>
                  <dd>
                    <LocalTime iso={link.createdAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t('reviewLinks.postPage.expiresAt')}</dt>
                  <dd>
                    <LocalTime iso={link.expiresAt} />
                  </dd>
                </div>
              </dl>
              <div class="team-actions">
                <button
                  type="button"
                  class="secondary outline"
                  aria-label={t('reviewLinks.postPage.revokeLabel', {
                    name: linkName(link, noLabel),
                  })}
                  aria-busy={links.busy(link.id) ? 'true' : undefined}
                  disabled={links.busy(link.id)}
                  onClick={() => void links.revoke(link)}
                >
                  {t('reviewLinks.postPage.revoke')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
