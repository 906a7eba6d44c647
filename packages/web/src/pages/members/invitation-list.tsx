/**
 * The invitations not yet accepted: to whom, with which role, until when the link works,
 * and a button that cancels one (its link stops working at once).
 */
import { ActionFeedback, LoadFailed, type Feedback } from '../../components/page-feedback';
import { LocalTime } from '../../components/local-time';
import type { Load } from '../../components/use-load';
import { useT } from '../../i18n';
import type { Invitation } from './use-team';

export interface InvitationListProps {
  invitations: Load<Invitation[]>;
  feedback: Feedback;
  busy(id: string): boolean;
  onCancel(invitation: Invitation): void;
}

export function InvitationList({ invitations, feedback, busy, onCancel }: InvitationListProps) {
  const t = useT();
  const { data, error, retry } = invitations;
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('members.invitationsTitle')}</h2>
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
      {error && !data ? (
        <LoadFailed
          message={t('members.invitationsLoadFailed')}
          error={error}
          onRetry={() => void retry()}
        />
      ) : !data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : data.length === 0 ? (
        <p class="empty">{t('members.invitationsEmpty')}</p>
      ) : (
        <ul class="team-list" aria-labelledby="invitations-title">
          {data.map((invitation) => (
            <li key={invitation.id}>
              <div class="team-who">
                <span class="team-name">{invitation.email}</span>
              </div>
              <dl class="team-facts">
                <div>
                  <dt>{t('members.role')}</dt>
                  <dd>{t(`roles.${invitation.role}`)}</dd>
                </div>
                <div>
                  <dt>{t('members.expiresAt')}</dt>
                  <dd>
                    <LocalTime iso={invitation.expiresAt} />
                  </dd>
                </div>
              </dl>
              <div class="team-actions">
                <button
                  type="button"
                  class="secondary outline"
                  aria-label={t('members.cancelInvitationLabel', { email: invitation.email })}
                  aria-busy={busy(invitation.id) ? 'true' : undefined}
                  disabled={busy(invitation.id)}
                  onClick={() => onCancel(invitation)}
                >
                  {t('members.cancelInvitation')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
