/**
 * What publishing needs from the server, and nothing more: accepting and changing posts,
 * the pipeline of each target, quotas and outcomes are all written against this type.
 * `createReelay` builds it once (its server context is one).
 */
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ReelayConfig } from '../config';
import type { AccountDeps } from '../services/account-token';
import type { StoreCapabilities } from '../store/database';
import type { MediaPort } from './media-port';
import type { PipelineSettings } from './pipeline-settings';

/**
 * The store, time, the platform and stored tokens (from {@link AccountDeps}), plus media,
 * the pipeline's timings, the public URL events link to, and waking the queue.
 *
 * @example
 * ```ts
 * const deps: PublishingDeps = { db, capabilities, clock, logger, cipher, platform, media, pipeline, config, wakeWorker };
 * const handlers = { publish_target: createPublishTargetHandler(deps) };
 * ```
 */
export interface PublishingDeps extends AccountDeps {
  /** What the database allows: the store's locking reads decide their locks by it. */
  readonly capabilities: Pick<StoreCapabilities, 'rowLocks' | 'writingCtes'>;
  /** Finding, importing and checking media, and the URL the platform fetches. */
  readonly media: MediaPort;
  /** Timings of the publishing pipeline. */
  readonly pipeline: PipelineSettings;
  /** Events carry links to the post under this URL; videos travel as `videoUpload` says. */
  readonly config: Pick<ReelayConfig, 'publicUrl' | 'videoUpload'>;
  /** Asks the work queue to look for due jobs now (new work that is due at once). */
  wakeWorker(): void;
  /** Told of every target that published or failed (`/metrics`). */
  readonly metrics: Pick<ServerMetrics, 'targetSettled'>;
}
