/**
 * The project's API keys, for integrations that call Reelay without a person signed in:
 * create one (its secret shown once, with a copy button), see each key's prefix and when
 * it was created and last used, and revoke one after a confirmation. Keys belong to the
 * project chosen in the header.
 */
import '../../components/admin-pages.css';
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LocalTime, localTimeZone } from '../../components/local-time';
import { PageHeading } from '../../components/page-heading';
import { SecretReveal } from '../../components/secret-reveal';
import { ActionFeedback, LoadFailed } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useSession, useSessionClient } from '../../session/session-context';
import { useApiKeys, type ApiKey } from './use-api-keys';

export default function ApiKeysPage() {
  const session = useSessionClient();
  const t = useT();
  const state = useSession();
  const signedIn = state.status === 'signed-in' ? state : null;
  const projectId = signedIn?.projectId ?? '';
  const project = signedIn?.me.projects.find((item) => item.id === projectId);
  const { data: keys, error, retry, refresh } = useApiKeys(projectId);
  const [created, setCreated] = useState<{ name: string | null; key: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');

  const keyName = (key: ApiKey) => key.name ?? t('apiKeys.unnamed');

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
    setNotice('');
    try {
      const { apiKey } = await session.api.apiKeys.create(projectId, name ? { name } : {});
      form.reset();
      setCreated({ name: apiKey.name, key: apiKey.key });
      await refresh();
    } catch (caught) {
      setFormError(caught);
    } finally {
      setCreating(false);
    }
  }

  async function revoke() {
    if (!confirming) return;
    setRevoking(true);
    try {
      await session.api.apiKeys.revoke(projectId, confirming.id);
      await refresh();
      setActionError('');
      setNotice(t('apiKeys.revoked', { name: keyName(confirming) }));
    } catch (caught) {
      setNotice('');
      setActionError(describeError(caught));
    } finally {
      setRevoking(false);
      setConfirming(null);
    }
  }

  return (
    <section class="admin-page">
      <PageHeading title={t('apiKeys.title')}>{t('apiKeys.title')}</PageHeading>
      <p>{t('apiKeys.intro', { project: project?.name ?? projectId })}</p>

      {created && (
        <SecretReveal
          title={t('apiKeys.createdTitle', { name: created.name ?? t('apiKeys.unnamed') })}
          label={t('apiKeys.keyLabel')}
          secret={created.key}
          hint={t('apiKeys.createdHint')}
          onDone={() => setCreated(null)}
        />
      )}

      <section aria-labelledby="keys-title">
        <h2 id="keys-title">{t('apiKeys.listTitle')}</h2>
        <ActionFeedback notice={notice} actionError={actionError} />
        {error && !keys ? (
          <LoadFailed
            message={t('apiKeys.loadFailed')}
            error={error}
            onRetry={() => void retry()}
          />
        ) : !keys ? (
          <p aria-busy="true">{t('app.loading')}</p>
        ) : keys.length === 0 ? (
          <p class="empty">{t('apiKeys.empty')}</p>
        ) : (
          <>
            <p class="muted">
              <small>{t('apiKeys.timesIn', { zone: localTimeZone() })}</small>
            </p>
            <div class="table-scroll">
              <table class="striped">
                <thead>
                  <tr>
                    <th scope="col">{t('apiKeys.name')}</th>
                    <th scope="col">{t('apiKeys.prefix')}</th>
                    <th scope="col">{t('apiKeys.createdAt')}</th>
                    <th scope="col">{t('apiKeys.lastUsedAt')}</th>
                    <th scope="col">{t('apiKeys.status')}</th>
                    <th scope="col">{t('apiKeys.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((key) => (
                    <tr key={key.id} class={key.revokedAt ? 'revoked' : undefined}>
                      <th scope="row">{keyName(key)}</th>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>
                        <LocalTime iso={key.createdAt} />
                      </td>
                      <td>
                        {key.lastUsedAt ? (
                          <LocalTime iso={key.lastUsedAt} />
                        ) : (
                          t('apiKeys.neverUsed')
                        )}
                      </td>
                      <td>
                        {key.revokedAt ? (
                          <>
                            {t('apiKeys.revokedAt')} <LocalTime iso={key.revokedAt} />
                          </>
                        ) : (
                          t('apiKeys.active')
                        )}
                      </td>
                      <td>
                        {!key.revokedAt && (
                          <button
                            type="button"
                            class="danger outline"
                            aria-label={t('apiKeys.revokeLabel', { name: keyName(key) })}
                            onClick={() => setConfirming(key)}
                          >
                            {t('apiKeys.revoke')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

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

      {confirming && (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: keyName(confirming) })}
          confirmLabel={t('apiKeys.revoke')}
          cancelLabel={t('apiKeys.cancel')}
          busy={revoking}
          onConfirm={() => void revoke()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t('apiKeys.revokeBody', { prefix: confirming.prefix })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
