/**
 * What can be done to a subscription from the webhooks page: pause and resume it (each
 * row shows its own progress), and, after a confirmation, delete it or rotate its secret
 * (the new secret is handed to the page, to be shown once).
 */
import { useState } from 'preact/hooks';
import type { Feedback } from '../../components/page-feedback';
import { useBusyIds } from '../../components/use-busy-ids';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { Subscription } from './use-webhooks';

export type Confirming = { kind: 'delete' | 'rotate'; subscription: Subscription };

export interface WebhookActionsOptions {
  /** Puts a subscription the API answered in place of the listed one. */
  replace(subscription: Subscription): void;
  /** Reads the list again. */
  refresh(): Promise<unknown>;
  feedback: Feedback;
  /** A new secret to show once. */
  showSecret(secret: { title: string; url: string; secret: string }): void;
}

/**
 * @example
 * ```ts
 * const actions = useWebhookActions({ replace, refresh, feedback, showSecret: setSecret });
 * actions.setConfirming({ kind: 'delete', subscription });
 * ```
 */
export function useWebhookActions({
  replace,
  refresh,
  feedback,
  showSecret,
}: WebhookActionsOptions) {
  const api = useApi();
  const t = useT();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  const toggling = useBusyIds();

  async function togglePause(subscription: Subscription) {
    toggling.add(subscription.id);
    try {
      const paused = !subscription.paused;
      const { notification } = await api.notifications.update(subscription.id, { paused });
      replace(notification);
      const key = paused ? 'webhooks.pausedNotice' : 'webhooks.resumedNotice';
      feedback.say(t(key, { url: notification.webhook.url }));
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      toggling.remove(subscription.id);
    }
  }

  async function rotate(subscription: Subscription) {
    const { notification } = await api.notifications.rotateSecret(subscription.id);
    const { secret, ...webhook } = notification.webhook;
    // The list keeps the subscription without its secret, which is shown once.
    replace({ ...notification, webhook });
    feedback.setNotice('');
    showSecret({ title: t('webhooks.rotatedTitle'), url: notification.webhook.url, secret });
  }

  async function confirm() {
    if (!confirming) return;
    const { subscription } = confirming;
    setBusy(true);
    try {
      if (confirming.kind === 'delete') {
        await api.notifications.delete(subscription.id);
        await refresh();
        feedback.say(t('webhooks.deleted', { url: subscription.webhook.url }));
      } else {
        await rotate(subscription);
      }
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return { confirming, setConfirming, busy, toggling, togglePause, confirm };
}
