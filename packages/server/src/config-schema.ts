/**
 * The schema of every environment variable the server reads, with its default. Values
 * arrive as text; each parser turns one into its typed value or a pt-BR message that
 * names what to write instead.
 */
import * as z from 'zod';
import { INBOX_DAYS_DEFAULT, INBOX_DAYS_MAX, RATE_BUCKETS } from '@reelay/core';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number written in digits; `error` says what to write instead. */
const digits = (error: string) => z.string().regex(/^\d+$/, { error }).transform(Number);

const port = digits('use um número de porta').pipe(
  z.number().int().min(0).max(65535, { error: 'use uma porta de 0 a 65535' }),
);

const absoluteUrl = z
  .url({ protocol: /^https?$/, error: 'use uma URL http(s) absoluta' })
  .transform((url) => url.replace(/\/+$/, ''));

/** Requests a bucket allows per minute (spec §8 gives the defaults). */
const requestsPerMinute = digits('use um número inteiro de requisições por minuto').pipe(
  z
    .number()
    .int()
    .min(1, { error: 'use ao menos 1 requisição por minuto' })
    .max(1_000_000_000, { error: 'use no máximo 1000000000 requisições por minuto' }),
);

const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Whether the text names an http(s) origin alone: no user, path, query or fragment. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      /^https?:$/.test(url.protocol) &&
      !url.username &&
      !url.password &&
      url.pathname === '/' &&
      // An empty `?` or `#` leaves no search or hash behind, and is no origin either.
      !/[?#]/.test(text)
    );
  } catch {
    return false;
  }
}

/**
 * Comma-separated browser origins (`https://app.example.com`, a port when not the
 * scheme's), kept in the form `URL.origin` gives, so a comparison with a parsed address's
 * origin is exact.
 */
const originList = commaList.pipe(
  z
    .array(
      z.string().refine(isOrigin, {
        error:
          'use origens http(s) separadas por vírgula, como https://app.example.com (sem caminho)',
      }),
    )
    .transform((items) => items.map((item) => new URL(item).origin)),
);

/**
 * Permissions asked for by default: profile, publishing, comments (the first comment of
 * a post is published with the comments permission) and insights (post and account
 * metrics).
 */
export const DEFAULT_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
] as const;

/**
 * Facebook Login permissions asked for by default, without a Login for Business
 * configuration: the account, publishing, first comments, insights, and the Pages that
 * lead to the accounts (reference §0 table).
 */
export const DEFAULT_FACEBOOK_SCOPES = [
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'pages_show_list',
  'pages_read_engagement',
] as const;

