/**
 * One webhook subscription: where it sends, which events, for which profile, whether it
 * is paused; a test delivery with what the receiver answered; its delivery history; and
 * the actions (pause or resume, rotate the secret, delete) the page carries out.
 */
import type { TestNotificationResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { LocalTime } from '../../components/local-time';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { Deliveries } from './deliveries';
import type { Subscription } from './use-webhooks';
import { eventKey } from './webhook-form';

type TestResult = TestNotificationResponse['result'] & { at: string };

export interface WebhookCardProps {
  subscription: Subscription;
  /** The profile's name, or null when the subscription hears every profile. */
  profileName: string | null;
  /** Pausing or resuming is under way. */
  toggling: boolean;
  onTogglePause(): void;
  onRotate(): void;
  onDelete(): void;
}

export function WebhookCard(props: WebhookCardProps) {
  const session = useSessionClient();
  const t = useT();
  const { subscription } = props;
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const [testError, setTestError] = useState('');
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [version, setVersion] = useState(0);
  const headingId = `webhook-${subscription.id}-url`;
  const panelId = `webhook-${subscription.id}-deliveries`;
  const url = subscription.webhook.url;

  async function sendTest() {
    setTesting(true);
    setTestError('');
    try {
      const answer = await session.api.notifications.test({ notificationId: subscription.id });
      setResult({ ...answer.result, at: new Date().toISOString() });
      setVersion((current) => current + 1);
    } catch (caught) {
      setResult(null);
      setTestError(describeError(caught));
    } finally {
      setTesting(false);
    }
  }

  return (
    <article
      id={`webhook-${subscription.id}`}
      class={`webhook${subscription.paused ? ' attention' : ''}`}
      aria-labelledby={headingId}
    >
      <header>
        <h3 id={headingId}>{url}</h3>
        <span class={`badge ${subscription.paused ? 'paused' : 'connected'}`}>
          {subscription.paused ? t('webhooks.paused') : t('webhooks.active')}
        </span>
      </header>
      <dl>
        <dt>{t('webhooks.eventTypes')}</dt>
        <dd>{subscription.eventTypes.map((type) => t(eventKey(type))).join(', ')}</dd>
        <dt>{t('webhooks.profile')}</dt>
        <dd>{props.profileName ?? t('webhooks.allProfiles')}</dd>
        <dt>{t('webhooks.createdAt')}</dt>
        <dd>
          <LocalTime iso={subscription.createdAt} />
        </dd>
        {subscription.webhook.previousSecretExpiresAt && (
          <>
            <dt>{t('webhooks.previousSecret')}</dt>
            <dd>
              {t('webhooks.previousSecretUntil')}{' '}
              <LocalTime iso={subscription.webhook.previousSecretExpiresAt} />
            </dd>
          </>
        )}
      </dl>
      <footer class="actions">
        <button
          type="button"
          aria-label={t('webhooks.testLabel', { url })}
          aria-busy={testing ? 'true' : undefined}
          disabled={testing}
          onClick={() => void sendTest()}
        >
          {testing ? t('webhooks.testing') : t('webhooks.test')}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-label={t(subscription.paused ? 'webhooks.resumeLabel' : 'webhooks.pauseLabel', {
            url,
          })}
          aria-busy={props.toggling ? 'true' : undefined}
          disabled={props.toggling}
          onClick={props.onTogglePause}
        >
          {subscription.paused ? t('webhooks.resume') : t('webhooks.pause')}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-label={t('webhooks.rotateLabel', { url })}
          onClick={props.onRotate}
        >
          {t('webhooks.rotate')}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-expanded={showDeliveries ? 'true' : 'false'}
          aria-controls={panelId}
          aria-label={t('webhooks.deliveriesLabel', { url })}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {t('webhooks.deliveries')}
        </button>
        <button
          type="button"
          class="danger outline"
          aria-label={t('webhooks.deleteLabel', { url })}
          onClick={props.onDelete}
        >
          {t('webhooks.delete')}
        </button>
      </footer>
      <div role="status" class="live">
        {result && <TestOutcome result={result} />}
      </div>
      {testError && (
        <p role="alert" class="form-error">
          {testError}
        </p>
      )}
      <div id={panelId} hidden={!showDeliveries}>
        {showDeliveries && <Deliveries subscriptionId={subscription.id} version={version} />}
      </div>
    </article>
  );
}

function TestOutcome({ result }: { result: TestResult }) {
  const t = useT();
  return (
    <div class={`test-result ${result.delivered ? 'success' : 'refused'}`}>
      <p>
        <strong>
          {result.delivered ? t('webhooks.testDelivered') : t('webhooks.testNotDelivered')}
        </strong>{' '}
        {t('webhooks.testSummary', {
          status: result.responseStatus ?? t('webhooks.noAnswer'),
          duration: t('webhooks.milliseconds', { count: result.durationMs }),
        })}{' '}
        <LocalTime iso={result.at} />
      </p>
      {result.error && (
        <p>
          {t('webhooks.error')} {result.error}
        </p>
      )}
      {result.responseBody && (
        <>
          <p>{t('webhooks.responseExcerpt')}</p>
          <pre class="excerpt">{result.responseBody}</pre>
        </>
      )}
    </div>
  );
}
