/**
 * `reelay webhooks create|list|show|update|delete|rotate-secret|test|deliveries|redeliver`:
 * the project's notification subscriptions (spec §4 "Webhook subscription routes").
 * `verify` and `listen` live in their own files.
 */
import type { DeliveryStatus } from '@reelay/core';
import {
  WEBHOOK_EVENT_TYPES,
  type CreateNotificationBody,
  type CreatedNotificationSubscription,
  type Delivery,
  type NotificationSubscription,
  type UpdateNotificationBody,
} from '@reelay/sdk';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { integerOption, listOption } from '../options';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';

type EventType = CreateNotificationBody['eventTypes'][number];

/**
 * Event names from `--events` (repeated or comma-separated); all four when none.
 *
 * @example
 * ```ts
 * eventTypes(['post.published,post.failed']); // ['post.published', 'post.failed']
 * ```
 */
export function eventTypes(values: readonly string[] | undefined): EventType[] {
  const names = listOption(values);
  if (names.length === 0) return [...WEBHOOK_EVENT_TYPES] as EventType[];
  for (const name of names) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(name)) {
      throw usageError(`evento desconhecido: "${name}"`, `use ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
  }
  return [...new Set(names)] as EventType[];
}

function assertUrl(url: string, flag: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`${flag} inválida: "${url}"`, 'use uma URL https://…');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw usageError(`${flag} inválida: "${url}"`, 'use uma URL https://…');
  }
}

export interface CreateWebhookOptions {
  url?: string;
  events?: string[];
  profile?: string;
  onlyScheduled?: boolean;
}

/**
 * `reelay webhooks create --url <url> [--events …] [--profile] [--only-scheduled]`.
 * The signing secret is in this answer only (spec §6): it is printed once, to keep.
 *
 * @example
 * ```ts
 * await createWebhook({ url: 'https://app.example.com/reelay', events: ['post.published'] }, ctx);
 * ```
 */
export async function createWebhook(
  options: CreateWebhookOptions,
  ctx: CommandContext,
): Promise<void> {
  if (!options.url) throw usageError('informe o endereço com --url');
  assertUrl(options.url, '--url');
  const body: CreateNotificationBody = {
    eventTypes: eventTypes(options.events),
    webhook: { url: options.url },
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(options.onlyScheduled ? { onlyScheduledPosts: true } : {}),
  };
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.create(body);
  ctx.out.note('Guarde o segredo agora: ele não será mostrado de novo.');
  ctx.out.result(answer, () => describeSubscription(answer.notification));
}

/**
 * A subscription for people; the secret only in the answers that carry it (creation and
 * rotation).
 *
 * @example
 * ```ts
 * process.stdout.write(describeSubscription(notification));
 * ```
 */
export function describeSubscription(
  notification: NotificationSubscription | CreatedNotificationSubscription,
): string {
  const webhook = notification.webhook as {
    url: string;
    secret?: string;
    previousSecretExpiresAt?: string | null;
  };
  return renderFields([
    ['Id', notification.id],
    ['URL', webhook.url],
    ['Eventos', notification.eventTypes.join(', ')],
    ['Perfil', notification.profileId],
    ['Só agendados', notification.onlyScheduledPosts],
    ['Pausada', notification.paused],
    ...(webhook.previousSecretExpiresAt
      ? [['Segredo anterior vale até', webhook.previousSecretExpiresAt] as const]
      : []),
    ...(webhook.secret ? [['Segredo', webhook.secret] as const] : []),
  ]);
}

const SUBSCRIPTION_COLUMNS = [
  { header: 'id', value: (n: NotificationSubscription) => n.id },
  { header: 'url', value: (n: NotificationSubscription) => n.webhook.url, max: 50 },
  { header: 'eventos', value: (n: NotificationSubscription) => n.eventTypes.join(','), max: 60 },
  { header: 'perfil', value: (n: NotificationSubscription) => n.profileId },
  { header: 'pausada', value: (n: NotificationSubscription) => n.paused },
];

/**
 * `reelay webhooks list [--all]`: the subscriptions (never their secrets).
 *
 * @example
 * ```ts
 * await listWebhooks({ all: true }, ctx);
 * ```
 */
export async function listWebhooks(
  options: { limit?: string; offset?: string; all?: boolean },
  ctx: CommandContext,
): Promise<void> {
  const limit = integerOption(options.limit, '--limit', { min: 1, max: 100 }) ?? 20;
  const offset = integerOption(options.offset, '--offset') ?? 0;
  const reelay = await projectClient(await loadSettings(ctx.global));
  if (options.all) {
    const notifications: NotificationSubscription[] = [];
    for await (const notification of reelay.notifications.list({ offset }))
      notifications.push(notification);
    ctx.out.result({ success: true, total: notifications.length, notifications }, () =>
      renderTable(notifications, SUBSCRIPTION_COLUMNS),
    );
    return;
  }
  const answer = await reelay.notifications.list({ limit, offset });
  ctx.out.result(answer, () => renderTable(answer.notifications, SUBSCRIPTION_COLUMNS));
}

/**
 * `reelay webhooks show <id>`.
 *
 * @example
 * ```ts
 * await showWebhook('ntf_01…', ctx);
 * ```
 */
export async function showWebhook(notificationId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.get(notificationId);
  ctx.out.result(answer, () => describeSubscription(answer.notification));
}

export interface UpdateWebhookOptions {
  url?: string;
  events?: string[];
  /** A profile id, or `none` to remove the filter. */
  profile?: string;
  onlyScheduled?: boolean;
  allPosts?: boolean;
  pause?: boolean;
  resume?: boolean;
}

/**
 * `reelay webhooks update <id> [--url] [--events] [--profile <id|none>]
 * [--only-scheduled|--all-posts] [--pause|--resume]`: changes only what is given. A
 * paused subscription keeps its events as `pending` and sends them on resume.
 *
 * @example
 * ```ts
 * await updateWebhook('ntf_01…', { pause: true }, ctx);
 * ```
 */
export async function updateWebhook(
  notificationId: string,
  options: UpdateWebhookOptions,
  ctx: CommandContext,
): Promise<void> {
  if (options.pause && options.resume) throw usageError('use --pause ou --resume, não os dois');
  if (options.onlyScheduled && options.allPosts)
    throw usageError('use --only-scheduled ou --all-posts, não os dois');
  if (options.url) assertUrl(options.url, '--url');
  const body: UpdateNotificationBody = {
    ...(options.url ? { webhook: { url: options.url } } : {}),
    ...(options.events?.length ? { eventTypes: eventTypes(options.events) } : {}),
    ...(options.profile !== undefined
      ? { profileId: options.profile === 'none' ? null : options.profile }
      : {}),
    ...(options.onlyScheduled
      ? { onlyScheduledPosts: true }
      : options.allPosts
        ? { onlyScheduledPosts: false }
        : {}),
    ...(options.pause ? { paused: true } : options.resume ? { paused: false } : {}),
  };
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nada a mudar',
      'informe --url, --events, --profile, --only-scheduled, --all-posts, --pause ou --resume',
    );
  }
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.update(notificationId, body);
  ctx.out.result(answer, () => describeSubscription(answer.notification));
}

/**
 * `reelay webhooks delete <id>`: no more events are sent to it.
 *
 * @example
 * ```ts
 * await deleteWebhook('ntf_01…', ctx);
 * ```
 */
export async function deleteWebhook(notificationId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.delete(notificationId);
  ctx.out.result({ ...answer, notificationId }, () => `${answer.message} (${notificationId})`);
}

/**
 * `reelay webhooks rotate-secret <id> [--overlap <seconds>]`: a new secret, shown once;
 * the old one keeps signing beside it for the overlap (default 24 h, 0 to stop at once),
 * so receivers can move over without losing a delivery.
 *
 * @example
 * ```ts
 * await rotateWebhookSecret('ntf_01…', { overlap: '3600' }, ctx);
 * ```
 */
export async function rotateWebhookSecret(
  notificationId: string,
  options: { overlap?: string },
  ctx: CommandContext,
): Promise<void> {
  const overlapSeconds = integerOption(options.overlap, '--overlap', { min: 0 });
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.rotateSecret(
    notificationId,
    overlapSeconds !== undefined ? { overlapSeconds } : {},
  );
  ctx.out.note('Guarde o novo segredo agora: ele não será mostrado de novo.');
  ctx.out.result(answer, () => describeSubscription(answer.notification));
}

/**
 * `reelay webhooks test [ntf_…] [--url <url>]`: sends a test event to a saved
 * subscription or to any URL. A destination that does not answer 2xx exits 1.
 *
 * @example
 * ```ts
 * await testWebhook('ntf_01jd8k2m3n4p5q6r7s8t9v0wxy', {}, ctx);
 * ```
 */
export async function testWebhook(
  notificationId: string | undefined,
  options: { url?: string },
  ctx: CommandContext,
): Promise<void> {
  if (Boolean(notificationId) === Boolean(options.url)) {
    throw usageError('informe o id da assinatura (ntf_…) ou --url, um dos dois');
  }
  if (options.url) assertUrl(options.url, '--url');
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.test(
    notificationId ? { notificationId } : { webhook: { url: options.url! } },
  );
  const { result } = answer;
  ctx.out.result(answer, () =>
    renderFields([
      ['Evento', result.eventId],
      ['URL', result.url],
      ['Entregue', result.delivered],
      ['Status da resposta', result.responseStatus],
      ['Duração', `${result.durationMs} ms`],
      ['Erro', result.error],
      ['Corpo da resposta', result.responseBody],
      // With --url the server signs with a one-off secret, given to check the signature.
      ['Segredo do teste', result.secret],
    ]),
  );
  if (!result.delivered) {
    throw new CliError(
      'failure',
      `o destino não aceitou o evento de teste${result.error ? `: ${result.error}` : ''}`,
      {
        code: 'WEBHOOK_NOT_DELIVERED',
        details: { responseStatus: result.responseStatus },
      },
    );
  }
}

export interface DeliveriesOptions {
  status?: DeliveryStatus;
  limit?: string;
  offset?: string;
  all?: boolean;
}

const DELIVERY_COLUMNS = [
  { header: 'id', value: (d: Delivery) => d.id },
  { header: 'evento', value: (d: Delivery) => `${d.eventType} ${d.eventId}` },
  { header: 'status', value: (d: Delivery) => d.status },
  { header: 'tentativa', value: (d: Delivery) => d.attempt },
  { header: 'resposta', value: (d: Delivery) => d.responseStatus },
  { header: 'próxima', value: (d: Delivery) => d.nextAttemptAt },
  { header: 'erro', value: (d: Delivery) => d.error, max: 50 },
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
  const limit = integerOption(options.limit, '--limit', { min: 1, max: 100 }) ?? 20;
  const offset = integerOption(options.offset, '--offset') ?? 0;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const query = {
    ...(options.status ? { status: options.status } : {}),
    ...(options.all ? {} : { limit }),
    offset,
  };
  if (options.all) {
    const deliveries: Delivery[] = [];
    for await (const delivery of reelay.notifications.deliveries(notificationId, query))
      deliveries.push(delivery);
    ctx.out.result({ success: true, total: deliveries.length, deliveries }, () =>
      renderTable(deliveries, DELIVERY_COLUMNS),
    );
    return;
  }
  const answer = await reelay.notifications.deliveries(notificationId, query);
  ctx.out.result(answer, () => renderTable(answer.deliveries, DELIVERY_COLUMNS));
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
    ctx.out.note('A assinatura está pausada: o reenvio sai quando ela for retomada.');
  }
  ctx.out.result(answer, () =>
    renderFields([
      ['Nova entrega', delivery.id],
      ['Reenvia', delivery.redeliveryOf],
      ['Evento', `${delivery.eventType} ${delivery.eventId}`],
      ['Status', delivery.status],
      ['Próxima tentativa', delivery.nextAttemptAt],
    ]),
  );
}
