/**
 * Everything handlers and workers share, assembled once by `createReelay`. Services and
 * workers declare the part they use (`PublishingDeps`, `AccountDeps`, `WebhookDeps`) and
 * are handed this, or an object built for them, from the composition root.
 */
import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { ReelayConfig } from './config';
import type { Logger } from './logger';
import type { AccessTokens } from './security/access-tokens';
import type { OAuthStateSigner } from './security/oauth-state';
import type { TokenCipher } from './security/token-cipher';
import type { StoreCapabilities } from './store/database';
import type { Database } from './store/schema';
import type { FacebookPlatform, InstagramPlatform } from './platform';
import type { MediaPort } from './publishing/media-port';
import type { PipelineSettings } from './publishing/pipeline-settings';
import type { MediaService } from './media/media-service';
import type { StoreHealth } from './services/store-health';
import type { ServerMetrics } from './metrics/server-metrics';

export interface ServerContext {
  readonly config: ReelayConfig;
  readonly db: Kysely<Database>;
  /** What the database allows; code asks these, never which database it is. */
  readonly capabilities: StoreCapabilities;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly cipher: TokenCipher;
  readonly accessTokens: AccessTokens;
  readonly oauthStates: OAuthStateSigner;
  /** The platform client, or `null` when the Instagram app credentials are not configured. */
  readonly platform: InstagramPlatform | null;
  /** The Facebook Login client, or `null` when its app credentials are not configured. */
  readonly facebook: FacebookPlatform | null;
  /**
   * Stored media: uploads, URL imports, checks and the URLs the platform fetches.
   * `MediaPort` is the narrower view publishing is written against; the service is both.
   */
  readonly media: MediaService & MediaPort;
  /** Timings of the publishing pipeline. */
  readonly pipeline: PipelineSettings;
  /** Whether the database works; failures that are its faults are reported here. */
  readonly storeHealth: StoreHealth;
  /** Asks the work queue to look for due jobs now (new work that is due at once). */
  wakeWorker(): void;
  /** What `/metrics` reports: parts of the server tell it what happened. */
  readonly metrics: ServerMetrics;
}
