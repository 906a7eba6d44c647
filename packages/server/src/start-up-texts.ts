/**
 * What the server program says to the person who starts it, in the language of the
 * locale (LC_ALL, LC_MESSAGES, LANG; Portuguese without one; docs/language.md): the
 * notices it logs while starting, the banner, the shutdown line and a configuration it
 * refuses. Configuration errors are written in Portuguese where they are raised (and stay
 * so for embedders catching `ConfigError`); the English text of each is here, matched by
 * its shape, and a message without an English text is printed as it is.
 */
import type { UserLanguage } from '@reelay/core/runtime';
import type { Logger } from './logger';

/**
 * The notices the server logs while it starts, each named by a stable code: the log
 * line's `code` field, which log queries and alerts match whatever the language of its
 * `message`.
 */
export type StartUpNotice =
  | 'DEV_ENCRYPTION_KEY'
  | 'DEV_AUTH_SECRET'
  | 'PRIVATE_URLS_ALLOWED'
  | 'RATE_LIMITS_OFF'
  | 'PLATFORM_CREDENTIALS_MISSING'
  | 'LOCAL_STORAGE_WITH_SHARED_DATABASE'
  | 'ENCRYPTION_KEY_RECORDED';

/** Each notice in both languages: a notice missing in either does not compile. */
const NOTICES: Record<StartUpNotice, Record<UserLanguage, string>> = {
  DEV_ENCRYPTION_KEY: {
    'pt-BR':
      'REELAY_ENCRYPTION_KEY ausente: usando a chave de desenvolvimento guardada na pasta de dados',
    en: 'REELAY_ENCRYPTION_KEY is not set: using the development key kept in the data folder',
  },
  DEV_AUTH_SECRET: {
    'pt-BR':
      'REELAY_AUTH_SECRET ausente: usando o segredo de desenvolvimento guardado na pasta de dados',
    en: 'REELAY_AUTH_SECRET is not set: using the development secret kept in the data folder',
  },
  PRIVATE_URLS_ALLOWED: {
    'pt-BR':
      'REELAY_ALLOW_PRIVATE_URLS=true: URLs de mídia podem apontar para loopback e redes privadas, e http é aceito. Só para desenvolvimento.',
    en: 'REELAY_ALLOW_PRIVATE_URLS=true: media URLs may point at loopback and private networks, and http is accepted. For development only.',
  },
  RATE_LIMITS_OFF: {
    'pt-BR':
      'REELAY_RATE_LIMITS=off: nenhuma requisição é limitada nem contada. Só para testes de carga.',
    en: 'REELAY_RATE_LIMITS=off: no request is limited or counted. For load tests only.',
  },
  PLATFORM_CREDENTIALS_MISSING: {
    'pt-BR':
      'INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET não estão definidas (nem FACEBOOK_APP_ID e FACEBOOK_APP_SECRET): conectar contas do Instagram e publicar respondem PLATFORM_CREDENTIALS_MISSING. Defina as duas ou, para desenvolver, use `pnpm dev`, que inicia o emulador do Instagram já ligado ao servidor.',
    en: 'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET are not set (nor FACEBOOK_APP_ID and FACEBOOK_APP_SECRET): connecting Instagram accounts and publishing answer PLATFORM_CREDENTIALS_MISSING. Set both or, to develop, use `pnpm dev`, which starts the Instagram emulator already wired to the server.',
  },
  LOCAL_STORAGE_WITH_SHARED_DATABASE: {
    'pt-BR':
      'PostgreSQL com armazenamento local: com várias instâncias, cada arquivo fica no disco de uma só. Use REELAY_STORAGE=s3 para várias instâncias.',
    en: 'PostgreSQL with local storage: with several instances, each file stays on the disk of one of them. Use REELAY_STORAGE=s3 for several instances.',
  },
  ENCRYPTION_KEY_RECORDED: {
    'pt-BR': 'chave de criptografia confere com os segredos guardados; registrada no banco',
    en: 'the encryption key reads the stored secrets; recorded in the database',
  },
};

/**
 * The text of a start-up notice in a language.
 *
 * @example
 * ```ts
 * startUpNoticeText('en', 'RATE_LIMITS_OFF');
 * // 'REELAY_RATE_LIMITS=off: no request is limited or counted. For load tests only.'
 * ```
 */
export function startUpNoticeText(language: UserLanguage, notice: StartUpNotice): string {
  return NOTICES[notice][language];
}

/** Every start-up notice's code, for tests that go through them all. */
export const START_UP_NOTICES = Object.keys(NOTICES) as StartUpNotice[];

