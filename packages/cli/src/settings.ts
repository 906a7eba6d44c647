/**
 * The settings a command runs with: the chosen context from the contexts file, with the
 * environment on top for CI (`REELAY_SERVER`, `REELAY_API_KEY`, `REELAY_ACCESS_TOKEN`,
 * `REELAY_PROJECT`, `REELAY_CONTEXT`) and `--server`/`--context` on top of that.
 */
import { CliError } from './cli-error';
import { t } from './i18n';
import { registerSecrets } from './secrets';
import { serverFromEnv } from './server-variable';
import {
  assertContextName,
  openConfigStore,
  type ConfigStore,
  type ContextData,
} from './config-store';

/** The server used when neither a flag, the environment nor the context names one. */
export const DEFAULT_SERVER = 'http://localhost:8080';

/** Options every command accepts. */
export interface GlobalOptions {
  json?: boolean;
  context?: string;
  server?: string;
}

/** Environment variables the CLI reads (and that `reelay serve` hides from the server). */
export const CLI_ENV_VARS = [
  'REELAY_CONFIG_DIR',
  'REELAY_CONTEXT',
  'REELAY_SERVER',
  'REELAY_API_KEY',
  'REELAY_ACCESS_TOKEN',
  'REELAY_PROJECT',
  'REELAY_WEBHOOK_SECRET',
  'REELAY_PROGRESS',
] as const;

export interface Settings {
  readonly store: ConfigStore;
  readonly contextName: string;
  /** The context as stored, before the environment. */
  readonly stored: ContextData;
  server: string;
  apiKey: string | undefined;
  accessToken: string | undefined;
  accessTokenExpiresAt: string | undefined;
  /** Only for a stored session: a token from the environment cannot be renewed. */
  refreshToken: string | undefined;
  project: string | undefined;
  /** Names of the fields the environment or a flag set, for `config get`. */
  readonly overridden: ReadonlySet<string>;
}

/**
 * Resolves the context and its values.
 *
 * @example
 * ```ts
 * const settings = await loadSettings({ context: 'producao' });
 * settings.server; // 'https://reelay.example.com'
 * ```
 */
export async function loadSettings(
  global: GlobalOptions,
  options: { allowNewContext?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Settings> {
  const env = options.env ?? process.env;
  const store = await openConfigStore(env);
  const chosen = global.context ?? nonEmpty(env.REELAY_CONTEXT);
  const contextName = chosen ?? store.currentName();
  if (chosen !== undefined) {
    assertContextName(chosen);
    if (!options.allowNewContext && !store.has(chosen) && chosen !== store.currentName()) {
      throw new CliError('usage', t('config.unknownContext', { name: chosen }), {
        code: 'CONTEXT_NOT_FOUND',
        hint: t('config.unknownContextHint'),
      });
    }
  }
  const stored = store.get(contextName);
  const overridden = new Set<string>();
  const pick = (field: string, flag: string | undefined, variable: string | undefined) => {
    const value = nonEmpty(flag) ?? nonEmpty(variable);
    if (value !== undefined) overridden.add(field);
    return value;
  };
  const server =
    pick('server', global.server, serverFromEnv(env)) ?? stored.server ?? DEFAULT_SERVER;
  const envKey = pick('apiKey', undefined, env.REELAY_API_KEY);
  const envToken = pick('accessToken', undefined, env.REELAY_ACCESS_TOKEN);
  const project = pick('project', undefined, env.REELAY_PROJECT) ?? stored.project;
  // A credential from the environment replaces the stored ones as a whole: mixing an
  // environment token with a stored refresh token would renew someone else's session.
  const fromEnv = envKey !== undefined || envToken !== undefined;
  registerSecrets([envKey, envToken, stored.apiKey, stored.accessToken, stored.refreshToken]);
  return {
    store,
    contextName,
    stored,
    server: server.replace(/\/+$/, ''),
    apiKey: fromEnv ? envKey : stored.apiKey,
    accessToken: fromEnv ? envToken : stored.accessToken,
    accessTokenExpiresAt: fromEnv ? undefined : stored.accessTokenExpiresAt,
    refreshToken: fromEnv ? undefined : stored.refreshToken,
    project,
    overridden,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
