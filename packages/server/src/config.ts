/**
 * Server configuration: the only place that reads the environment. Every variable is
 * parsed by one schema; a bad value stops the start with a message naming the variable,
 * and an unknown `REELAY_*` variable (a typo) is refused rather than silently ignored.
 */
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import * as z from 'zod';
import type { S3Settings } from './media/s3-storage';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z
  .string()
  .regex(/^\d+$/, { error: 'use um número de porta' })
  .transform(Number)
  .pipe(z.number().int().min(0).max(65535, { error: 'use uma porta de 0 a 65535' }));

const absoluteUrl = z
  .url({ protocol: /^https?$/, error: 'use uma URL http(s) absoluta' })
  .transform((url) => url.replace(/\/+$/, ''));

const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * Permissions asked for by default: profile, publishing, and comments (the first comment
 * of a post is published with the comments permission).
 */
export const DEFAULT_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
] as const;

/** Every variable the server reads, with its default. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  REELAY_DATA_DIR: z.string().min(1).optional(),
  REELAY_PUBLIC_URL: absoluteUrl.optional(),
  REELAY_ENCRYPTION_KEY: z.string().min(1).optional(),
  REELAY_AUTH_SECRET: z
    .string()
    .min(32, { error: 'use ao menos 32 caracteres aleatórios' })
    .optional(),
  REELAY_ALLOW_SIGNUP: booleanText.default(false),
  REELAY_CORS_ORIGINS: commaList.default([]),
  REELAY_TRUST_PROXY: booleanText.default(false),
  REELAY_OIDC_ISSUER: absoluteUrl.optional(),
  REELAY_OIDC_AUDIENCE: z.string().min(1).optional(),
  REELAY_ALLOW_PRIVATE_URLS: booleanText.default(false),
  REELAY_STORAGE: z.enum(['local', 's3'], { error: 'use local ou s3' }).default('local'),
  REELAY_S3_ENDPOINT: absoluteUrl.optional(),
  REELAY_S3_BUCKET: z.string().min(1).optional(),
  REELAY_S3_REGION: z.string().min(1).default('us-east-1'),
  REELAY_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  REELAY_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REELAY_S3_FORCE_PATH_STYLE: booleanText.default(false),
  REELAY_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  REELAY_MISSED_GRACE_MINUTES: z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro de minutos' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'use ao menos 1 minuto' }))
    .default(15),
  REELAY_DATABASE_POOL_SIZE: z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(200))
    .default(10),
  REELAY_WORKER_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(32),
  REELAY_HEADERS_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro de segundos' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(300, { error: 'use de 1 a 300 segundos' }))
    .default(15),
  REELAY_BODY_IDLE_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro de segundos' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(3600, { error: 'use de 1 a 3600 segundos' }))
    .default(30),
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_AUTHORIZE_URL: absoluteUrl.default('https://www.instagram.com'),
  INSTAGRAM_API_URL: absoluteUrl.default('https://api.instagram.com'),
  INSTAGRAM_GRAPH_URL: absoluteUrl.default('https://graph.instagram.com'),
  INSTAGRAM_GRAPH_VERSION: z
    .string()
    .regex(/^(v\d+\.\d+|none)$/, { error: 'use uma versão como v25.0, ou none para nenhuma' })
    .default('v25.0'),
  INSTAGRAM_SCOPES: commaList.optional(),
});

export type StorageSettings = { readonly kind: 'local' } | ({ readonly kind: 's3' } & S3Settings);

/**
 * What each variable does, for people: the configuration reference in
 * docs/self-hosting.md is generated from this table and the defaults above. Typed so a
 * new variable cannot be added without its description.
 */
