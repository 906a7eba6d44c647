/**
 * `reelay webhooks create|list|show|update|delete|rotate-secret|test|deliveries|redeliver`:
 * the project's notification subscriptions (spec §4 "Webhook subscription routes").
 * `verify` and `listen` live in their own files.
 */
import {
  WEBHOOK_EVENT_TYPES,
  type CreateNotificationBody,
  type CreatedNotificationSubscription,
  type NotificationSubscription,
  type UpdateNotificationBody,
} from '@reelay/sdk';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { listOption } from '../options';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t } from '../i18n';

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
      throw usageError(
        t('webhooks.unknownEvent', { name }),
        t('shared.useFlag', { flag: WEBHOOK_EVENT_TYPES.join(', ') }),
      );
    }
  }
  return [...new Set(names)] as EventType[];
}

function assertUrl(url: string, flag: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(t('webhooks.invalidUrl', { flag, url }), t('webhooks.useHttps'));
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw usageError(t('webhooks.invalidUrl', { flag, url }), t('webhooks.useHttps'));
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
  if (!options.url) throw usageError(t('webhooks.urlMissing'));
  assertUrl(options.url, '--url');
  const body: CreateNotificationBody = {
    eventTypes: eventTypes(options.events),
    webhook: { url: options.url },
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(options.onlyScheduled ? { onlyScheduledPosts: true } : {}),
  };
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.create(body);
  ctx.out.note(t('webhooks.keepSecret'));
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
    [t('webhooks.fieldEvents'), notification.eventTypes.join(', ')],
    [t('webhooks.fieldProfile'), notification.profileId],
    [t('webhooks.fieldOnlyScheduled'), notification.onlyScheduledPosts],
    [t('webhooks.fieldPaused'), notification.paused],
    ...(webhook.previousSecretExpiresAt
      ? [[t('webhooks.fieldPreviousSecret'), webhook.previousSecretExpiresAt] as const]
      : []),
    ...(webhook.secret ? [[t('webhooks.fieldSecret'), webhook.secret] as const] : []),
  ]);
}

const subscriptionColumns = () => [
  { header: 'id', value: (n: NotificationSubscription) => n.id },
  { header: 'url', value: (n: NotificationSubscription) => n.webhook.url, max: 50 },
  {
    header: t('webhooks.columnEvents'),
    value: (n: NotificationSubscription) => n.eventTypes.join(','),
    max: 60,
  },
  { header: t('accounts.columnProfile'), value: (n: NotificationSubscription) => n.profileId },
  { header: t('webhooks.columnPaused'), value: (n: NotificationSubscription) => n.paused },
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
  options: { limit?: number; offset?: number; all?: boolean },
  ctx: CommandContext,
): Promise<void> {
  const { limit, offset = 0 } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  if (options.all) {
    const notifications: NotificationSubscription[] = [];
    for await (const notification of reelay.notifications.list({ offset }))
      notifications.push(notification);
    ctx.out.result({ success: true, total: notifications.length, notifications }, () =>
      renderTable(notifications, subscriptionColumns()),
    );
    return;
  }
  const answer = await reelay.notifications.list({
    ...(limit === undefined ? {} : { limit }),
    offset,
  });
  ctx.out.result(answer, () => renderTable(answer.notifications, subscriptionColumns()));
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
  if (options.pause && options.resume) throw usageError(t('webhooks.pauseOrResume'));
  if (options.onlyScheduled && options.allPosts) throw usageError(t('webhooks.scheduledOrAll'));
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
    throw usageError(t('webhooks.nothingToChange'), t('webhooks.nothingToChangeHint'));
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
  ctx.out.result({ ...answer, notificationId }, () =>
    t('webhooks.deleted', { id: notificationId }),
  );
}

/**
 * `reelay webhooks rotate-secret <id> [--overlap <seconds>]`: a new secret, shown once;
 * the old one keeps signing beside it for the overlap (default 24 h, 0 to stop at once),
 * so receivers can move over without losing a delivery.
 *
 * @example
 * ```ts
 * await rotateWebhookSecret('ntf_01…', { overlap: 3600 }, ctx);
 * ```
 */
export async function rotateWebhookSecret(
  notificationId: string,
  options: { overlap?: number },
  ctx: CommandContext,
): Promise<void> {
  const overlapSeconds = options.overlap;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.rotateSecret(
    notificationId,
    overlapSeconds !== undefined ? { overlapSeconds } : {},
  );
  ctx.out.note(t('webhooks.keepNewSecret'));
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
    throw usageError(t('webhooks.testTarget'));
  }
  if (options.url) assertUrl(options.url, '--url');
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.notifications.test(
    notificationId ? { notificationId } : { webhook: { url: options.url! } },
  );
  const { result } = answer;
  ctx.out.result(answer, () =>
    renderFields([
      [t('webhooks.fieldEvent'), result.eventId],
      ['URL', result.url],
      [t('webhooks.fieldDelivered'), result.delivered],
      [t('webhooks.fieldResponseStatus'), result.responseStatus],
      [t('media.fieldDuration'), `${result.durationMs} ms`],
      [t('accounts.fieldError'), result.error],
      [t('webhooks.fieldResponseBody'), result.responseBody],
      // With --url the server signs with a one-off secret, given to check the signature.
      [t('webhooks.fieldTestSecret'), result.secret],
    ]),
  );
  if (!result.delivered) {
    throw new CliError(
      'failure',
      result.error
        ? t('webhooks.notDeliveredBecause', { error: result.error })
        : t('webhooks.notDelivered'),
      {
        code: 'WEBHOOK_NOT_DELIVERED',
        details: { responseStatus: result.responseStatus },
      },
    );
  }
}
