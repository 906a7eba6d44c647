/**
 * One subscription's delivery history, newest first: each event sent, its outcome, and
 * every attempt (when, how long, the HTTP status, the error). Read when opened and again
 * on request; more pages on request.
 */
import { describeError } from '../../components/api-error';
import { LocalTime } from '../../components/local-time';
import { useT } from '../../i18n';
import { useDeliveries, type Delivery } from './use-deliveries';
import { eventKey } from './webhook-form';

export function Deliveries({
  subscriptionId,
  version,
}: {
  subscriptionId: string;
  version: number;
}) {
  const t = useT();
  const { deliveries, total, error, busy, refresh, more } = useDeliveries(subscriptionId, version);

  const headingId = `deliveries-${subscriptionId}`;
  return (
    <section class="deliveries" aria-labelledby={headingId} aria-busy={busy ? 'true' : undefined}>
      <header class="deliveries-header">
        <h4 id={headingId}>{t('webhooks.deliveriesTitle')}</h4>
        <button type="button" class="secondary outline" disabled={busy} onClick={refresh}>
          {t('webhooks.refreshDeliveries')}
        </button>
      </header>
      {error ? (
        <p role="alert" class="form-error">
          {t('webhooks.deliveriesFailed')} {describeError(error)}
        </p>
      ) : !deliveries ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : deliveries.length === 0 ? (
        <p class="empty">{t('webhooks.noDeliveries')}</p>
      ) : (
        <>
          <p class="muted">
            <small>{t('webhooks.deliveriesShown', { shown: deliveries.length, total })}</small>
          </p>
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
          {deliveries.length < total && (
            <button type="button" class="secondary" disabled={busy} onClick={more}>
              {t('webhooks.moreDeliveries')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const titleId = `delivery-${delivery.id}`;
  return (
    <article class="delivery" aria-labelledby={titleId}>
      <header>
        <h5 id={titleId}>
          {t(eventKey(delivery.eventType))} · <LocalTime iso={delivery.createdAt} />
        </h5>
        <span class={`badge delivery-${delivery.status}`}>
          {t(`webhooks.deliveryStatus.${delivery.status}`)}
        </span>
      </header>
      <p class="muted">
        <small>
          {t('webhooks.eventId')} <code>{delivery.eventId}</code>
          {delivery.nextAttemptAt && (
            <>
              {' · '}
              {t('webhooks.nextAttempt')} <LocalTime iso={delivery.nextAttemptAt} />
            </>
          )}
        </small>
      </p>
      {delivery.attempts.length === 0 ? (
        <p class="empty">{t('webhooks.noAttempts')}</p>
      ) : (
        <div class="table-scroll">
          <table>
            <caption class="visually-hidden">
              {t('webhooks.attemptsOf', { event: delivery.eventType })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.attempt')}</th>
                <th scope="col">{t('webhooks.attemptAt')}</th>
                <th scope="col">{t('webhooks.httpStatus')}</th>
                <th scope="col">{t('webhooks.duration')}</th>
                <th scope="col">{t('webhooks.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attempt}>
                  <td>{attempt.attempt}</td>
                  <td>
                    <LocalTime iso={attempt.at} />
                  </td>
                  <td>{attempt.responseStatus ?? t('webhooks.noAnswer')}</td>
                  <td>
                    {attempt.durationMs === null
                      ? '—'
                      : t('webhooks.milliseconds', { count: attempt.durationMs })}
                  </td>
                  <td class="excerpt">{attempt.error ?? t('webhooks.attemptOk')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
