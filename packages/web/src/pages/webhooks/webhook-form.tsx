/**
 * Creates a webhook subscription: the receiving URL, the events it wants and, optionally,
 * the one profile whose posts it hears about. A refusal appears beside the field the
 * server names (an http or private address beside the URL).
 */
import { isReelayError, WEBHOOK_EVENT_TYPES, type CreateNotificationResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import type { Profile } from './use-webhooks';

export type CreatedSubscription = CreateNotificationResponse['notification'];
type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The text key of an event type (`post.published` → `webhooks.events.post_published`). */
export const eventKey = (type: string) => `webhooks.events.${type.replace('.', '_')}`;

export function WebhookForm({
  profiles,
  onCreated,
}: {
  profiles: readonly Profile[];
  onCreated(subscription: CreatedSubscription): void;
}) {
  const session = useSessionClient();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [noEvents, setNoEvents] = useState(false);
  const field = errorField(error);
  const validation = isReelayError(error, 'VALIDATION_ERROR');

  const urlError =
    validation && field === 'webhook.url'
      ? `${t('webhooks.urlInvalid')} (${(error as Error).message})`
      : null;
  const eventsError = noEvents
    ? t('webhooks.eventsRequired')
    : validation && field?.startsWith('eventTypes')
      ? t('webhooks.eventsRequired')
      : null;
  const otherError = error && !urlError && !eventsError ? describeError(error) : null;

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const eventTypes = data.getAll('eventTypes').map(String) as EventType[];
    const profileId = String(data.get('profileId') ?? '');
    setError(null);
    setNoEvents(eventTypes.length === 0);
    if (eventTypes.length === 0) return;
    setBusy(true);
    try {
      const { notification } = await session.api.notifications.create({
        webhook: { url: String(data.get('url') ?? '').trim() },
        eventTypes,
        ...(profileId ? { profileId } : {}),
      });
      form.reset();
      onCreated(notification);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="admin-form" aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">{t('webhooks.newTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('webhooks.url')}
          name="url"
          id="webhook-url"
          autocomplete="url"
          required
          maxLength={2048}
          hint={t('webhooks.urlHint')}
          error={urlError}
        />
        <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend>{t('webhooks.eventTypes')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" name="eventTypes" value={type} defaultChecked />
              {t(eventKey(type))} <code>{type}</code>
            </label>
          ))}
          {eventsError && (
            <small id="webhook-events-error" class="form-error">
              {eventsError}
            </small>
          )}
        </fieldset>
        <label for="webhook-profile">
          {t('webhooks.profile')}
          <select id="webhook-profile" name="profileId">
            <option value="">{t('webhooks.allProfiles')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </label>
        {otherError && (
          <p role="alert" class="form-error">
            {otherError}
          </p>
        )}
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {busy ? t('webhooks.creating') : t('webhooks.create')}
        </button>
      </form>
    </section>
  );
}
