/**
 * Server configuration: the only place that reads the environment. Every variable is
 * parsed by one schema; a bad value stops the start with a message naming the variable,
 * and an unknown `REELAY_*` variable (a typo) is refused rather than silently ignored.
 */
import { resolve } from 'node:path';
import { userLanguage } from '@reelay/core/runtime';
import { DEFAULT_FACEBOOK_SCOPES, DEFAULT_SCOPES, environmentSchema } from './config-schema';
import { databaseSettings, defaultDataDir } from './database-location';
import { ConfigError, type ReelayConfig } from './reelay-config';
import { rateLimitSettings } from './rate-limit-settings';
import { isSecretFileOf, withSecretFiles } from './secret-files';
import { storageSettings } from './storage-settings';

export { DEFAULT_FACEBOOK_SCOPES, DEFAULT_SCOPES } from './config-schema';
export { configurationReference } from './config-reference';
export { defaultDataDir } from './database-location';
export {
  ConfigError,
  type DatabaseSettings,
  type RateLimitSettings,
  type ReelayConfig,
  type StorageSettings,
} from './reelay-config';

/**
 * Reads and validates the configuration from an environment (by default `process.env`).
 *
 * @example
 * ```ts
 * const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://localhost/reelay' });
 * config.database; // { dialect: 'postgres', connectionString: 'postgres://localhost/reelay' }
 * ```
 */
export function loadConfig(given: Record<string, string | undefined> = process.env): ReelayConfig {
  const known = new Set(Object.keys(environmentSchema.shape));
  const unknown = Object.keys(given).filter(
    (name) => name.startsWith('REELAY_') && !known.has(name) && !isSecretFileOf(name, known),
  );
  if (unknown.length > 0) {
    throw new ConfigError(
      `Variável desconhecida: ${unknown.join(', ')}. Confira o nome; as aceitas estão em docs/self-hosting.md.`,
    );
  }
  const env = withSecretFiles(given, known);
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
  if (Boolean(vars.FACEBOOK_APP_ID) !== Boolean(vars.FACEBOOK_APP_SECRET)) {
    throw new ConfigError(
      'FACEBOOK_APP_ID e FACEBOOK_APP_SECRET vão juntas: defina as duas ou nenhuma.',
    );
  }
  if (vars.FACEBOOK_CONFIG_ID && vars.FACEBOOK_SCOPES) {
    throw new ConfigError(
      'FACEBOOK_CONFIG_ID e FACEBOOK_SCOPES se excluem: a configuração do Login do Facebook para Empresas já define as permissões. Defina só uma.',
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
    metrics: {
      port: vars.REELAY_METRICS_PORT ?? null,
      host: vars.REELAY_METRICS_HOST,
      token: vars.REELAY_METRICS_TOKEN ?? null,
    },
    database: databaseSettings(vars.DATABASE_URL, dataDir),
    dataDir,
    publicUrl: vars.REELAY_PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    encryptionKey: vars.REELAY_ENCRYPTION_KEY ?? null,
    authSecret: vars.REELAY_AUTH_SECRET ?? null,
    allowSignup: vars.REELAY_ALLOW_SIGNUP,
    corsOrigins: vars.REELAY_CORS_ORIGINS,
    redirectOrigins: vars.REELAY_REDIRECT_ORIGINS,
    trustProxy: vars.REELAY_TRUST_PROXY,
    oidc: vars.REELAY_OIDC_ISSUER
      ? { issuer: vars.REELAY_OIDC_ISSUER, audience: vars.REELAY_OIDC_AUDIENCE ?? null }
      : null,
    allowPrivateUrls: vars.REELAY_ALLOW_PRIVATE_URLS,
    storage: storageSettings(vars),
    videoUpload: vars.REELAY_VIDEO_UPLOAD,
    unusedMediaDays: vars.REELAY_UNUSED_MEDIA_DAYS,
    logLevel: vars.REELAY_LOG_LEVEL,
    smtp: vars.REELAY_SMTP_URL
      ? {
          url: vars.REELAY_SMTP_URL,
          from:
            vars.REELAY_SMTP_FROM ??
            `Reelay <no-reply@${new URL(vars.REELAY_PUBLIC_URL ?? 'http://localhost').hostname}>`,
        }
      : null,
    language: userLanguage(env),
    missedGraceMs: vars.REELAY_MISSED_GRACE_MINUTES * 60_000,
    prepareWindowMs: vars.REELAY_PREPARE_AHEAD_MINUTES * 60_000,
    workerConcurrency: vars.REELAY_WORKER_CONCURRENCY,
    jobLeaseMs: vars.REELAY_JOB_LEASE_SECONDS * 1000,
    rateLimits: rateLimitSettings(vars),
    databasePoolSize: vars.REELAY_DATABASE_POOL_SIZE,
    headersTimeoutMs: vars.REELAY_HEADERS_TIMEOUT_SECONDS * 1000,
    bodyIdleTimeoutMs: vars.REELAY_BODY_IDLE_TIMEOUT_SECONDS * 1000,
    inbox: {
      verifyToken: vars.META_WEBHOOK_VERIFY_TOKEN ?? null,
      subscribeOnConnect: vars.REELAY_META_SUBSCRIBE === 'on',
      days: vars.REELAY_INBOX_DAYS,
      pollMinutes: vars.REELAY_INBOX_POLL_MINUTES,
    },
    instagram: {
      appId: vars.INSTAGRAM_APP_ID ?? null,
      appSecret: vars.INSTAGRAM_APP_SECRET ?? null,
      authorizeUrl: vars.INSTAGRAM_AUTHORIZE_URL,
      apiUrl: vars.INSTAGRAM_API_URL,
      graphUrl: vars.INSTAGRAM_GRAPH_URL,
      graphVersion: vars.INSTAGRAM_GRAPH_VERSION === 'none' ? '' : vars.INSTAGRAM_GRAPH_VERSION,
      scopes: vars.INSTAGRAM_SCOPES ?? DEFAULT_SCOPES,
    },
    facebook: {
      appId: vars.FACEBOOK_APP_ID ?? null,
      appSecret: vars.FACEBOOK_APP_SECRET ?? null,
      configId: vars.FACEBOOK_CONFIG_ID ?? null,
      scopes: vars.FACEBOOK_SCOPES ?? DEFAULT_FACEBOOK_SCOPES,
      dialogUrl: vars.FACEBOOK_DIALOG_URL,
      graphUrl: vars.FACEBOOK_GRAPH_URL,
      uploadUrl: vars.FACEBOOK_UPLOAD_URL,
      graphVersion: vars.FACEBOOK_GRAPH_VERSION === 'none' ? '' : vars.FACEBOOK_GRAPH_VERSION,
    },
  };
}
