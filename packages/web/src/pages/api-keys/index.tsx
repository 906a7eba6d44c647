/**
 * The project's API keys, for integrations that call Reelay without a person signed in:
 * create one (its secret shown once, with a copy button), see each key's prefix and when
 * it was created and last used, and revoke one after a confirmation. Keys belong to the
 * project chosen in the header, and only an admin or the owner manages them: anyone else
 * is told so.
 */
import '../../components/admin-pages.css';
import { roleMeets } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { SecretReveal } from '../../components/secret-reveal';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useApi, useProjectRole, useSession } from '../../session/session-context';
import { ApiKeyTable } from './api-key-table';
import { NewKeyForm } from './new-key-form';
import { useApiKeys, type ApiKey } from './use-api-keys';

export default function ApiKeysPage() {
  const t = useT();
  const role = useProjectRole();
  if (role === null || roleMeets(role, 'admin')) return <ApiKeysManager />;
  return (
    <section class="admin-page">
      <PageHeading title={t('apiKeys.title')}>{t('apiKeys.title')}</PageHeading>
      <p class="notice">{t('apiKeys.adminOnly', { role: t(`roles.${role}`) })}</p>
    </section>
  );
}

function ApiKeysManager() {
  const api = useApi();
  const t = useT();
  const state = useSession();
  const signedIn = state.status === 'signed-in' ? state : null;
  const projectId = signedIn?.projectId ?? '';
  const project = signedIn?.me.projects.find((item) => item.id === projectId);
  const { data: keys, error, retry, refresh } = useApiKeys(projectId);
  const [created, setCreated] = useState<{ name: string | null; key: string } | null>(null);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState(false);
  const feedback = useActionFeedback();

  const keyName = (key: ApiKey) => key.name ?? t('apiKeys.unnamed');

  async function revoke() {
    if (!confirming) return;
    setRevoking(true);
    try {
      await api.apiKeys.revoke(projectId, confirming.id);
      await refresh();
      feedback.say(t('apiKeys.revoked', { name: keyName(confirming) }));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setRevoking(false);
      setConfirming(null);
    }
  }

  return (
    <section class="admin-page">
      <PageHeading
        title={t('apiKeys.title')}
        help={<p>{t('apiKeys.intro', { project: project?.name ?? projectId })}</p>}
      >
        {t('apiKeys.title')}
      </PageHeading>

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
        <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
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
          <ApiKeyTable keys={keys} keyName={keyName} onRevoke={setConfirming} />
        )}
      </section>

      <NewKeyForm
        projectId={projectId}
        onStart={() => feedback.setNotice('')}
        onCreated={(key) => {
          setCreated(key);
          return refresh();
        }}
      />

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
