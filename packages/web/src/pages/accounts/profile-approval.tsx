/**
 * A profile's approval of editors' posts to its accounts: follow the project's setting
 * (with what it is now), always required, or never. An admin or the owner changes it with
 * Save; anyone else reads it. A post to accounts of several profiles waits when any of
 * them requires approval.
 */
import { roleMeets } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';
import type { Profile } from './use-accounts-data';

type Choice = 'inherit' | 'required' | 'notRequired';
const CHOICES: readonly Choice[] = ['inherit', 'required', 'notRequired'];
const choiceOf = (value: boolean | null): Choice =>
  value === null ? 'inherit' : value ? 'required' : 'notRequired';
const valueOf = (choice: Choice): boolean | null =>
  choice === 'inherit' ? null : choice === 'required';

export interface ProfileApprovalProps {
  profile: Profile;
  /** The project's setting, which "follow the project" takes; null while unknown. */
  projectRequires: boolean | null;
  /** The server saved it: the profile as it answered, and the words for the change. */
  onSaved(profile: Profile, text: string): void;
}

export function ProfileApproval({ profile, projectRequires, onSaved }: ProfileApprovalProps) {
  const api = useApi();
  const t = useT();
  const role = useProjectRole();
  const [choice, setChoice] = useState<Choice>(choiceOf(profile.approvalRequired));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = `approval-${profile.id}`;
  const label = (option: Choice) =>
    option === 'inherit' && projectRequires !== null
      ? t(`accounts.approval.inheritNow.${projectRequires ? 'required' : 'notRequired'}`)
      : t(`accounts.approval.choice.${option}`);

  if (role === null || !roleMeets(role, 'admin')) {
    return (
      <p class="profile-approval">
        {t('accounts.approval.label')}: <strong>{label(choiceOf(profile.approvalRequired))}</strong>
      </p>
    );
  }

  async function save(event: Event) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const answer = await api.profiles.update(profile.id, { approvalRequired: valueOf(choice) });
      onSaved(
        answer.profile,
        t('accounts.approval.saved', { name: profile.name, choice: label(choice) }),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form class="profile-approval" onSubmit={(event) => void save(event)}>
      <label for={id}>{t('accounts.approval.labelOf', { name: profile.name })}</label>
      <div class="role-edit">
        <select
          id={id}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value as Choice)}
        >
          {CHOICES.map((option) => (
            <option key={option} value={option}>
              {label(option)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          class="secondary"
          aria-busy={saving ? 'true' : undefined}
          disabled={saving || choice === choiceOf(profile.approvalRequired)}
        >
          {t('accounts.approval.save')}
        </button>
      </div>
      {error ? (
        <p role="alert" class="form-error">
          {describeError(error)}
        </p>
      ) : null}
    </form>
  );
}
