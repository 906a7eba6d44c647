/**
 * `reelay webhooks listen`: a local receiver for development. It verifies every delivery
 * with the subscription secret (spec §6: raw body, constant-time compare, 300 s), from
 * the `X-Service-*` headers or, without them, the Standard Webhooks ones, answers
 * 204 at once, prints each event as it arrives (one JSON line each with `--json`) and
 * refuses forgeries with 400 and the reason. Runs until Ctrl-C, or `--max-events`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@reelay/sdk';
import { usageError } from '../cli-error';
import type { CommandContext } from '../command-context';
import { integerOption } from '../options';
import { eventSubject, reasonText, webhookSecrets } from '../webhook-verification';
import { t } from '../i18n';

export interface ListenOptions {
  port?: string;
  host?: string;
  path?: string;
  secret?: string[];
  secretFile?: string;
  maxEvents?: string;
}

/** The port `webhooks listen` takes when none is given. */
export const DEFAULT_LISTEN_PORT = 8787;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts the receiver and resolves when it stops.
 *
 * @example
 * ```ts
 * await listenForWebhooks({ port: '8787', secretFile: '.segredo' }, ctx);
 * ```
 */
export async function listenForWebhooks(
  options: ListenOptions,
  ctx: CommandContext,
): Promise<void> {
  const secrets = webhookSecrets(options);
  const port = integerOption(options.port, '--port', { max: 65535 }) ?? DEFAULT_LISTEN_PORT;
  const maxEvents = integerOption(options.maxEvents, '--max-events', { min: 1 });
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/';
  if (!path.startsWith('/')) throw usageError(t('listen.pathSlash', { path }));

  const seen = new Set<string>();
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (url.pathname !== path && path !== '/') return res.writeHead(404).end();
    if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end();
    const body = await readBody(req);
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(body, req.headers, secrets);
    } catch (error) {
      const reason = error instanceof WebhookVerificationError ? error.reason : 'error';
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(reason);
      ctx.out.note(
        t('listen.refused', { reason, text: reasonText(reason) ?? t('listen.verifyError') }),
      );
      return;
    }
    // Spec §6: answer 2xx within 10 s, then do the work; duplicates come with the same id.
    res.writeHead(204).end();
    const duplicate = seen.has(event.id);
    seen.add(event.id);
    const receivedAt = new Date().toISOString();
    ctx.out.line({ receivedAt, duplicate, event }, () => {
      return `${receivedAt}  ${event.type.padEnd(16)}  ${event.id}  ${eventSubject(event)}${duplicate ? `  ${t('listen.duplicate')}` : ''}`;
    });
    if (maxEvents !== undefined && seen.size >= maxEvents) stop();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? usageError(t('listen.portInUse', { port }), t('listen.portInUseHint'))
          : error,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  ctx.out.note(t('listen.listening', { url: `http://${shownHost}:${address.port}${path}` }));

  const onSignal = () => stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  ctx.out.note(t('listen.stopped', { count: seen.size }));
}
