/**
 * The HTTP application: one Polka route per contract route that has a handler, each run
 * through the same steps: request id, CORS, credential, rate limit, auth mode, input
 * validation, handler, answer. Errors become the spec §7 envelope in one place.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import polka, { type Request } from 'polka';
import {
  RATE_BUCKETS,
  ReelayError,
  ROUTES,
  toRouterPath,
  type RateBucket,
  type RouteDefinition,
} from '@reelay/core';
import type { Clock } from '../clock';
import type { ReelayConfig } from '../config';
import type { Logger } from '../logger';
import {
  hasAnyCredential,
  readCredentials,
  type Authenticator,
  type Principal,
} from './authenticate';
import { clientAddress } from './client-address';
import {
  answerClientError,
  REQUEST_TIMEOUT_MS,
  timeoutCheckInterval,
  watchBodyIdle,
} from './connection-guards';
import { rateIdentity, rateLimitKey, type RateIdentity } from '../rate-limit-keys';
import { applyCors } from './cors';
import { createInFlightRequests, type InFlightRequests } from './in-flight';
import type { RateLimiter } from './rate-limiter';
import type { StoreHealth } from '../services/store-health';
import { sendError, sendJson } from './respond';
import type { RequestContext, RouteHandler, RouteHandlers } from './route-handler';
import { inputReader, type RouteInputValues } from './route-input';

export interface AppDeps {
  config: ReelayConfig;
  clock: Clock;
  logger: Logger;
  rateLimiter: RateLimiter;
  authenticator: Authenticator;
  handlers: RouteHandlers;
  /** Check every answer against its contract schema (development and tests). */
  validateResponses: boolean;
  /**
   * Routes outside the API contract (files served to the platform, pages): no
   * credential, no envelope of their own; errors still answer in the envelope.
   */
  rawRoutes?: readonly RawRoute[];
  /** Where the routes still running are counted, for a close that waits for them. */
  inFlight?: InFlightRequests;
  /** Told of every failure, so the database's faults answer 503 rather than 500. */
  storeHealth?: Pick<StoreHealth, 'translate'>;
}

export interface RawRoute {
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  /** Router path, `:param` style. */
  path: string;
  /** The bucket counting requests, per caller address. Default `default`. */
  rateBucket?: RateBucket;
  /**
   * Which requests count: `every` (default), or only the `misses`, the requests answered
   * 404. A route serving capability URLs counts misses only: whoever holds a valid URL
   * is never refused, while guessing still meets the limit.
   */
  counts?: 'every' | 'misses';
  handler(req: Request, res: ServerResponse): Promise<void> | void;
}

const NO_CREDENTIALS = { key: null, bearer: null, malformed: false };

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

function isNotFound(error: unknown): boolean {
  return error instanceof ReelayError && error.code === 'NOT_FOUND';
}

/** The rate-limit identity: the verified credential, else the caller's address. */
function limitIdentity(principal: Principal | null | undefined, ip: string): RateIdentity {
  if (principal?.kind === 'key') return rateIdentity('key', principal.apiKeyId);
  if (principal?.kind === 'user') return rateIdentity('user', principal.userId);
  return rateIdentity('ip', ip);
}

/**
 * Builds the Node HTTP server for the given handlers.
 *
 * @example
 * ```ts
 * const server = createHttpServer(deps);
 * server.listen(8080);
 * ```
 */