const DESCRIPTIONS: { [Name in keyof typeof environmentSchema.shape]: string } = {
  NODE_ENV:
    '`production` requires `REELAY_ENCRYPTION_KEY` and `REELAY_AUTH_SECRET`; other values generate development secrets in the data folder and check every answer against the contract.',
  PORT: 'Port the server listens on.',
  HOST: 'Address the server listens on.',
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
  REELAY_TRUST_PROXY:
    'Behind one reverse proxy: take the client address from the last `X-Forwarded-For` entry (the one the proxy added). Never set it when the server is exposed directly.',
  REELAY_OIDC_ISSUER:
    'An OpenID Connect issuer whose tokens are accepted as Bearer tokens (keys read from its JWKS).',
  REELAY_OIDC_AUDIENCE: 'Audience required in tokens of the OpenID Connect issuer.',
  REELAY_ALLOW_PRIVATE_URLS:
    'Development only: let media and webhook URLs reach loopback and private addresses and use plain http. Warns at start.',
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
  REELAY_LOG_LEVEL: 'Least severe log level written (JSON lines on stderr; secrets are redacted).',
  REELAY_MISSED_GRACE_MINUTES:
    'A scheduled post whose work could not start within this many minutes after its time (for example, the service was down) fails as `MISSED` instead of publishing late. At least 1.',
  REELAY_DATABASE_POOL_SIZE: 'Connections each instance keeps to PostgreSQL.',
  REELAY_WORKER_CONCURRENCY: 'Jobs one instance runs at once (platform calls in flight).',
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
    'Comma-separated permissions asked when connecting; default `instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments`.',
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

export type DatabaseSettings =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

/** The validated configuration `createReelay` runs with. */
export interface ReelayConfig {
  readonly environment: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
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
  /** Whether to read the client address from `x-forwarded-for` (behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** An external OpenID Connect issuer whose tokens are accepted as Bearer tokens. */
  readonly oidc: { issuer: string; audience: string | null } | null;
  /** Development setting: lets media and webhook URLs point at loopback and private addresses. */
  readonly allowPrivateUrls: boolean;
  /** Where media files live: local disk under `dataDir/media`, or an S3-compatible bucket. */
  readonly storage: StorageSettings;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** A scheduled post that could not start within this long after its time fails as `MISSED`. */
  readonly missedGraceMs: number;
  /** Jobs one instance runs at once (platform calls in flight). */
  readonly workerConcurrency: number;
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
}

/** Thrown when the environment cannot start the server; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the configuration from an environment (by default `process.env`).
 *
 * @example
 * ```ts
 * const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://localhost/reelay' });
 * config.database; // { dialect: 'postgres', connectionString: 'postgres://localhost/reelay' }
 * ```
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ReelayConfig {
  const known = new Set(Object.keys(environmentSchema.shape));
  const unknown = Object.keys(env).filter((name) => name.startsWith('REELAY_') && !known.has(name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Variável desconhecida: ${unknown.join(', ')}. Confira o nome; as aceitas estão em docs/self-hosting.md.`,
    );
  }
  // Empty values count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) => known.has(name) && value !== undefined && value !== '',
    ),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0])}: ${issue.message}`,
    );
    throw new ConfigError(`Configuração inválida: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === 'production';
  if (production && !vars.REELAY_ENCRYPTION_KEY) {
    throw new ConfigError(
      'REELAY_ENCRYPTION_KEY é obrigatória em produção (32 bytes em base64 ou hex).',
    );
  }
  if (production && !vars.REELAY_AUTH_SECRET) {
    throw new ConfigError(
      'REELAY_AUTH_SECRET é obrigatória em produção (ao menos 32 caracteres aleatórios).',
    );
  }
  if (Boolean(vars.INSTAGRAM_APP_ID) !== Boolean(vars.INSTAGRAM_APP_SECRET)) {
    throw new ConfigError(
      'INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET vão juntas: defina as duas ou nenhuma.',
    );
  }
  if (vars.REELAY_OIDC_AUDIENCE && !vars.REELAY_OIDC_ISSUER) {
    throw new ConfigError('REELAY_OIDC_AUDIENCE exige REELAY_OIDC_ISSUER.');
  }
  const dataDir = vars.REELAY_DATA_DIR
    ? resolve(vars.REELAY_DATA_DIR)
    : defaultDataDir(vars.DATABASE_URL, env);
  return {
    environment: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    database: databaseSettings(vars.DATABASE_URL, dataDir),
    dataDir,
    publicUrl: vars.REELAY_PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    encryptionKey: vars.REELAY_ENCRYPTION_KEY ?? null,
    authSecret: vars.REELAY_AUTH_SECRET ?? null,
    allowSignup: vars.REELAY_ALLOW_SIGNUP,
    corsOrigins: vars.REELAY_CORS_ORIGINS,
    trustProxy: vars.REELAY_TRUST_PROXY,
    oidc: vars.REELAY_OIDC_ISSUER
      ? { issuer: vars.REELAY_OIDC_ISSUER, audience: vars.REELAY_OIDC_AUDIENCE ?? null }
      : null,
    allowPrivateUrls: vars.REELAY_ALLOW_PRIVATE_URLS,
    storage: storageSettings(vars),
    logLevel: vars.REELAY_LOG_LEVEL,
    missedGraceMs: vars.REELAY_MISSED_GRACE_MINUTES * 60_000,
    workerConcurrency: vars.REELAY_WORKER_CONCURRENCY,
    databasePoolSize: vars.REELAY_DATABASE_POOL_SIZE,
    headersTimeoutMs: vars.REELAY_HEADERS_TIMEOUT_SECONDS * 1000,
    bodyIdleTimeoutMs: vars.REELAY_BODY_IDLE_TIMEOUT_SECONDS * 1000,
    instagram: {
      appId: vars.INSTAGRAM_APP_ID ?? null,
      appSecret: vars.INSTAGRAM_APP_SECRET ?? null,
      authorizeUrl: vars.INSTAGRAM_AUTHORIZE_URL,
      apiUrl: vars.INSTAGRAM_API_URL,
      graphUrl: vars.INSTAGRAM_GRAPH_URL,
      graphVersion: vars.INSTAGRAM_GRAPH_VERSION === 'none' ? '' : vars.INSTAGRAM_GRAPH_VERSION,
      scopes: vars.INSTAGRAM_SCOPES ?? DEFAULT_SCOPES,
    },
  };
}

function storageSettings(vars: z.output<typeof environmentSchema>): StorageSettings {
  const s3Named = [
    'REELAY_S3_ENDPOINT',
    'REELAY_S3_BUCKET',
    'REELAY_S3_ACCESS_KEY_ID',
    'REELAY_S3_SECRET_ACCESS_KEY',
  ] as const;
  if (vars.REELAY_STORAGE === 'local') {
    const stray = s3Named.filter((name) => vars[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`${stray.join(', ')} só vale com REELAY_STORAGE=s3.`);
    }
    return { kind: 'local' };
  }
  const missing = s3Named
    .filter((name) => name !== 'REELAY_S3_ENDPOINT')
    .filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`REELAY_STORAGE=s3 exige ${missing.join(', ')}.`);
  }
  return {
    kind: 's3',
    endpoint: vars.REELAY_S3_ENDPOINT ?? `https://s3.${vars.REELAY_S3_REGION}.amazonaws.com`,
    bucket: vars.REELAY_S3_BUCKET!,
    region: vars.REELAY_S3_REGION,
    accessKeyId: vars.REELAY_S3_ACCESS_KEY_ID!,
    secretAccessKey: vars.REELAY_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: vars.REELAY_S3_FORCE_PATH_STYLE,
  };
}

/**
 * The data folder when REELAY_DATA_DIR is unset. Never the current folder: `pnpm start`,
 * `reelay serve` and a service manager start in different folders, and each generated
 * its own development encryption key against the same database. Beside a SQLite file
 * named by DATABASE_URL, so its secrets stay with it; otherwise the user's data folder.
 *
 * @example
 * ```ts
 * defaultDataDir('/srv/reelay/reelay.db', {}); // '/srv/reelay'
 * defaultDataDir(undefined, { HOME: '/home/ana' }); // '/home/ana/.local/share/reelay'
 * ```
 */
export function defaultDataDir(
  databaseUrl: string | undefined,
  env: Record<string, string | undefined>,
): string {
  if (databaseUrl !== undefined) {
    const database = databaseSettings(databaseUrl, '');
    if (database.dialect === 'sqlite' && database.filename !== ':memory:') {
      return dirname(database.filename);
    }
  }
  if (env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME)) return join(env.XDG_DATA_HOME, 'reelay');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'reelay');
  return join(env.HOME || homedir(), '.local', 'share', 'reelay');
}

function databaseSettings(url: string | undefined, dataDir: string): DatabaseSettings {
  if (url === undefined) return { dialect: 'sqlite', filename: resolve(dataDir, 'reelay.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file:')) {
    throw new ConfigError(
      'DATABASE_URL: use postgres://… para PostgreSQL, ou um caminho de arquivo (ou file:…) para SQLite.',
    );
  }
  const path = url.replace(/^file:(\/\/)?/, '');
  if (path === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
  return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(path) };
}
