/**
 * The composition root: store, platform client, clock, secrets, workers and the HTTP
 * server, assembled from one validated configuration. Tests, `reelay serve` and the
 * `reelay-server` binary all start Reelay through here.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchedules } from './background-schedules';
import { systemClock, type Clock } from './clock';
import type { ReelayConfig } from './config';
import { createAuthenticator } from './http/authenticate';
import { createHttpServer } from './http/create-app';
import { CLOSE_ROUTES_WAIT_MS, createInFlightRequests } from './http/in-flight';
import type { RouteId } from '@reelay/core';
import { createFacebookPlatform, createPlatform } from './platform';
import { mediaFileRoutes } from './http/handlers/media';
import { createRouteHandlers } from './route-handlers';
import { referenceRoutes } from './http/reference-pages';
import { mcpRoutes } from './http/mcp-route';
import { webAppRoutes } from './http/web-app-routes';
import { createMediaService } from './media/media-service';
import type { InstagramTimeouts } from '@reelay/core/platform';
import { refreshExpiringTokens, type TokenRefreshReport } from './services/token-refresh';
import { createWebhooks } from './webhooks/webhook-service';
import type { WebhookSettings } from './webhooks/webhook-settings';
import { createPublishTargetHandler } from './publishing/pipeline';
import { pollComments, type PollReport } from './inbox/comment-polling';
import { deleteUnusedMedia } from './media/unused-media-cleanup';
import { materializeSeriesJob } from './publishing/series-job';
import { runEvergreenQueues } from './publishing/evergreen-task';
import { checkFeedJob } from './feeds/feed-job';
import { metaWebhookJob } from './inbox/meta-webhooks';
import { DEFAULT_PIPELINE_SETTINGS, type PipelineSettings } from './publishing/pipeline-settings';
import { createWorker, type Worker } from './queue';
import { createMemoryRateLimiter, type RateLimiter } from './http/rate-limiter';
import { createCredentials } from './services/credentials';
import { createDatabaseRateLimiter } from './services/database-rate-limiter';
import { createLogger, type Logger } from './logger';
import { createAccessTokens } from './security/access-tokens';
import { checkEncryptionKey } from './security/encryption-key-check';
import { createMcpSessionIds } from './security/mcp-sessions';
import { createOAuthStateSigner } from './security/oauth-state';
import { resolveSecrets } from './security/secrets';
import { createTokenCipher } from './security/token-cipher';
import type { ServerContext } from './server-context';
import { createStoreHealth } from './services/store-health';
import { logStartUpNotice, type StartUpNotice } from './start-up-texts';
import { deleteOldContainerCreations } from './store/container-creations';
import { migrateToLatest, openStore } from './store/database';
import { createServerMetrics } from './metrics/server-metrics';
import { metricsRoutes, startMetricsServer, type MetricsServer } from './metrics/metrics-endpoint';

export interface ReelayOptions {
  /** Source of time; tests pass a manual clock. */
  clock?: Clock;
  logger?: Logger;
  /** Check every answer against the contract (default: outside production). */
  validateResponses?: boolean;
  /** Where rate-limit counters live (default: memory on SQLite, the database on PostgreSQL). */
  rateLimiter?: RateLimiter;
  /** Run background work (the job queue, token refresh) on its own; tests run it by hand. Default true. */
  workers?: boolean;
  /** Timings of the publishing pipeline; the grace for `MISSED` comes from the configuration. */
  pipeline?: Partial<PipelineSettings>;
  /** Timeouts of platform calls (tests shorten them). */
  platformTimeouts?: Partial<InstagramTimeouts>;
  /** Webhook delivery timings (tests shorten the 10 s timeout; spec §6 fixes the rest). */
  webhooks?: Partial<WebhookSettings>;
}

export interface Reelay {
  readonly config: ReelayConfig;
  readonly context: ServerContext;
  readonly server: Server;
  /** Starts listening; resolves with the address it listens at. */
  listen(port?: number, host?: string): Promise<string>;
  /** Where `REELAY_METRICS_PORT`'s listener answers once listening, or null without one. */
  readonly metricsUrl: string | null;
  /** Stops accepting requests, lets running ones finish, stops workers, closes the store. */
  close(): Promise<void>;
  /** The contract routes this server answers. */
  readonly mountedRoutes: readonly RouteId[];
  /** Background tasks, run now instead of on their schedule. */
  readonly tasks: {
    refreshTokens(): Promise<TokenRefreshReport>;
    /** Runs every due job, and those that become due meanwhile, until none is due. */
    runDueJobs(): Promise<void>;
    /** Forgets container creations older than the platform's 24 h window, of every account. */
    forgetOldContainerCreations(): Promise<void>;
    /** Queues the webhook dispatcher at once if events wait while its job is in a backoff. */
    sweepUndispatchedEvents(): Promise<void>;
    /** Reads the comments of the published media that are due (the inbox's polling). */
    pollComments(): Promise<PollReport>;
    /** Deletes the media no post uses, older than `REELAY_UNUSED_MEDIA_DAYS` and not kept. */
    deleteUnusedMedia(): Promise<{ deleted: number }>;
    /**
     * Fills the slots coming up within the hour that no post takes, of every schedule that
     * recycles evergreen posts; answers how many copies it created.
     */
    fillEvergreenSlots(): Promise<{ created: number }>;
  };
}

