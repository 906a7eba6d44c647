/**
 * Renaming the organization. The server's refusal of the name shows beside the field, any
 * other failure below the form; a rename that worked is announced.
 */
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { Me } from './use-me';

export interface OrganizationFormProps {
  organization: Me['organization'];
  /** The API answered the rename. */
  onRenamed(organization: Me['organization']): void;
}

export function OrganizationForm({ organization, onRenamed }: OrganizationFormProps) {
  const api = useApi();
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');

  const nameRefused =
    isReelayError(saveError, 'VALIDATION_ERROR') && errorField(saveError) === 'name';
  const saveMessage = saveError
    ? nameRefused
      ? t('settings.organizationNameInvalid')
      : describeError(saveError)
    : null;

  async function rename(event: Event) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('name') ?? '');
    setSaving(true);
    setSaveError(null);
    setNotice('');
    try {
      const answer = await api.organizations.update(organization.id, { name: name.trim() });
      onRenamed(answer.organization);
      setNotice(t('settings.organizationSaved', { name: answer.organization.name }));
    } catch (caught) {
      setSaveError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="organization-title" class="admin-form">
      <h2 id="organization-title">{t('settings.organizationTitle')}</h2>
      <form onSubmit={rename} noValidate key={organization.id}>
        <Field
          label={t('settings.organizationName')}
          name="name"
          id="organization-name"
          required
          maxLength={80}
          hint={t('settings.organizationNameHint')}
          error={nameRefused ? saveMessage : null}
          defaultValue={organization.name}
        />
        {saveMessage && !nameRefused && (
          <p role="alert" class="form-error">
            {saveMessage}
          </p>
        )}
        <button type="submit" aria-busy={saving ? 'true' : undefined} disabled={saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </button>
      </form>
      <p role="status" class="live">
        {notice}
      </p>
    </section>
  );
}
