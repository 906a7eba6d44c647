/**
 * Inviting someone: their e-mail and the role they will have. The server answers with
 * the invitation's link, which the page shows once. A refused e-mail shows beside its
 * field; any other failure below the form.
 */
import { isReelayError, type AssignableRole, type CreateInvitationResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { RoleSelect } from '../../components/role-select';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

export type CreatedInvitation = CreateInvitationResponse['invitation'];

export interface InviteFormProps {
  projectId: string;
  /** Called before the invitation is created (the last action's outcome no longer applies). */
  onStart(): void;
  /** The invitation was created: its link, shown once, and the list to read again. */
  onCreated(invitation: CreatedInvitation): Promise<unknown>;
}

export function InviteForm({ projectId, onStart, onCreated }: InviteFormProps) {
  const api = useApi();
  const t = useT();
  const [role, setRole] = useState<AssignableRole>('editor');
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);

  const emailRefused =
    isReelayError(formError, 'VALIDATION_ERROR') && errorField(formError) === 'email';
  const formMessage = formError
    ? emailRefused
      ? t('members.emailInvalid')
      : describeError(formError)
    : null;

  async function invite(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const email = String(new FormData(form).get('email') ?? '').trim();
    setSending(true);
    setFormError(null);
    onStart();
    try {
      const { invitation } = await api.invitations.create(projectId, { email, role });
      form.reset();
      await onCreated(invitation);
    } catch (caught) {
      setFormError(caught);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="invite-title" class="admin-form">
      <h2 id="invite-title">{t('members.inviteTitle')}</h2>
      <p>{t('members.inviteIntro')}</p>
      <form onSubmit={invite} noValidate>
        <Field
          label={t('members.email')}
          name="email"
          id="invite-email"
          type="email"
          autocomplete="off"
          required
          maxLength={254}
          hint={t('members.emailHint')}
          error={emailRefused ? formMessage : null}
        />
        <RoleSelect
          id="invite-role"
          label={t('members.inviteRole')}
          hint={t(`roleHints.${role}`)}
          value={role}
          onChange={setRole}
        />
        {formMessage && !emailRefused && (
          <p role="alert" class="form-error">
            {formMessage}
          </p>
        )}
        <button type="submit" aria-busy={sending ? 'true' : undefined} disabled={sending}>
          {sending ? t('members.inviting') : t('members.invite')}
        </button>
      </form>
    </section>
  );
}