/**
 * Creates a Reelay server from a configuration: opens the store and runs migrations.
 *
 * @example
 * ```ts
 * const reelay = await createReelay(loadConfig());
 * const url = await reelay.listen();
 * process.on('SIGTERM', () => reelay.close());
 * ```
 */
export async function createReelay(
  config: ReelayConfig,
  options: ReelayOptions = {},
): Promise<Reelay> {
  const clock = options.clock ?? systemClock;
  const baseLogger = options.logger ?? createLogger(config.logLevel);
  let logger = baseLogger;
  const secrets = resolveSecrets(config, logger);
  // Start-up notices are for the person starting the server: in their language
  // (docs/language.md), each with a stable code for log queries.
  const notice = (level: 'info' | 'warn', code: StartUpNotice) =>
    logStartUpNotice(logger, level, config.language, code);
  if (config.allowPrivateUrls) notice('warn', 'PRIVATE_URLS_ALLOWED');
  if (!config.rateLimits.enabled) notice('warn', 'RATE_LIMITS_OFF');
  if (!config.instagram.appSecret && !config.facebook.appSecret) {
    // What stops working and what to set, before anyone meets it as an error.
    notice('warn', 'PLATFORM_CREDENTIALS_MISSING');
  }
  const store = openStore(config.database, {
    poolSize: config.databasePoolSize,
    onConnectionError: (error) =>
      baseLogger.warn('uma conexão com o PostgreSQL caiu; outra será aberta', { error }),
  });
  if (store.capabilities.sharedByInstances && config.storage.kind === 'local') {
    notice('warn', 'LOCAL_STORAGE_WITH_SHARED_DATABASE');
  }
  const cipher = createTokenCipher(secrets.encryptionKey);
  try {
    await migrateToLatest(store);
    await checkEncryptionKey({
      db: store.db,
      key: secrets.encryptionKey,
      keyFile: secrets.encryptionKeyFile,
      cipher,
      clock,
      logger,
      language: config.language,
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const storeHealth = createStoreHealth({ db: store.db, clock, logger: baseLogger });
  // Every part below logs through this: a database fault in a logged error is reported
  // to the health, which logs the fault once instead of once per failed statement.
  logger = storeHealth.logger(baseLogger);

  const metrics = createServerMetrics({
    db: store.db,
    now: () => clock.now(),
    // Served on a port of its own, or behind a token on the API's: otherwise never read.
    processMetrics: config.metrics.port !== null || config.metrics.token !== null,
  });
  const workersEnabled = options.workers !== false;
  let worker: Worker | null = null;
  const pipeline: PipelineSettings = {
    ...DEFAULT_PIPELINE_SETTINGS,
    missedGraceMs: config.missedGraceMs,
    prepareWindowMs: config.prepareWindowMs,
    ...options.pipeline,
  };
  const context: ServerContext = {
    config,
    db: store.db,
    capabilities: store.capabilities,
    clock,
    logger,
    cipher,
    accessTokens: createAccessTokens({
      authSecret: secrets.authSecret,
      issuer: config.publicUrl,
      clock,
      oidc: config.oidc,
    }),
    oauthStates: createOAuthStateSigner(secrets.authSecret, clock),
    platform: createPlatform(config, clock, options.platformTimeouts, metrics.platformCall),
    facebook: createFacebookPlatform(config, clock, options.platformTimeouts, metrics.platformCall),
    media: createMediaService({ db: store.db, config, clock, logger }),
    pipeline,
    storeHealth,
    metrics,
    wakeWorker: () => {
      if (workersEnabled) worker?.wake();
    },
  };
  const webhooks = createWebhooks(
    {
      db: store.db,
      capabilities: store.capabilities,
      clock,
      logger,
      cipher,
      allowPrivateUrls: config.allowPrivateUrls,
      wake: () => context.wakeWorker(),
      metrics,
    },
    options.webhooks,
  );
  worker = createWorker({
    db: store.db,
    capabilities: store.capabilities,
    clock,
    logger,
    concurrency: config.workerConcurrency,
    leaseMs: config.jobLeaseMs,
    handlers: {
      publish_target: createPublishTargetHandler(context),
      ingest_meta_webhook: metaWebhookJob(context),
      materialize_series: materializeSeriesJob(context),
      check_feed: checkFeedJob(context),
      ...webhooks.jobHandlers,
    },
  });

  const rateLimiter =
    options.rateLimiter ??
    (store.capabilities.sharedRateLimits
      ? createDatabaseRateLimiter(store.db)
      : createMemoryRateLimiter());
  const handlers = createRouteHandlers(context, webhooks);
  const inFlight = createInFlightRequests();
  const authenticator = createAuthenticator({
    credentials: createCredentials({ db: store.db, clock }),
    accessTokens: context.accessTokens,
    ownOrigins: [new URL(config.publicUrl).origin],
  });
  const server = createHttpServer({
    inFlight,
    config,
    clock,
    logger,
    rateLimiter,
    authenticator,
    handlers,
    validateResponses: options.validateResponses ?? config.environment !== 'production',
    storeHealth,
    rawRoutes: [
      ...mediaFileRoutes(context.media),
      ...referenceRoutes(config.publicUrl),
      ...mcpRoutes({
        ...context,
        authenticator,
        mcpSessions: createMcpSessionIds(secrets.authSecret),
      }),
      ...metricsRoutes(metrics, config.metrics.token),
      ...webAppRoutes({ config }),
    ],
  });

  const tasks = {
    refreshTokens: () => refreshExpiringTokens(context),
    runDueJobs: () => worker.drain(),
    forgetOldContainerCreations: () => deleteOldContainerCreations(store.db, clock.now()),
    sweepUndispatchedEvents: () => webhooks.sweep(),
    pollComments: () => pollComments(context),
    fillEvergreenSlots: () => runEvergreenQueues(context),
    deleteUnusedMedia: () =>
      deleteUnusedMedia({
        db: store.db,
        capabilities: store.capabilities,
        clock,
        logger,
        media: context.media,
        days: config.unusedMediaDays,
      }),
  };
  const schedules =
    options.workers === false
      ? []
      : createSchedules(
          {
            refreshTokens: tasks.refreshTokens,
            sweepErasedMedia: () => context.media.sweep(),
            sweepUndispatchedEvents: tasks.sweepUndispatchedEvents,
            forgetOldContainerCreations: tasks.forgetOldContainerCreations,
            // REELAY_INBOX_POLL_MINUTES=0 turns polling off; the route still reads on demand.
            pollComments: async () => {
              if (config.inbox.pollMinutes > 0) await tasks.pollComments();
            },
            // REELAY_UNUSED_MEDIA_DAYS=0 turns it off (the task itself then does nothing).
            deleteUnusedMedia: tasks.deleteUnusedMedia,
            fillEvergreenSlots: tasks.fillEvergreenSlots,
          },
          logger,
        );

  let closing: Promise<void> | null = null;
  let metricsServer: MetricsServer | null = null;
  return {
    get metricsUrl() {
      return metricsServer?.url ?? null;
    },
    tasks,
    mountedRoutes: Object.keys(handlers) as RouteId[],
    config,
    context,
    server,
    async listen(port = config.port, host = config.host) {
      if (config.metrics.port !== null && metricsServer === null) {
        metricsServer = await startMetricsServer({
          metrics,
          port: config.metrics.port,
          host: config.metrics.host,
          token: config.metrics.token,
          logger,
        });
      }
      return new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          // Once listening, an 'error' on the server (accept() failing with EMFILE when
          // file descriptors run out) must not end the process: it is logged, and the
          // server keeps accepting once descriptors are free again.
          server.on('error', (error) => logger.error('o servidor HTTP relatou um erro', { error }));
          for (const schedule of schedules) schedule.resume();
          if (workersEnabled) worker.start();
          const address = server.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(
            `http://${shownHost === '0.0.0.0' || shownHost === '[::]' ? 'localhost' : shownHost}:${address.port}`,
          );
        });
      });
    },
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        // A client that hung up leaves its route running: it finishes before the store
        // closes under it.
        const stillRunning = await inFlight.settled(CLOSE_ROUTES_WAIT_MS);
        if (stillRunning > 0)
          logger.warn('rotas ainda em andamento ao fechar o servidor', { count: stillRunning });
        await metricsServer?.close();
        for (const schedule of schedules) schedule.stop();
        await worker.stop();
        // Attempts awaited in the background record their answer before the store closes.
        await webhooks.close();
        rateLimiter.close();
        await context.platform?.close();
        await context.facebook?.close();
        await context.media.close();
        storeHealth.close();
        await store.close();
      })();
      return closing;
    },
  };
}
