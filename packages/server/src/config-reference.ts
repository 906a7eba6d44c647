/**
 * The configuration reference for people: docs/self-hosting.md is generated from the
 * descriptions here and the defaults of the schema (`pnpm docs:generate`).
 */
import { environmentSchema } from './config-schema';

/**
 * What each variable does, for people: the configuration reference in
 * docs/self-hosting.md is generated from this table and the defaults of
 * `environmentSchema`. Typed so a
 * new variable cannot be added without its description.
 */
const DESCRIPTIONS: { [Name in keyof typeof environmentSchema.shape]: string } = {
  NODE_ENV:
    '`production` requires `REELAY_ENCRYPTION_KEY` and `REELAY_AUTH_SECRET`; other values generate development secrets in the data folder and check every answer against the contract.',
  PORT: 'Port the server listens on.',
  HOST: 'Address the server listens on.',
  REELAY_METRICS_PORT:
    'Serves `GET /metrics` (Prometheus text format) on its own port, apart from the API; unset, no such listener. See [metrics](#metrics).',
  REELAY_METRICS_HOST:
    "Address the metrics port listens on; loopback by default, so only the machine's own scraper reaches it.",
  REELAY_METRICS_TOKEN:
    'A bearer token (16 characters or more) `GET /metrics` requires: on the API port, where `/metrics` is served only when this is set, and on the metrics port when set.',
  DATABASE_URL:
    'Unset: SQLite at `<data folder>/reelay.db`. A file path or `file:` URL: that SQLite file. `postgres://…`: PostgreSQL (required for several instances).',
  REELAY_DATA_DIR:
    'Folder for the SQLite file, locally stored media and generated development secrets. Unset: the folder of the SQLite file `DATABASE_URL` names, otherwise `$XDG_DATA_HOME/reelay` (`~/.local/share/reelay`), the same whatever command starts the server and wherever.',
  REELAY_PUBLIC_URL:
    'The https address users and Instagram reach this server at: OAuth callback, media URLs fetched by the platform, links in answers. Default `http://localhost:<PORT>`.',
  REELAY_ENCRYPTION_KEY:
    'Key that encrypts platform tokens and webhook secrets at rest: 32 bytes in base64 or hex (`openssl rand -base64 32`). Losing it means reconnecting every account.',
  REELAY_AUTH_SECRET:
    'Secret (32+ characters) that signs access tokens and OAuth state. Changing it ends every access token (refresh tokens still work) and every connection flow in progress.',
  REELAY_ALLOW_SIGNUP:
    'Let anyone sign up with the built-in login after the first user (the first sign-up is always open).',
  REELAY_CORS_ORIGINS:
    'Comma-separated browser origins of dashboards allowed to call with Bearer tokens.',
  REELAY_REDIRECT_ORIGINS:
    "Comma-separated origins (`https://app.example.com`, no path) an account connection may send the browser back to (`redirectUrl`), besides this server's own and those of `REELAY_CORS_ORIGINS`; any other `redirectUrl` is refused with `400 VALIDATION_ERROR`.",
  REELAY_TRUST_PROXY:
    'Behind one reverse proxy: take the client address from the last `X-Forwarded-For` entry (the one the proxy added). Never set it when the server is exposed directly.',
  REELAY_OIDC_ISSUER:
    'An OpenID Connect issuer whose tokens are accepted as Bearer tokens (keys read from its JWKS).',
  REELAY_OIDC_AUDIENCE: 'Audience required in tokens of the OpenID Connect issuer.',
  REELAY_ALLOW_PRIVATE_URLS:
    'Development only: let media and webhook URLs reach loopback and private addresses and use plain http. Warns at start.',
  REELAY_UNUSED_MEDIA_DAYS:
    'Days a media item no post uses (not even a draft) stays in the library; older ones are deleted with their files, checked hourly, unless someone keeps them (`PATCH /v1/media/{id}` `{ "keep": true }`). `0` turns the cleanup off.',
  REELAY_STORAGE:
    'Where media files live: `local` (the data folder) or `s3` (S3-compatible object storage).',
  REELAY_S3_ENDPOINT:
    'S3-compatible endpoint, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO address.',
  REELAY_S3_BUCKET:
    'Bucket for media files (may stay private: the server streams files to the platform).',
  REELAY_S3_REGION: 'Region used to sign S3 requests.',
  REELAY_S3_ACCESS_KEY_ID: 'S3 access key id.',
  REELAY_S3_SECRET_ACCESS_KEY: 'S3 secret access key.',
  REELAY_S3_FORCE_PATH_STYLE:
    'Address the bucket as `<endpoint>/<bucket>` (MinIO and most self-hosted servers).',
  REELAY_MEDIA_DELIVERY:
    'Where Instagram downloads media from: `server` (the `/media/…` route at `REELAY_PUBLIC_URL`) or, with `REELAY_STORAGE=s3` only, `presigned` (a GET URL of the bucket object, signed for 6 hours and made anew for each container; the bucket stays private and the server needs no public address for media). See "No public address" in docs/self-hosting.md.',
  REELAY_VIDEO_UPLOAD:
    'How videos reach Instagram: `auto` (the bytes are uploaded to the resumable upload host for Facebook Login accounts, a URL is handed to Instagram Login ones), `url` (always a URL Instagram downloads, see `REELAY_MEDIA_DELIVERY`) or `resumable` (always uploaded; whether Instagram Login accepts it is not documented). Images always travel by URL. See "No public address" in docs/self-hosting.md.',
  REELAY_LOG_LEVEL: 'Least severe log level written (JSON lines on stderr; secrets are redacted).',
  REELAY_SMTP_URL:
    'SMTP server that sends invitations by e-mail (`smtp://user:password@host:587`, `smtps://…` for TLS from the start). Without it, invitations are only shown as a link to copy.',
  REELAY_SMTP_FROM:
    "Sender of those e-mails (`Reelay <no-reply@example.com>`); by default `Reelay <no-reply@…>` at the public URL's host.",
  REELAY_MISSED_GRACE_MINUTES:
    'A scheduled post whose work could not start within this many minutes after its time (for example, the service was down) fails as `MISSED` instead of publishing late. At least 1.',
  REELAY_PREPARE_AHEAD_MINUTES:
    "Scheduled posts create and finish their Instagram containers this many minutes before their time, so that at the time only the publication itself is left; `0` prepares nothing ahead (videos still start 5 minutes early). Preparation stops while an account has used 300 of Instagram's 400 containers per 24 h. 0 to 720. See [publishing](publishing.md#what-happens-during-publication).",
  REELAY_DATABASE_POOL_SIZE: 'Connections each instance keeps to PostgreSQL.',
  REELAY_WORKER_CONCURRENCY: 'Jobs one instance runs at once (platform calls in flight).',
  REELAY_JOB_LEASE_SECONDS:
    "How long a claimed job (a publication step, a webhook delivery) stays an instance's without renewal; a heartbeat renews it every sixth of it while the job runs. A crashed instance's jobs are taken over within this long. Clock skew between instances plus the longest stall of one must stay under five sixths of it (5 s by default): see [jobs and leases](#jobs-and-leases). 3 to 600.",
  REELAY_RATE_LIMITS:
    '`off` switches request limits off altogether (load tests only): nothing is counted, no request gets 429, and answers carry no `x-ratelimit-*` headers. Warns at start.',
  REELAY_RATE_LIMIT_DEFAULT:
    'Requests per minute each credential may make on resource routes (the `default` bucket: posts, accounts, profiles, webhooks). On PostgreSQL the count is shared by all instances. See [request limits](#request-limits).',
  REELAY_RATE_LIMIT_UPLOAD: 'Requests per minute per credential on `POST /v1/media` (`upload`).',
  REELAY_RATE_LIMIT_ACCOUNT:
    'Requests per minute per credential on `/v1/me`, organizations and the key lists (`account`).',
  REELAY_RATE_LIMIT_CREATE_KEY:
    'Requests per minute per credential on `POST /v1/projects/{id}/api-keys` (`createKey`).',
  REELAY_RATE_LIMIT_PUBLIC:
    'Requests per minute per client address on public routes (`public`): sign-up, login, the OAuth and Meta callbacks, `/openapi.json` and the reference pages.',
  REELAY_RATE_LIMIT_META_WEBHOOK:
    "Requests per minute per client address on `POST /v1/meta/webhooks` (`metaWebhook`): Meta sends every account's comments from a few addresses.",
  META_WEBHOOK_VERIFY_TOKEN:
    "The Verify Token typed in the Meta app's Webhooks settings; `GET /v1/meta/webhooks` answers the verification with it. Unset: the verification is refused (the inbox then relies on polling). Notifications are checked with the app secrets (`INSTAGRAM_APP_SECRET`, `FACEBOOK_APP_SECRET`).",
  REELAY_META_SUBSCRIBE:
    "`on`: each account is subscribed to the app's webhooks when it connects (`subscribed_apps`; Facebook Login needs `pages_manage_metadata`). A failure is logged and polling covers the account.",
  REELAY_INBOX_DAYS:
    'Days back the inbox reads comments of published posts; older posts are no longer polled (webhooks still bring their comments).',
  REELAY_INBOX_POLL_MINUTES:
    "How often the inbox reads an account whose newest post is from the last day while its comments come in (up to every 30 minutes while nothing moves; accounts with older posts hourly to daily; only catching up while Meta's webhooks arrive). `0` turns polling off.",
  REELAY_HEADERS_TIMEOUT_SECONDS:
    'A client that has not sent all its request headers within this many seconds gets 408 `REQUEST_TIMEOUT` and is disconnected.',
  REELAY_BODY_IDLE_TIMEOUT_SECONDS:
    'A request body (JSON or an upload) that stops arriving for this many seconds gets 408 `REQUEST_TIMEOUT`. Slow but steady uploads are not cut off; a whole request may take up to 30 minutes.',
  INSTAGRAM_APP_ID:
    'Instagram App ID (Instagram › API setup with Instagram login). Without it, connecting accounts answers `PLATFORM_CREDENTIALS_MISSING`.',
  INSTAGRAM_APP_SECRET:
    'Instagram App Secret; also verifies the deauthorize and data-deletion callbacks.',
  INSTAGRAM_AUTHORIZE_URL:
    'Base of the authorization window (the emulator serves all three platform addresses from its one address).',
  INSTAGRAM_API_URL: 'Base of the code exchange (`/oauth/access_token`).',
  INSTAGRAM_GRAPH_URL: 'Base of the Graph API.',
  INSTAGRAM_GRAPH_VERSION: 'Graph API version in paths, or `none` for paths without a version.',
  INSTAGRAM_SCOPES:
    'Comma-separated permissions asked when connecting; default `instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments,instagram_business_manage_insights`.',
  FACEBOOK_APP_ID:
    'Meta App ID of a second app set up for Instagram API with Facebook Login (a Meta app has one login setup). Connects accounts through the Facebook Page linked to them (`GET /v1/connect/instagram?login=facebook`). Goes with `FACEBOOK_APP_SECRET`.',
  FACEBOOK_APP_SECRET:
    'Meta App Secret of the Facebook Login app; also verifies its deauthorize and data-deletion callbacks (the same routes as Instagram Login).',
  FACEBOOK_CONFIG_ID:
    'Facebook Login for Business configuration id, sent as `config_id` instead of `scope` (the configuration lists the permissions). Excludes `FACEBOOK_SCOPES`.',
  FACEBOOK_SCOPES:
    'Comma-separated Facebook Login permissions asked without a configuration; default `instagram_basic,instagram_content_publish,instagram_manage_comments,instagram_manage_insights,pages_show_list,pages_read_engagement`.',
  FACEBOOK_DIALOG_URL:
    'Base of the Facebook Login dialog (the emulator serves it under `<emulator>/facebook`).',
  FACEBOOK_GRAPH_URL:
    'Base of the Facebook Graph API: token exchanges, Pages and publishing of Facebook Login accounts.',
  FACEBOOK_UPLOAD_URL:
    'Base of the resumable upload host (`rupload`) that receives video bytes (the emulator serves it under `<emulator>/rupload`).',
  FACEBOOK_GRAPH_VERSION:
    'Graph API version in Facebook paths (dialog included), or `none` for paths without a version.',
};

/**
 * Every variable with its default and description, for the configuration reference.
 *
 * @example
 * ```ts
 * configurationReference().find((entry) => entry.name === 'PORT'); // { name: 'PORT', default: '8080', … }
 * ```
 */
export function configurationReference(): Array<{
  name: string;
  default: string | null;
  description: string;
}> {
  const defaults = environmentSchema.parse({}) as Record<string, unknown>;
  return Object.keys(environmentSchema.shape).map((name) => {
    const value = defaults[name];
    const shown =
      value === undefined || (Array.isArray(value) && value.length === 0) ? null : String(value);
    return { name, default: shown, description: DESCRIPTIONS[name as keyof typeof DESCRIPTIONS] };
  });
}
