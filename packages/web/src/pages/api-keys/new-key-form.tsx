/**
 * Creating an API key, with an optional name and its role (admin unless another is
 * chosen). The server's refusal of the name shows
 * beside the field; any other failure below the form.
 */
import { DEFAULT_API_KEY_ROLE, isReelayError, type ApiKeyRole } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { RoleSelect } from '../../components/role-select';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

export interface NewKeyFormProps {
  projectId: string;
  /** Called before the key is created (the last action's outcome no longer applies). */
  onStart(): void;
  /** The key was created: its secret, shown once, and the list to read again. */
  onCreated(created: { name: string | null; key: string }): Promise<unknown>;
}

export function NewKeyForm({ projectId, onStart, onCreated }: NewKeyFormProps) {
  const api = useApi();
  const t = useT();
  const [role, setRole] = useState<ApiKeyRole>(DEFAULT_API_KEY_ROLE);
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);

  const nameRefused =
    isReelayError(formError, 'VALIDATION_ERROR') && errorField(formError) === 'name';
  const formMessage = formError
    ? nameRefused
      ? t('apiKeys.nameInvalid')
      : describeError(formError)
    : null;

  async function create(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setCreating(true);
    setFormError(null);
    onStart();
    try {
      const { apiKey } = await api.apiKeys.create(projectId, { ...(name ? { name } : {}), role });
      form.reset();
      setRole(DEFAULT_API_KEY_ROLE);
      await onCreated({ name: apiKey.name, key: apiKey.key });
    } catch (caught) {
      setFormError(caught);
    } finally {
      setCreating(false);
    }
  }

  return (
    <section aria-labelledby="new-key-title" class="admin-form">
      <h2 id="new-key-title">{t('apiKeys.newKey')}</h2>
      <form onSubmit={create} noValidate>
        <Field
          label={t('apiKeys.name')}
          name="name"
          id="api-key-name"
          maxLength={60}
          hint={t('apiKeys.nameHint')}
          error={nameRefused ? formMessage : null}
        />
        <RoleSelect
          id="api-key-role"
          label={t('apiKeys.role')}
          hint={`${t('apiKeys.roleHint')} ${t(`roleHints.${role}`)}`}
          value={role}
          onChange={setRole}
        />
        {formMessage && !nameRefused && (
          <p role="alert" class="form-error">
            {formMessage}
          </p>
        )}
        <button type="submit" aria-busy={creating ? 'true' : undefined} disabled={creating}>
          {creating ? t('apiKeys.creating') : t('apiKeys.create')}
        </button>
      </form>
    </section>
  );
}
