/**
 * What an operator watches, in Prometheus's text format (docs/self-hosting.md "Metrics"):
 * how late posts publish, how much work waits in the queue, how the platform answers and
 * how fast webhooks reach their receivers. Each server has its own registry, so two
 * servers in one process (tests, `reelay serve` beside a test) never mix their figures.
 *
 * Counters and histograms are this instance's; the queue and outbox gauges are read from
 * the database at each scrape and are the same on every instance (aggregate them with
 * `max`, not `sum`).
 */
import type { PlatformCallRecord } from '@reelay/core/platform';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queueDepth, type KindDepth } from '../queue';
import type { Db } from '../store/schema';
import { undispatchedBacklog } from '../store/events';

/** Seconds: from a tenth of a second to ten minutes, where publish and delivery lags fall. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];
/** Seconds a platform call takes: tens of milliseconds to its 30 s timeout. */
const CALL_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

/** How one post target ended, as the publishing pipeline records it. */
export interface TargetSettled {
  status: 'published' | 'failed';
  /** The error code of a failure, null for a publication. */
  errorCode: string | null;
  /** Milliseconds from the post's due time to its publication (null: no due time). */
  lagMs: number | null;
}

/** The parts of the server that report to the metrics. */
export interface ServerMetrics {
  /** A target published or failed. */
  targetSettled(settled: TargetSettled): void;
  /** A platform call ended (the platform clients' observer). */
  platformCall(call: PlatformCallRecord): void;
  /** A webhook attempt's answer was recorded; `lagMs` from the event to a delivery. */
  webhookAttempt(delivered: boolean, lagMs: number | null): void;
  /** The text a scrape answers, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsDeps {
  db: Db;
  now(): number;
  /**
   * Whether to add the process's own figures (CPU, memory, event-loop lag, GC). Only when
   * a scrape can read them: they watch the event loop and every garbage collection for
   * the life of the process, which a server nobody scrapes should not pay for.
   */
  processMetrics: boolean;
}

/**
 * Creates the registry and its metrics.
 *
 * @example
 * ```ts
 * const metrics = createServerMetrics({ db, now: () => clock.now(), processMetrics: true });
 * metrics.targetSettled({ status: 'published', errorCode: null, lagMs: 420 });
 * const { contentType, body } = await metrics.scrape();
 * ```
 */
export function createServerMetrics(deps: MetricsDeps): ServerMetrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag and open handles, under Reelay's prefix.
  if (deps.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'reelay_' });

  const publishLag = new Histogram({
    name: 'reelay_publish_lag_seconds',
    help: "Seconds from a post's due time to its publication on Instagram, per target published by this instance.",
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const publications = new Counter({
    name: 'reelay_publications_total',
    help: 'Post targets this instance finished, by status and error code (empty for a publication).',
    labelNames: ['status', 'code'],
    registers: [registry],
  });
  const platformCalls = new Counter({
    name: 'reelay_platform_requests_total',
    help: 'Calls to the platform, by host, kind of call and outcome (ok, or the error code).',
    labelNames: ['host', 'operation', 'outcome'],
    registers: [registry],
  });
  const platformDuration = new Histogram({
    name: 'reelay_platform_request_duration_seconds',
    help: 'Seconds a platform call took, answered or not, by host and kind of call.',
    labelNames: ['host', 'operation'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: 'reelay_webhook_attempts_total',
    help: 'Webhook delivery attempts this instance recorded, by outcome (delivered or failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const webhookLag = new Histogram({
    name: 'reelay_webhook_delivery_lag_seconds',
    help: 'Seconds from an event to its delivery to a receiver (retries included), per delivery.',
    buckets: LAG_BUCKETS,
    registers: [registry],
  });

  // Read from the database at each scrape: one statement for the queue, one for the outbox.
  const databaseUp = new Gauge({
    name: 'reelay_database_up',
    help: 'Whether the last scrape could read the queue from the database (1) or not (0).',
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'reelay_jobs',
    help: 'Jobs in the queue by kind and state: due (waiting for a worker), later (scheduled or in a backoff), running.',
    labelNames: ['kind', 'state'],
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'reelay_job_oldest_due_seconds',
    help: 'Seconds the longest-waiting due job of each kind has waited past its due time (0 when none waits).',
    labelNames: ['kind'],
    registers: [registry],
  });
  const undispatched = new Gauge({
    name: 'reelay_events_undispatched',
    help: 'Events written and not yet handed to their webhook subscriptions.',
    registers: [registry],
  });
  const oldestUndispatched = new Gauge({
    name: 'reelay_events_oldest_undispatched_seconds',
    help: 'Age of the oldest event not yet handed to its subscriptions (0 when none).',
    registers: [registry],
  });

  function showQueue(depths: readonly KindDepth[], now: number) {
    jobs.reset();
    oldestDue.reset();
    for (const depth of depths) {
      jobs.set({ kind: depth.kind, state: 'due' }, depth.due);
      jobs.set({ kind: depth.kind, state: 'later' }, depth.later);
      jobs.set({ kind: depth.kind, state: 'running' }, depth.running);
      oldestDue.set(
        { kind: depth.kind },
        depth.oldestDueAt === null ? 0 : Math.max(0, now - depth.oldestDueAt) / 1000,
      );
    }
  }

  return {
    targetSettled({ status, errorCode, lagMs }) {
      publications.inc({ status, code: errorCode ?? '' });
      if (status === 'published' && lagMs !== null) publishLag.observe(Math.max(0, lagMs) / 1000);
    },
    platformCall(call) {
      const labels = { host: call.host, operation: call.operation };
      platformCalls.inc({ ...labels, outcome: call.errorCode ?? 'ok' });
      platformDuration.observe(labels, call.durationMs / 1000);
    },
    webhookAttempt(delivered, lagMs) {
      webhookAttempts.inc({ outcome: delivered ? 'delivered' : 'failed' });
      if (delivered && lagMs !== null) webhookLag.observe(Math.max(0, lagMs) / 1000);
    },
    async scrape() {
      const now = deps.now();
      try {
        const [depths, backlog] = await Promise.all([
          queueDepth(deps.db, now),
          undispatchedBacklog(deps.db),
        ]);
        showQueue(depths, now);
        undispatched.set(backlog.count);
        oldestUndispatched.set(
          backlog.oldestAt === null ? 0 : Math.max(0, now - backlog.oldestAt) / 1000,
        );
        databaseUp.set(1);
      } catch {
        // The database is away: the scrape still answers, saying so, with this
        // instance's own figures; the queue's are left out rather than shown stale.
        jobs.reset();
        oldestDue.reset();
        undispatched.reset();
        oldestUndispatched.reset();
        databaseUp.set(0);
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