/**
 * Logs a start-up notice: its text in the user's language as the message, its code as
 * the `code` field, and the given fields.
 *
 * @example
 * ```ts
 * logStartUpNotice(logger, 'warn', config.language, 'DEV_ENCRYPTION_KEY', { file });
 * // {"level":"warn","message":"REELAY_ENCRYPTION_KEY is not set: …","code":"DEV_ENCRYPTION_KEY","file":"…"}
 * ```
 */
export function logStartUpNotice(
  logger: Logger,
  level: 'info' | 'warn',
  language: UserLanguage,
  notice: StartUpNotice,
  fields: Record<string, unknown> = {},
): void {
  logger[level](startUpNoticeText(language, notice), { code: notice, ...fields });
}

/**
 * The line printed once the server listens.
 *
 * @example
 * ```ts
 * listeningText('en', { url: 'http://0.0.0.0:8080', sqliteFile: '/data/reelay.db', publicUrl: 'http://localhost:8080' });
 * // 'Reelay listening on http://0.0.0.0:8080 (SQLite at /data/reelay.db); public address http://localhost:8080'
 * ```
 */
export function listeningText(
  language: UserLanguage,
  values: {
    url: string;
    sqliteFile: string | undefined;
    publicUrl: string;
    /** The metrics port's address, when `REELAY_METRICS_PORT` starts one. */
    metricsUrl?: string | null;
  },
): string {
  const { url, sqliteFile, publicUrl, metricsUrl } = values;
  if (language === 'en') {
    const database = sqliteFile === undefined ? 'PostgreSQL' : `SQLite at ${sqliteFile}`;
    const metrics = metricsUrl ? `; metrics at ${metricsUrl}/metrics` : '';
    return `Reelay listening on ${url} (${database}); public address ${publicUrl}${metrics}`;
  }
  const database = sqliteFile === undefined ? 'PostgreSQL' : `SQLite em ${sqliteFile}`;
  const metrics = metricsUrl ? `; métricas em ${metricsUrl}/metrics` : '';
  return `Reelay ouvindo em ${url} (${database}); endereço público ${publicUrl}${metrics}`;
}

/** The line printed when a signal stops the server. */
export function stoppingText(language: UserLanguage, signal: string): string {
  return language === 'en'
    ? `${signal} received: shutting down…`
    : `${signal} recebido: encerrando…`;
}

/** English for each configuration message, by its Portuguese shape. */
const ENGLISH: Array<[RegExp, (...parts: string[]) => string]> = [
  [
    /^Variável desconhecida: (.+)\. Confira o nome; as aceitas estão em docs\/self-hosting\.md\.$/,
    (names) =>
      `Unknown variable: ${names}. Check the name; the accepted ones are in docs/self-hosting.md.`,
  ],
  [
    /^Configuração inválida: (.+)$/s,
    (problems) =>
      `Invalid configuration: ${problems
        .split('; ')
        .map((problem) =>
          problem.replace(
            /^(\w+): (.*)$/s,
            (_, name: string, text: string) => `${name}: ${schemaText(text)}`,
          ),
        )
        .join('; ')}`,
  ],
  [
    /^REELAY_ENCRYPTION_KEY é obrigatória em produção/,
    () => 'REELAY_ENCRYPTION_KEY is required in production (32 bytes in base64 or hex).',
  ],
  [
    /^REELAY_AUTH_SECRET é obrigatória em produção/,
    () => 'REELAY_AUTH_SECRET is required in production (at least 32 random characters).',
  ],
  [
    /^(\w+) e (\w+) vão juntas: defina as duas ou nenhuma\.$/,
    (first, second) => `${first} and ${second} go together: set both or neither.`,
  ],
  [
    /^FACEBOOK_CONFIG_ID e FACEBOOK_SCOPES se excluem/,
    () =>
      'FACEBOOK_CONFIG_ID and FACEBOOK_SCOPES exclude each other: the Facebook Login for Business configuration already sets the permissions. Set only one.',
  ],
  [/^(\S+) exige (.+)\.$/, (name, needed) => `${name} needs ${needed}.`],
  [
    /^(\w+) e (\w+_FILE) estão definidas: use só uma das duas\.$/,
    (name, file) => `${name} and ${file} are both set: use only one of them.`,
  ],
  [
    /^(\w+_FILE): não foi possível ler (.+) \((.+)\)\.$/,
    (file, path, reason) => `${file}: could not read ${path} (${reason}).`,
  ],
  [
    /^(.+) só vale com REELAY_STORAGE=s3\.$/,
    (names) => `${names} only applies with REELAY_STORAGE=s3.`,
  ],
  [
    /^DATABASE_URL: use postgres:\/\/… para PostgreSQL/,
    () => 'DATABASE_URL: use postgres://… for PostgreSQL, or a file path (or file:…) for SQLite.',
  ],
  [
    /^REELAY_ENCRYPTION_KEY deve ter 32 bytes/,
    () =>
      'REELAY_ENCRYPTION_KEY must be 32 bytes in base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
  ],
];

