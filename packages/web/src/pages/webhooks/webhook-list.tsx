/**
 * The project's subscriptions, each a card, with the last action's outcome above them;
 * a subscription limited to a profile names it.
 */
import { localTimeZone } from '../../components/local-time';
import { ActionFeedback, type Feedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import type { Profile, Subscription } from './use-webhooks';
import { WebhookCard } from './webhook-card';

export interface WebhookListProps {
  subscriptions: readonly Subscription[];
  profiles: readonly Profile[];
  feedback: Feedback;
  toggling(id: string): boolean;
  onTogglePause(subscription: Subscription): void;
  onRotate(subscription: Subscription): void;
  onDelete(subscription: Subscription): void;
}

export function WebhookList(props: WebhookListProps) {
  const t = useT();
  const profileNames = new Map(props.profiles.map((profile) => [profile.id, profile.name]));
  const profileName = (subscription: Subscription) =>
    subscription.profileId
      ? (profileNames.get(subscription.profileId) ?? subscription.profileId)
      : null;
  return (
    <section aria-labelledby="webhooks-list-title">
      <h2 id="webhooks-list-title">{t('webhooks.listTitle')}</h2>
      <ActionFeedback notice={props.feedback.notice} actionError={props.feedback.actionError} />
      {props.subscriptions.length === 0 ? (
        <p class="empty">{t('webhooks.empty')}</p>
      ) : (
        <>
          <p class="muted">
            <small>{t('webhooks.timesIn', { zone: localTimeZone() })}</small>
          </p>
          {props.subscriptions.map((subscription) => (
            <WebhookCard
              key={subscription.id}
              subscription={subscription}
              profileName={profileName(subscription)}
              toggling={props.toggling(subscription.id)}
              onTogglePause={() => props.onTogglePause(subscription)}
              onRotate={() => props.onRotate(subscription)}
              onDelete={() => props.onDelete(subscription)}
            />
          ))}
        </>
      )}
    </section>
  );
}
