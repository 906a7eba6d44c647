/** The validated configuration's shape, and the error that stops a start. */
import type { RateBucket } from '@reelay/core';
import type { UserLanguage } from '@reelay/core/runtime';
import type { S3Settings } from './media/s3-storage';

/**
 * Where the platform fetches media from: the server's public `/media/…` route, or
 * (object storage only) a presigned GET URL of the bucket object, which needs no public
 * address for the server.
 */
export type MediaDelivery = 'server' | 'presigned';

export type StorageSettings =
  | { readonly kind: 'local' }
  | ({ readonly kind: 's3'; readonly mediaDelivery?: MediaDelivery } & S3Settings);

/** Request limits per bucket (spec §8), each over a one-minute window. */
export interface RateLimitSettings {
  /** `false` only for load tests: nothing is counted and no request is refused. */
  readonly enabled: boolean;
  readonly perMinute: Readonly<Record<RateBucket, number>>;
}

export type DatabaseSettings =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

/** The validated configuration `createReelay` runs with. */
export interface ReelayConfig {
  readonly environment: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** Where `GET /metrics` is served (docs/self-hosting.md "Metrics"). */
  readonly metrics: {
    /** `REELAY_METRICS_PORT`: a listener of its own, or null for none. */
    readonly port: number | null;
    /** `REELAY_METRICS_HOST`: loopback unless set. */
    readonly host: string;
    /** `REELAY_METRICS_TOKEN`: the bearer token a scrape needs; on the API port, required. */
    readonly token: string | null;
  };
  readonly database: DatabaseSettings;
  /** Where SQLite files, generated secrets and stored media live. */
  readonly dataDir: string;
  /** The address users and the platform reach this server at, without trailing slash. */
  readonly publicUrl: string;
  /** Key that encrypts platform tokens at rest; `null` means "generate one in dataDir". */
  readonly encryptionKey: string | null;
  /** Secret that signs access tokens and OAuth state; `null` means "generate one in dataDir". */
  readonly authSecret: string | null;
  readonly allowSignup: boolean;
  /** Browser origins of dashboards allowed to call with Bearer tokens. */
  readonly corsOrigins: readonly string[];
  /**
   * More origins a connection may send the browser back to (`redirectUrl`), besides this
   * server's and the CORS dashboards'.
   */
  readonly redirectOrigins: readonly string[];
  /** Whether to read the client address from `x-forwarded-for` (behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** An external OpenID Connect issuer whose tokens are accepted as Bearer tokens. */
  readonly oidc: { issuer: string; audience: string | null } | null;
  /** Development setting: lets media and webhook URLs point at loopback and private addresses. */
  readonly allowPrivateUrls: boolean;
  /** Where media files live: local disk under `dataDir/media`, or an S3-compatible bucket. */
  readonly storage: StorageSettings;
  /**
   * How videos reach the platform: by resumable upload of their bytes, or by a URL it
   * downloads; `auto` uploads for Facebook Login accounts only (reference §2).
   */
  readonly videoUpload: VideoUploadMode;
  /** Days a media no post uses is kept before the cleanup deletes it (unless kept); 0: never. */
  readonly unusedMediaDays: number;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where e-mails go out (invitations); `null`: nothing is mailed, links are only shown. */
  readonly smtp: { url: string; from: string } | null;
  /** The language of start-up texts addressed to the operator, from the locale variables. */
  readonly language: UserLanguage;
  /** A scheduled post that could not start within this long after its time fails as `MISSED`. */
  readonly missedGraceMs: number;
  /** Scheduled posts prepare their containers this long before their time (0: not ahead). */
  readonly prepareWindowMs: number;
  /** Jobs one instance runs at once (platform calls in flight). */
  readonly workerConcurrency: number;
  /** How long a claimed job stays an instance's without renewal (renewed every sixth of it). */
  readonly jobLeaseMs: number;
  /** Request limits per bucket. */
  readonly rateLimits: RateLimitSettings;
  /** Connections each instance keeps to PostgreSQL. */
  readonly databasePoolSize: number;
  /** How long a client may take to send its request headers. */
  readonly headersTimeoutMs: number;
  /** How long a request body may stay without receiving a byte. */
  readonly bodyIdleTimeoutMs: number;
  readonly instagram: {
    readonly appId: string | null;
    readonly appSecret: string | null;
    readonly authorizeUrl: string;
    readonly apiUrl: string;
    readonly graphUrl: string;
    readonly graphVersion: string;
    /** Permissions asked for when connecting an account. */
    readonly scopes: readonly string[];
  };
  /** The inbox (docs/inbox.md): Meta webhooks and polling. */
  readonly inbox: {
    /** `META_WEBHOOK_VERIFY_TOKEN`, or `null`: the verification handshake is refused. */
    readonly verifyToken: string | null;
    /** Subscribe each account to the app's webhooks when it connects. */
    readonly subscribeOnConnect: boolean;
    /** Days back comments of published posts are read. */
    readonly days: number;
    /** Minutes between reads of a post published in the last day; 0: no polling. */
    readonly pollMinutes: number;
  };
  /** The Facebook Login app (a second Meta app, reference §0); both credentials or neither. */
  readonly facebook: {
    readonly appId: string | null;
    readonly appSecret: string | null;
    /** A Facebook Login for Business configuration, passed as `config_id` instead of scopes. */
    readonly configId: string | null;
    /** Permissions asked for when no configuration is given. */
    readonly scopes: readonly string[];
    readonly dialogUrl: string;
    readonly graphUrl: string;
    /** Base of the resumable upload host (`rupload.facebook.com`), for both login modes. */
    readonly uploadUrl: string;
    readonly graphVersion: string;
  };
}

/**
 * `REELAY_VIDEO_UPLOAD`: `auto` (resumable for Facebook Login accounts, URL otherwise),
 * `url` or `resumable`.
 */
export type VideoUploadMode = 'auto' | 'url' | 'resumable';

/** Thrown when the environment cannot start the server; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