export function createHttpServer(deps: AppDeps): Server {
  const { config, clock, logger, rateLimiter, authenticator } = deps;
  const inFlight = deps.inFlight ?? createInFlightRequests();
  // Answers already sent by a timeout: the route still running fails on its cut stream,
  // which is expected, not an internal error worth logging.
  const answeredEarly = new WeakSet<ServerResponse>();

  async function limit(
    res: ServerResponse,
    bucket: RateBucket,
    identity: RateIdentity,
  ): Promise<void> {
    // Switched off by the operator (load tests): nothing counted, no limit to report.
    if (!config.rateLimits.enabled) return;
    const max = config.rateLimits.perMinute[bucket];
    const { windowSeconds } = RATE_BUCKETS[bucket];
    const result = await rateLimiter.hit(
      rateLimitKey(bucket, identity),
      max,
      windowSeconds * 1000,
      clock.now(),
    );
    res.setHeader('x-ratelimit-limit', String(result.limit));
    res.setHeader('x-ratelimit-remaining', String(result.remaining));
    res.setHeader('x-ratelimit-reset', String(result.resetSeconds));
    if (result.limited) {
      res.setHeader('retry-after', String(result.resetSeconds));
      throw new ReelayError('RATE_LIMIT_KEY', {
        message: `Limite de ${max} requisições por minuto excedido; tente de novo em ${result.resetSeconds} s.`,
      });
    }
  }

  function fail(
    res: ServerResponse,
    error: unknown,
    req: IncomingMessage,
    requestId: string,
  ): void {
    // The database away or out of room: a 503 that passes, not an internal error.
    const sent = sendError(res, deps.storeHealth?.translate(error) ?? error);
    if (sent.code === 'INTERNAL_ERROR' && !answeredEarly.has(res)) {
      logger.error('falha inesperada', {
        requestId,
        method: req.method,
        path: req.url?.split('?')[0],
        error: sent.cause,
      });
    }
  }

  async function run(
    route: RouteDefinition,
    handler: RouteHandler<never>,
    readInput: (req: Request) => Promise<RouteInputValues>,
    req: Request,
    res: ServerResponse,
  ) {
    const requestId = res.getHeader('x-request-id') as string;
    const ip = clientAddress(req, config.trustProxy);
    try {
      const credentials = route.auth === 'public' ? NO_CREDENTIALS : readCredentials(req);
      const principal =
        route.auth === 'public' ? undefined : await authenticator.verify(credentials);
      await limit(
        res,
        route.rateBucket,
        route.auth === 'public' ? rateIdentity('ip', ip) : limitIdentity(principal, ip),
      );
      const auth = await authenticator.authorize(
        {
          auth: route.auth,
          role: route.role,
          // A Bearer route under /v1/projects/{id} acts in the project its path names.
          pathProjectId:
            route.auth === 'bearer' && route.role ? (req.params as { id?: string }).id : undefined,
        },
        req,
        credentials,
        principal,
      );

      const input = await readInput(req);
      const context: RequestContext = { auth, requestId, ip, req, res };
      const result = (await handler(input as never, context)) as {
        status: number;
        body?: unknown;
        headers?: Record<string, string>;
      };
      if (res.writableEnded) return;
      const declared = route.responses[result.status];
      if (deps.validateResponses) {
        if (!declared)
          throw new Error(`${route.id} respondeu ${result.status}, que o contrato não declara`);
        const check = declared.schema?.safeParse(result.body);
        if (check && !check.success) {
          throw new Error(
            `${route.id} respondeu fora do contrato: ${JSON.stringify(check.error.issues)}`,
          );
        }
      }
      if (result.body === undefined) {
        res.writeHead(result.status, result.headers ?? {}).end();
      } else {
        sendJson(res, result.status, result.body, result.headers);
      }
    } catch (error) {
      fail(res, error, req, requestId);
    }
  }

  // Unknown routes: without a valid credential the answer is 401, before 404 (spec §4).
  async function noMatch(req: Request, res: ServerResponse) {
    const requestId = res.getHeader('x-request-id') as string;
    try {
      if (!req.path.startsWith('/v1/')) {
        await limit(res, 'public', rateIdentity('ip', clientAddress(req, config.trustProxy)));
        throw new ReelayError('NOT_FOUND', { message: 'Rota não encontrada.' });
      }
      const credentials = readCredentials(req);
      const principal = await authenticator.verify(credentials);
      await limit(res, 'default', limitIdentity(principal, clientAddress(req, config.trustProxy)));
      if (!principal) {
        throw new ReelayError('UNAUTHORIZED', {
          message: hasAnyCredential(credentials)
            ? 'Credencial inválida, revogada ou expirada.'
            : 'Credencial ausente: envie x-access-key ou Authorization: Bearer.',
        });
      }
      throw new ReelayError('NOT_FOUND', { message: 'Rota não encontrada.' });
    } catch (error) {
      fail(res, error, req, requestId);
    }
  }

  const app = polka({
    onNoMatch: (req, res) => inFlight.track(noMatch(req, res)),
    onError: (error, req, res) => fail(res, error, req, res.getHeader('x-request-id') as string),
  });
  // Literal paths before parametric ones: `/v1/connect/integrations` must not be taken
  // for `/v1/connect/{platform}`.
  const parameters = (route: RouteDefinition) => route.path.split('{').length - 1;
  for (const route of [...ROUTES].sort((a, b) => parameters(a) - parameters(b))) {
    const handler = deps.handlers[route.id as keyof RouteHandlers] as
      RouteHandler<never> | undefined;
    if (!handler) continue;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const readInput = inputReader(route);
    app[method](toRouterPath(route.path), (req, res) =>
      inFlight.track(run(route, handler, readInput, req, res)),
    );
  }

  for (const route of deps.rawRoutes ?? []) {
    const method = route.method.toLowerCase() as 'get' | 'head' | 'post' | 'delete';
    const bucket = route.rateBucket ?? 'default';
    const answer = async (req: Request, res: ServerResponse) => {
      const identity = rateIdentity('ip', clientAddress(req, config.trustProxy));
      try {
        if (route.counts !== 'misses') await limit(res, bucket, identity);
        await route.handler(req, res);
      } catch (error) {
        let answered = error;
        // Counted once known to be a miss; past the limit it answers 429 instead of 404.
        if (route.counts === 'misses' && isNotFound(error)) {
          try {
            await limit(res, bucket, identity);
          } catch (limited) {
            answered = limited;
          }
        }
        fail(res, answered, req, res.getHeader('x-request-id') as string);
      }
    };
    app[method](route.path, (req, res) => inFlight.track(answer(req, res)));
  }

  // Preflights carry no credential: counted per address, in the roomy default bucket, as
  // a dashboard sends one before most of its calls.
  async function answerPreflight(req: IncomingMessage, res: ServerResponse) {
    try {
      await limit(res, 'default', rateIdentity('ip', clientAddress(req, config.trustProxy)));
      res.writeHead(204).end();
    } catch (error) {
      fail(res, error, req, res.getHeader('x-request-id') as string);
    }
  }

  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: timeoutCheckInterval(config.headersTimeoutMs),
    },
    (req, res) => {
      res.setHeader('x-request-id', requestIdOf(req));
      watchBodyIdle(req, res, config.bodyIdleTimeoutMs, () => answeredEarly.add(res));
      if (applyCors(req, res, config.corsOrigins)) {
        inFlight.track(answerPreflight(req, res));
        return;
      }
      // `/v1/x` and `/v1/x/` are the same route (spec §4).
      const url = req.url ?? '/';
      const queryStart = url.indexOf('?');
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      if (path.length > 1 && path.endsWith('/')) {
        req.url =
          (path.replace(/\/+$/, '') || '/') + (queryStart === -1 ? '' : url.slice(queryStart));
      }
      void app.handler(req as Request, res, undefined as never);
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    answerClientError(error, socket, (res) => answeredEarly.add(res)),
  );
  return server;
}
