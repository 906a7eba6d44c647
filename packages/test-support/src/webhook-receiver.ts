/**
 * A real webhook receiver for tests: a `node:http` server that keeps every request as it
 * arrived (raw body bytes, headers, time) and answers as the test says: a status, after a
 * delay, or never (a receiver that hangs).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received. */
  raw: Buffer;
  /** The body parsed, for convenience. */
  body: any;
  /** Real time of arrival, in milliseconds. */
  receivedAt: number;
}

/** How to answer one request: a status (default 200), after `delayMs`, or `hang`. */
export interface Answer {
  status?: number;
  delayMs?: number;
  hang?: boolean;
  body?: string;
}

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Answers the next requests in order, then `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Requests of one event id. */
  of(eventId: string): ReceivedWebhook[];
  /** Resolves when `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Stops listening (a receiver that is down); `listen` starts again on the same port. */
  stop(): Promise<void>;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a receiver on 127.0.0.1.
 *
 * @example
 * ```ts
 * const receiver = await startReceiver();
 * receiver.answers.push({ status: 500 });
 * ```
 */
export async function startReceiver(options: { port?: number } = {}): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve(): void }> = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  let server: Server;
  let port = options.port ?? 0;

  const receiver: Receiver = {
    url: '',
    port: 0,
    received,
    answers: [],
    fallback: { status: 200 },
    of: (eventId) => received.filter((item) => item.headers['x-service-event-id'] === eventId),
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} webhooks arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async stop() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    listen: () => listen(),
    close: () => receiver.stop(),
  };

  function listen(): Promise<void> {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        receivedAt: Date.now(),
      });
      for (const waiter of waiters.filter((item) => received.length >= item.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer.hang) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const send = () => res.writeHead(answer.status ?? 200).end(answer.body ?? '');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        receiver.port = port;
        receiver.url = `http://127.0.0.1:${port}/webhooks`;
        resolve();
      }),
    );
  }

  await listen();
  return receiver;
}

/**
 * Checks `X-Service-Signature` against a secret by an independent HMAC computation
 * (node:crypto, not Reelay's signing code): true when one of its `sha256=` values is the
 * HMAC-SHA256 of `<timestamp>.<raw body>`.
 */
export function signedWith(received: ReceivedWebhook, secret: string): boolean {
  const timestamp = received.headers['x-service-timestamp'] as string;
  const expected = createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(received.raw)
    .digest();
  const header = String(received.headers['x-service-signature'] ?? '');
  return header.split(',').some((part) => {
    const match = /^sha256=([0-9a-f]{64})$/.exec(part.trim());
    return match !== null && timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
  });
}
