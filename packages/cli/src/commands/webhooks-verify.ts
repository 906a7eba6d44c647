/**
 * `reelay webhooks verify`: checks a saved delivery (raw body and headers) against the
 * subscription secret, with spec §6's `X-Service-*` headers or the Standard Webhooks
 * `webhook-*` ones (§6's when both were saved). Exit 0 when it is genuine, 4 when it is
 * not (the reason is printed), 2 when a file is missing.
 */
import { readFileSync } from 'node:fs';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@reelay/sdk';
import { CliError, usageError } from '../cli-error';
import type { CommandContext } from '../command-context';
import { readStdinBytes } from '../input';
import { integerOption } from '../options';
import { renderFields } from '../table';
import { eventSubject, reasonText, webhookSecrets } from '../webhook-verification';
import { t } from '../i18n';

export interface VerifyOptions {
  payload?: string;
  headers?: string;
  header?: string[];
  secret?: string[];
  secretFile?: string;
  tolerance?: string;
  ignoreTimestamp?: boolean;
}

async function readBytes(path: string, what: string): Promise<Buffer> {
  if (path === '-') return readStdinBytes();
  try {
    return readFileSync(path);
  } catch {
    throw usageError(t('shared.fileNotFound', { what, path }));
  }
}

/**
 * Headers from a file or flags: a JSON object (`{"x-service-signature": "sha256=…"}`) or
 * raw `Name: value` lines, as `curl -D` saves them (a status line is skipped).
 *
 * @example
 * ```ts
 * parseHeaders('HTTP/1.1 200 OK\nX-Service-Timestamp: 1764594000\n');
 * // { 'x-service-timestamp': '1764594000' }
 * ```
 */
export function parseHeaders(text: string): Record<string, string> {
  const trimmed = text.trim();
  const headers: Record<string, string> = {};
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw usageError(t('verify.headersNotJson'));
    }
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? String(value[0]) : String(value);
    }
    return headers;
  }
  for (const line of trimmed.split(/\r?\n/)) {
    if (line.trim() === '' || /^HTTP\/\d/i.test(line)) continue;
    const colon = line.indexOf(':');
    if (colon <= 0)
      throw usageError(t('verify.invalidHeaderLine', { line }), t('verify.headerForm'));
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * `reelay webhooks verify --payload body.json --headers headers.txt --secret-file s`.
 *
 * @example
 * ```ts
 * await verifyDelivery({ payload: 'body.json', headers: 'headers.txt', secretFile: '.segredo' }, ctx);
 * ```
 */
export async function verifyDelivery(options: VerifyOptions, ctx: CommandContext): Promise<void> {
  if (!options.payload) throw usageError(t('verify.payloadMissing'));
  if (!options.headers && !options.header?.length) {
    throw usageError(t('verify.headersMissing'));
  }
  const secrets = webhookSecrets(options);
  const tolerance = integerOption(options.tolerance, '--tolerance', { min: 0 });
  const body = await readBytes(options.payload, t('verify.bodyFile'));
  const headers = {
    ...(options.headers
      ? parseHeaders((await readBytes(options.headers, t('verify.headersFile'))).toString('utf8'))
      : {}),
    ...parseHeaders((options.header ?? []).join('\n')),
  };
  // The timestamp of the header set that is checked: §6's when present.
  const timestamp = Number(headers['x-service-timestamp'] ?? headers['webhook-timestamp']);
  let event: WebhookEvent;
  try {
    event = await verifyWebhook(body, headers, secrets, {
      ...(tolerance !== undefined ? { toleranceSeconds: tolerance } : {}),
      // A saved delivery is checked as of the moment it was signed.
      ...(options.ignoreTimestamp && Number.isFinite(timestamp)
        ? { now: () => timestamp * 1000 }
        : {}),
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw new CliError(
        'verification',
        t('verify.invalid', { reason: reasonText(error.reason) ?? error.reason }),
        {
          code: 'WEBHOOK_INVALID',
          details: { reason: error.reason },
          ...(error.reason === 'timestamp_too_old'
            ? { hint: t('verify.ignoreTimestampHint') }
            : {}),
        },
      );
    }
    throw error;
  }
  ctx.out.result(
    { valid: true, event },
    () =>
      `${t('verify.valid')}\n${renderFields([
        [t('webhooks.fieldEvent'), event.id],
        [t('media.fieldType'), event.type],
        [t('verify.fieldCreatedAt'), event.createdAt],
        [
          event.type === 'comment.received' ? t('verify.fieldComment') : 'Post',
          eventSubject(event),
        ],
      ])}`,
  );
}
