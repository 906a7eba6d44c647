/**
 * Where a scraper reads `/metrics`: on a port of its own (`REELAY_METRICS_PORT`, loopback
 * by default), or on the API's port when `REELAY_METRICS_TOKEN` is set, behind that
 * token. The figures say how busy an instance is and how many jobs wait, which is no
 * one's business but the operator's: never served on the API port without a token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReelayError } from '@reelay/core';
import type { RawRoute } from '../http/create-app';
import type { Logger } from '../logger';
import type { ServerMetrics } from './server-metrics';

/** The path both listeners answer. */
export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(req: IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  // Digests have one length, so the comparison says nothing about the token's.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

const unauthorized = () =>
  new ReelayError('UNAUTHORIZED', {
    message: 'Informe o token de métricas (REELAY_METRICS_TOKEN) como Bearer.',
  });

async function answerScrape(metrics: ServerMetrics, res: ServerResponse): Promise<void> {
  const { contentType, body } = await metrics.scrape();
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

/**
 * `GET /metrics` on the API port, when a token guards it; none otherwise.
 *
 * @example
 * ```ts
 * rawRoutes: [...metricsRoutes(metrics, config.metrics.token)],
 * ```
 */
export function metricsRoutes(metrics: ServerMetrics, token: string | null): RawRoute[] {
  if (token === null) return [];
  return [
    {
      method: 'GET',
      path: METRICS_PATH,
      // Per address, as the public routes: a scraper every 15 s is far below it, and a
      // guesser meets the limit.
      rateBucket: 'public',
      async handler(req, res) {
        if (!carriesToken(req, token)) throw unauthorized();
        await answerScrape(metrics, res);
      },
    },
  ];
}

/** The metrics listener, once it listens. */
export interface MetricsServer {
  /** `http://host:port` it listens at. */
  readonly url: string;
  close(): Promise<void>;
}

/** An error in the API's envelope (spec §7), as the API port would answer it. */
function refuse(res: ServerResponse, error: ReelayError): void {
  res
    .writeHead(error.statusCode, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(error.toEnvelope()));
}

/**
 * Starts the metrics port: `GET /metrics` and nothing else. A failed scrape (it never
 * throws on a database fault: `reelay_database_up` says it) answers 500 in the envelope,
 * logged, and the listener goes on.
 *
 * @example
 * ```ts
 * const server = await startMetricsServer({ metrics, port: 9464, host: '127.0.0.1', token: null, logger });
 * await server.close();
 * ```
 */
export async function startMetricsServer(options: {
  metrics: ServerMetrics;
  port: number;
  host: string;
  token: string | null;
  logger: Logger;
}): Promise<MetricsServer> {
  const { metrics, token, logger } = options;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // As on the API port, a method a path does not take is a route that does not exist.
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return refuse(res, new ReelayError('NOT_FOUND', { message: 'Rota não encontrada.' }));
    }
    if (token !== null && !carriesToken(req, token)) {
      return refuse(res, unauthorized());
    }
    answerScrape(metrics, res).catch((error: unknown) => {
      logger.error('métricas não puderam ser lidas', { error });
      if (!res.headersSent) refuse(res, new ReelayError('INTERNAL_ERROR'));
    });
  });
  // Answers are small and scrapes short: a stalled client is dropped soon.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', (error) =>
        logger.error('o servidor de métricas relatou um erro', { error }),
      );
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
