/**
 * Webhook subscriptions of the project chosen in the header: create one (its signing
 * secret shown once), send a test and see what the receiver answered, pause and resume,
 * rotate the secret (the new one shown once), delete after a confirmation, and each
 * subscription's deliveries with every attempt.
 */
import '../../components/admin-pages.css';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { SecretReveal } from '../../components/secret-reveal';
import { LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useWebhookActions } from './use-webhook-actions';
import { useWebhooks } from './use-webhooks';
import { WebhookForm } from './webhook-form';
import { WebhookList } from './webhook-list';

export default function WebhooksPage() {
  const t = useT();
  const { data, error, retry, refresh, replace } = useWebhooks();
  const [secret, setSecret] = useState<{ title: string; url: string; secret: string } | null>(null);
  const feedback = useActionFeedback();
  const actions = useWebhookActions({ replace, refresh, feedback, showSecret: setSecret });
  const { confirming, setConfirming } = actions;

  return (
    <section class="admin-page">
      <PageHeading title={t('webhooks.title')} help={<p>{t('webhooks.intro')}</p>}>
        {t('webhooks.title')}
      </PageHeading>

      {secret && (
        <SecretReveal
          title={secret.title}
          label={t('webhooks.secretLabel', { url: secret.url })}
          secret={secret.secret}
          hint={t('webhooks.secretHint')}
          onDone={() => setSecret(null)}
        />
      )}

      {error && !data ? (
        <LoadFailed message={t('webhooks.loadFailed')} error={error} onRetry={() => void retry()} />
      ) : !data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <>
          <WebhookList
            subscriptions={data.subscriptions}
            profiles={data.profiles}
            feedback={feedback}
            toggling={actions.toggling.has}
            onTogglePause={(subscription) => void actions.togglePause(subscription)}
            onRotate={(subscription) => setConfirming({ kind: 'rotate', subscription })}
            onDelete={(subscription) => setConfirming({ kind: 'delete', subscription })}
          />
          <WebhookForm
            profiles={data.profiles}
            onCreated={(created) => {
              setSecret({
                title: t('webhooks.createdTitle'),
                url: created.webhook.url,
                secret: created.webhook.secret,
              });
              feedback.setNotice('');
              void refresh();
            }}
          />
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title={t(confirming.kind === 'delete' ? 'webhooks.deleteTitle' : 'webhooks.rotateTitle', {
            url: confirming.subscription.webhook.url,
          })}
          confirmLabel={t(confirming.kind === 'delete' ? 'webhooks.delete' : 'webhooks.rotate')}
          cancelLabel={t('webhooks.cancel')}
          busy={actions.busy}
          onConfirm={() => void actions.confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t(confirming.kind === 'delete' ? 'webhooks.deleteBody' : 'webhooks.rotateBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