/** English for the database's refusals at start (store/database.ts), by their shape. */
const START_FAILURES: Array<[RegExp, (...parts: string[]) => string]> = [
  [
    /^o banco de dados foi migrado por uma versão mais nova do Reelay \(migração (\S+), desconhecida desta versão\); inicie a versão mais nova ou restaure o backup feito antes da atualização$/,
    (migration) =>
      `the database was migrated by a newer version of Reelay (migration ${migration}, unknown to this version); start the newer version or restore the backup taken before the upgrade`,
  ],
  [
    /^migração (?:(\S+) )?falhou: (.*)$/s,
    (migration, cause) => `migration ${migration ? `${migration} ` : ''}failed: ${cause}`,
  ],
];

/**
 * Why the server could not start, as the person starting it reads it: a configuration
 * error or a refusal of the database in their language; `null` for any other failure,
 * printed whole (stack included) because it is not the operator's to fix.
 *
 * @example
 * ```ts
 * startFailureText('en', new Error('migração 025 falhou: disco cheio')); // 'migration 025 failed: disco cheio'
 * ```
 */
export function startFailureText(language: UserLanguage, error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  for (const [pattern, english] of START_FAILURES) {
    const match = pattern.exec(error.message);
    if (match) return language === 'en' ? english(...match.slice(1)) : error.message;
  }
  return null;
}

/** English for the schema's messages about one variable's value (config-schema.ts). */
const SCHEMA: Record<string, string> = {
  'use ao menos 1 minuto': 'use at least 1 minute',
  'use ao menos 1 requisição por minuto': 'use at least 1 request per minute',
  'use ao menos 32 caracteres aleatórios': 'use at least 32 random characters',
  'use de 0 a 720 minutos (os contêineres expiram em 24 h)':
    'use 0 to 720 minutes (containers expire in 24 h)',
  'use de 1 a 300 segundos': 'use 1 to 300 seconds',
  'use de 1 a 3600 segundos': 'use 1 to 3600 seconds',
  'use de 3 a 600 segundos': 'use 3 to 600 seconds',
  'use local ou s3': 'use local or s3',
  'use server ou presigned': 'use server or presigned',
  'use auto, url ou resumable': 'use auto, url or resumable',
  'use no máximo 1000000000 requisições por minuto': 'use at most 1000000000 requests per minute',
  'use o id numérico da configuração do Login do Facebook para Empresas':
    'use the numeric id of the Facebook Login for Business configuration',
  'use on ou off': 'use on or off',
  'use true ou false': 'use true or false',
  'use uma URL http(s) absoluta': 'use an absolute http(s) URL',
  'use uma URL smtp:// ou smtps://': 'use an smtp:// or smtps:// URL',
  'use uma porta de 0 a 65535': 'use a port from 0 to 65535',
  'use uma versão como v25.0, ou none para nenhuma':
    'use a version such as v25.0, or none for none',
  'use um número de porta': 'use a port number',
  'use um número inteiro de minutos': 'use a whole number of minutes',
  'use um número inteiro de dias': 'use a whole number of days',
  'use de 1 a 365 dias': 'use 1 to 365 days',
  'use de 0 a 3650 dias': 'use 0 to 3650 days',
  'use de 0 a 1440 minutos': 'use 0 to 1440 minutes',
  'use ao menos 8 caracteres': 'use at least 8 characters',
  'use ao menos 16 caracteres': 'use at least 16 characters',
  'use um número inteiro de requisições por minuto': 'use a whole number of requests per minute',
  'use um número inteiro de segundos': 'use a whole number of seconds',
  'use um número inteiro': 'use a whole number',
};

function schemaText(text: string): string {
  return SCHEMA[text] ?? text;
}

/**
 * A configuration error as the person starting the server reads it.
 *
 * @example
 * ```ts
 * configErrorText('en', 'REELAY_OIDC_AUDIENCE exige REELAY_OIDC_ISSUER.');
 * // 'REELAY_OIDC_AUDIENCE needs REELAY_OIDC_ISSUER.'
 * ```
 */
export function configErrorText(language: UserLanguage, message: string): string {
  if (language !== 'en') return message;
  for (const [pattern, english] of ENGLISH) {
    const match = pattern.exec(message);
    if (match) return english(...match.slice(1));
  }
  return message;
}
