/** Creates a profile; the server's refusal appears beside the field it names. */
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import type { Profile } from './use-accounts-data';

export function ProfileForm({ onCreated }: { onCreated(profile: Profile): void }) {
  const session = useSessionClient();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const field = errorField(error);
  const message = error ? describeError(error) : null;

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const description = String(data.get('description') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const { profile } = await session.api.profiles.create({
        name,
        ...(description ? { description } : {}),
      });
      form.reset();
      onCreated(profile);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="new-profile" aria-labelledby="new-profile-title">
      <h2 id="new-profile-title">{t('accounts.newProfile')}</h2>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('accounts.profileName')}
          name="name"
          id="profile-name"
          required
          maxLength={120}
          error={field === 'name' ? message : null}
        />
        <Field
          label={t('accounts.profileDescription')}
          name="description"
          id="profile-description"
          maxLength={500}
          error={field === 'description' ? message : null}
        />
        {message && field !== 'name' && field !== 'description' && (
          <p role="alert" class="form-error">
            {message}
          </p>
        )}
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {busy ? t('accounts.creatingProfile') : t('accounts.createProfile')}
        </button>
      </form>
    </section>
  );
}
