/**
 * Needs approval: the project's posts awaiting approval, the longest waiting first. Where
 * the project or a profile requires approval, an editor's post waits here, holding no
 * place in the publishing line, until an admin or the owner approves it (it is then
 * scheduled, or published when it has no time) or rejects it (it goes back to its author
 * as a draft, with the reason). Everyone sees the list; only admins and the owner are
 * offered Approve and Reject (the server checks the role anyway).
 */
import { roleMeets } from '@reelay/sdk';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { ReviewDialogs } from '../../components/review/review-dialogs';
import { reviewedNotice, useReview } from '../../components/review/use-review';
import { usePagedLoad } from '../../components/use-paged-load';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';
import { useAccountName } from '../post-detail/use-account-name';
import { ApprovalItem } from './approval-item';
import './approvals.css';

const PAGE_SIZE = 20;

export default function ApprovalsPage() {
  const api = useApi();
  const t = useT();
  const zone = usePersonTimeZone();
  const role = useProjectRole();
  const canReview = role !== null && roleMeets(role, 'admin');
  const accountName = useAccountName();
  const feedback = useActionFeedback();
  const list = usePagedLoad(async (offset, signal) => {
    const query = { status: 'awaiting_approval' as const, sort: 'asc' as const, offset };
    const page = await api.posts.list({ ...query, limit: PAGE_SIZE }, signal ? { signal } : {});
    return { items: page.posts, total: page.total, read: page.posts.length };
  }, []);
  const review = useReview((post, kind) => {
    feedback.say(reviewedNotice(post, kind, zone));
    void list.refresh();
  });

  return (
    <section class="approvals-page">
      <PageHeading title={t('approvals.title')} help={<p>{t('approvals.intro')}</p>}>
        {t('approvals.title')}
      </PageHeading>
      {role && !canReview && (
        <p class="notice">{t('approvals.adminOnly', { role: t(`roles.${role}`) })}</p>
      )}
      <p class="hint">{t('approvals.timesIn', { zone: zoneLabel(zone) })}</p>
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
      {list.error && !list.items ? (
        <LoadFailed
          message={t('approvals.loadFailed')}
          error={list.error}
          onRetry={() => void list.retry()}
        />
      ) : !list.items ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : list.items.length === 0 ? (
        <p class="empty">{t('approvals.empty')}</p>
      ) : (
        <>
          <p>{t('approvals.count', { count: list.total })}</p>
          <ul class="approval-list" aria-label={t('approvals.listLabel')}>
            {list.items.map((post) => (
              <ApprovalItem
                key={post.id}
                post={post}
                zone={zone}
                accountName={accountName}
                canReview={canReview}
                onReview={review.start}
              />
            ))}
          </ul>
          {list.read < list.total && (
            <button
              type="button"
              class="secondary"
              aria-busy={list.busy ? 'true' : undefined}
              disabled={list.busy}
              onClick={() => void list.more()}
            >
              {t('approvals.more')}
            </button>
          )}
        </>
      )}
      <ReviewDialogs review={review} zone={zone} />
    </section>
  );
}
