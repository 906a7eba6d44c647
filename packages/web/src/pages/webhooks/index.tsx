/**
 * Webhook subscriptions of the project chosen in the header: create one (its signing
 * secret shown once), send a test and see what the receiver answered, pause and resume,
 * rotate the secret (the new one shown once), delete after a confirmation, and each
 * subscription's deliveries with every attempt.
 */
import '../../components/admin-pages.css';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { localTimeZone } from '../../components/local-time';
import { PageHeading } from '../../components/page-heading';
import { SecretReveal } from '../../components/secret-reveal';
import { ActionFeedback, LoadFailed } from '../../components/page-feedback';
import { useBusyIds } from '../../components/use-busy-ids';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { useWebhooks, type Subscription } from './use-webhooks';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';

type Confirming = { kind: 'delete' | 'rotate'; subscription: Subscription };

export default function WebhooksPage() {
  const session = useSessionClient();
  const t = useT();
  const { data, error, retry, refresh, replace } = useWebhooks();
  const [secret, setSecret] = useState<{ title: string; url: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  const toggling = useBusyIds();
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');

  function say(text: string) {
    setActionError('');
    setNotice(text);
  }

  function fail(caught: unknown) {
    setNotice('');
    setActionError(describeError(caught));
  }

  async function togglePause(subscription: Subscription) {
    toggling.add(subscription.id);
    try {
      const paused = !subscription.paused;
      const { notification } = await session.api.notifications.update(subscription.id, { paused });
      replace(notification);
      say(
        t(paused ? 'webhooks.pausedNotice' : 'webhooks.resumedNotice', {
          url: notification.webhook.url,
        }),
      );
    } catch (caught) {
      fail(caught);
    } finally {
      toggling.remove(subscription.id);
    }
  }

  async function confirm() {
    if (!confirming) return;
    const { subscription } = confirming;
    setBusy(true);
    try {
      if (confirming.kind === 'delete') {
        await session.api.notifications.delete(subscription.id);
        await refresh();
        say(t('webhooks.deleted', { url: subscription.webhook.url }));
      } else {
        const { notification } = await session.api.notifications.rotateSecret(subscription.id);
        const { secret: newSecret, ...webhook } = notification.webhook;
        replace({ ...notification, webhook });
        setNotice('');
        setSecret({
          title: t('webhooks.rotatedTitle'),
          url: notification.webhook.url,
          secret: newSecret,
        });
      }
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const profileNames = new Map(data?.profiles.map((profile) => [profile.id, profile.name]));

  return (
    <section class="admin-page">
      <PageHeading title={t('webhooks.title')}>{t('webhooks.title')}</PageHeading>
      <p>{t('webhooks.intro')}</p>

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
          <section aria-labelledby="webhooks-list-title">
            <h2 id="webhooks-list-title">{t('webhooks.listTitle')}</h2>
            <ActionFeedback notice={notice} actionError={actionError} />
            {data.subscriptions.length === 0 ? (
              <p class="empty">{t('webhooks.empty')}</p>
            ) : (
              <>
                <p class="muted">
                  <small>{t('webhooks.timesIn', { zone: localTimeZone() })}</small>
                </p>
                {data.subscriptions.map((subscription) => (
                  <WebhookCard
                    key={subscription.id}
                    subscription={subscription}
                    profileName={
                      subscription.profileId
                        ? (profileNames.get(subscription.profileId) ?? subscription.profileId)
                        : null
                    }
                    toggling={toggling.has(subscription.id)}
                    onTogglePause={() => void togglePause(subscription)}
                    onRotate={() => setConfirming({ kind: 'rotate', subscription })}
                    onDelete={() => setConfirming({ kind: 'delete', subscription })}
                  />
                ))}
              </>
            )}
          </section>
          <WebhookForm
            profiles={data.profiles}
            onCreated={(created) => {
              setSecret({
                title: t('webhooks.createdTitle'),
                url: created.webhook.url,
                secret: created.webhook.secret,
              });
              setNotice('');
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
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t(confirming.kind === 'delete' ? 'webhooks.deleteBody' : 'webhooks.rotateBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
