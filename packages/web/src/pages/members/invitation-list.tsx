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
        <div class="table-scroll">
          <table class="striped">
            <thead>
              <tr>
                <th scope="col">{t('members.email')}</th>
                <th scope="col">{t('members.role')}</th>
                <th scope="col">{t('members.expiresAt')}</th>
                <th scope="col">{t('members.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row" class="wrap-anywhere">
                    {invitation.email}
                  </th>
                  <td>{t(`roles.${invitation.role}`)}</td>
                  <td>
                    <LocalTime iso={invitation.expiresAt} />
                  </td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
