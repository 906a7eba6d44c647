/**
 * `reelay webhooks deliveries|redeliver`: the delivery history of a subscription, and
 * sending one delivered event again.
 */
import type { DeliveryStatus } from '@reelay/core';
import { type Delivery } from '@reelay/sdk';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t } from '../i18n';

export interface DeliveriesOptions {
  status?: DeliveryStatus;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
  all?: boolean;
}

const deliveryColumns = () => [
  { header: 'id', value: (d: Delivery) => d.id },
  { header: t('webhooks.columnEvent'), value: (d: Delivery) => `${d.eventType} ${d.eventId}` },
  { header: t('posts.columnStatus'), value: (d: Delivery) => d.status },
  { header: t('webhooks.columnAttempt'), value: (d: Delivery) => d.attempt },
  { header: t('webhooks.columnResponse'), value: (d: Delivery) => d.responseStatus },
  { header: t('webhooks.columnNext'), value: (d: Delivery) => d.nextAttemptAt },
  { header: t('posts.columnError'), value: (d: Delivery) => d.error, max: 50 },
];

/**
 * `reelay webhooks deliveries <ntf_…> [--status] [--all]`: what was sent and how it went.
 *
 * @example
 * ```ts
 * await listDeliveries('ntf_01…', { status: 'failed' }, ctx);
 * ```
 */
export async function listDeliveries(
  notificationId: string,
  options: DeliveriesOptions,
  ctx: CommandContext,
): Promise<void> {
  const { limit, offset = 0 } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const query = {
    ...(options.status ? { status: options.status } : {}),
    ...(options.all || limit === undefined ? {} : { limit }),
    offset,
  };
  if (options.all) {
    const deliveries: Delivery[] = [];
    for await (const delivery of reelay.notifications.deliveries(notificationId, query))
      deliveries.push(delivery);
    ctx.out.result({ success: true, total: deliveries.length, deliveries }, () =>
      renderTable(deliveries, deliveryColumns()),
    );
    return;
  }
  const answer = await reelay.notifications.deliveries(notificationId, query);
  ctx.out.result(answer, () => renderTable(answer.deliveries, deliveryColumns()));
}

/**
 * `reelay webhooks redeliver <ntf_…> <dlv_…>`: sends the delivery's event again (same id
 * and body, signed anew) as a new delivery with its own attempts. While a delivery of
 * that event is still pending the server refuses (`DELIVERY_PENDING`, exit 1); to a
 * paused subscription the redelivery waits until it is resumed.
 *
 * @example
 * ```ts
 * await redeliverWebhook('ntf_01…', 'dlv_01…', ctx);
 * ```
 */
export async function redeliverWebhook(
  notificationId: string,
  deliveryId: string,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.redeliver(notificationId, deliveryId);
  const { delivery } = answer;
  if (delivery.status === 'pending' && delivery.nextAttemptAt === null) {
    ctx.out.note(t('webhooks.pausedRedelivery'));
  }
  ctx.out.result(answer, () =>
    renderFields([
      [t('webhooks.fieldNewDelivery'), delivery.id],
      [t('webhooks.fieldRedelivers'), delivery.redeliveryOf],
      [t('webhooks.fieldEvent'), `${delivery.eventType} ${delivery.eventId}`],
      [t('posts.fieldStatus'), delivery.status],
      [t('webhooks.fieldNextAttempt'), delivery.nextAttemptAt],
    ]),
  );
}