/** Every variable the server reads, with its default. */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  REELAY_METRICS_PORT: port.optional(),
  REELAY_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  REELAY_METRICS_TOKEN: z.string().min(16, { error: 'use ao menos 16 caracteres' }).optional(),
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
  REELAY_REDIRECT_ORIGINS: originList.default([]),
  REELAY_TRUST_PROXY: booleanText.default(false),
  REELAY_OIDC_ISSUER: absoluteUrl.optional(),
  REELAY_OIDC_AUDIENCE: z.string().min(1).optional(),
  REELAY_ALLOW_PRIVATE_URLS: booleanText.default(false),
  REELAY_STORAGE: z.enum(['local', 's3'], { error: 'use local ou s3' }).default('local'),
  REELAY_UNUSED_MEDIA_DAYS: digits('use um número inteiro de dias')
    .pipe(z.number().int().min(0).max(3650, { error: 'use de 0 a 3650 dias' }))
    .default(7),
  REELAY_S3_ENDPOINT: absoluteUrl.optional(),
  REELAY_S3_BUCKET: z.string().min(1).optional(),
  REELAY_S3_REGION: z.string().min(1).default('us-east-1'),
  REELAY_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  REELAY_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REELAY_S3_FORCE_PATH_STYLE: booleanText.default(false),
  REELAY_MEDIA_DELIVERY: z
    .enum(['server', 'presigned'], { error: 'use server ou presigned' })
    .default('server'),
  REELAY_VIDEO_UPLOAD: z
    .enum(['auto', 'url', 'resumable'], { error: 'use auto, url ou resumable' })
    .default('auto'),
  REELAY_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  REELAY_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'use uma URL smtp:// ou smtps://' })
    .optional(),
  REELAY_SMTP_FROM: z.string().min(3).optional(),
  REELAY_MISSED_GRACE_MINUTES: digits('use um número inteiro de minutos')
    .pipe(z.number().int().min(1, { error: 'use ao menos 1 minuto' }))
    .default(15),
  REELAY_PREPARE_AHEAD_MINUTES: digits('use um número inteiro de minutos')
    .pipe(
      z
        .number()
        .int()
        .max(720, { error: 'use de 0 a 720 minutos (os contêineres expiram em 24 h)' }),
    )
    .default(10),
  REELAY_DATABASE_POOL_SIZE: digits('use um número inteiro')
    .pipe(z.number().int().min(1).max(200))
    .default(10),
  REELAY_WORKER_CONCURRENCY: digits('use um número inteiro')
    .pipe(z.number().int().min(1).max(1000))
    .default(32),
  REELAY_JOB_LEASE_SECONDS: digits('use um número inteiro de segundos')
    .pipe(
      z
        .number()
        .int()
        .min(3, { error: 'use de 3 a 600 segundos' })
        .max(600, { error: 'use de 3 a 600 segundos' }),
    )
    .default(6),
  REELAY_RATE_LIMITS: z.enum(['on', 'off'], { error: 'use on ou off' }).default('on'),
  REELAY_RATE_LIMIT_DEFAULT: requestsPerMinute.default(RATE_BUCKETS.default.limit),
  REELAY_RATE_LIMIT_UPLOAD: requestsPerMinute.default(RATE_BUCKETS.upload.limit),
  REELAY_RATE_LIMIT_ACCOUNT: requestsPerMinute.default(RATE_BUCKETS.account.limit),
  REELAY_RATE_LIMIT_CREATE_KEY: requestsPerMinute.default(RATE_BUCKETS.createKey.limit),
  REELAY_RATE_LIMIT_PUBLIC: requestsPerMinute.default(RATE_BUCKETS.public.limit),
  REELAY_RATE_LIMIT_META_WEBHOOK: requestsPerMinute.default(RATE_BUCKETS.metaWebhook.limit),
  META_WEBHOOK_VERIFY_TOKEN: z.string().min(8, { error: 'use ao menos 8 caracteres' }).optional(),
  REELAY_META_SUBSCRIBE: z.enum(['on', 'off'], { error: 'use on ou off' }).default('off'),
  REELAY_INBOX_DAYS: digits('use um número inteiro de dias')
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: `use de 1 a ${INBOX_DAYS_MAX} dias` })
        .max(INBOX_DAYS_MAX, { error: `use de 1 a ${INBOX_DAYS_MAX} dias` }),
    )
    .default(INBOX_DAYS_DEFAULT),
  REELAY_INBOX_POLL_MINUTES: digits('use um número inteiro de minutos')
    .pipe(z.number().int().min(0).max(1440, { error: 'use de 0 a 1440 minutos' }))
    .default(5),
  REELAY_HEADERS_TIMEOUT_SECONDS: digits('use um número inteiro de segundos')
    .pipe(z.number().int().min(1).max(300, { error: 'use de 1 a 300 segundos' }))
    .default(15),
  REELAY_BODY_IDLE_TIMEOUT_SECONDS: digits('use um número inteiro de segundos')
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
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_CONFIG_ID: z
    .string()
    .regex(/^\d{1,30}$/, {
      error: 'use o id numérico da configuração do Login do Facebook para Empresas',
    })
    .optional(),
  FACEBOOK_SCOPES: commaList.optional(),
  FACEBOOK_DIALOG_URL: absoluteUrl.default('https://www.facebook.com'),
  FACEBOOK_GRAPH_URL: absoluteUrl.default('https://graph.facebook.com'),
  FACEBOOK_UPLOAD_URL: absoluteUrl.default('https://rupload.facebook.com'),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^(v\d+\.\d+|none)$/, { error: 'use uma versão como v25.0, ou none para nenhuma' })
    .default('v25.0'),
});

/** The parsed variables, as `loadConfig` reads them. */
export type EnvironmentVariables = z.output<typeof environmentSchema>;
