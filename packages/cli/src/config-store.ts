/**
 * Named contexts (server, credentials, project) kept with conf in the user's config
 * directory, or in `REELAY_CONFIG_DIR` when set. The file holds secrets, so it is written
 * readable by its owner only (0600).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type Conf from 'conf';
import { usageError } from './cli-error';
import { t } from './i18n';

/** What one context remembers. Every field is optional: a fresh context is empty. */
export interface ContextData {
  /** The server's base URL. */
  server?: string;
  /** An API key (`rly_live_…`): the credential of project routes when set. */
  apiKey?: string;
  /** A session from `reelay login`: access token, its expiry and the refresh token. */
  accessToken?: string;
  accessTokenExpiresAt?: string;
  refreshToken?: string;
  /** The e-mail of the session's user, for `config get` and `whoami`. */
  email?: string;
  /** The project (`proj_…`) that session requests act on. */
  project?: string;
}

/** The changes that make a context forget every credential it holds (logout). */
export const NO_CREDENTIALS: ContextData = {
  apiKey: undefined,
  accessToken: undefined,
  accessTokenExpiresAt: undefined,
  refreshToken: undefined,
  email: undefined,
};

interface StoreShape {
  currentContext: string;
  contexts: Record<string, ContextData>;
  /** `reelay config set lang …`: the language of every context, not of one. */
  language?: string;
}

/** The context used when none was chosen. */
export const DEFAULT_CONTEXT = 'default';

// Names end up in messages and file keys: keep them short and plain.
const CONTEXT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/**
 * Refuses context names that would be awkward to type or to store.
 *
 * @example
 * ```ts
 * assertContextName('producao'); // ok
 * assertContextName('../x'); // throws a usage error (exit 2)
 * ```
 */
export function assertContextName(name: string): void {
  if (!CONTEXT_NAME.test(name)) {
    throw usageError(t('config.invalidContextName', { name }), t('config.contextNameRule'));
  }
}

/** The contexts file. */
export interface ConfigStore {
  /** Where the file lives. */
  readonly path: string;
  /** The context commands use when `--context` is not given. */
  currentName(): string;
  /** Makes `name` the current context, creating it empty when new. Returns whether it was new. */
  use(name: string): boolean;
  /** One context's data (empty when it does not exist). */
  get(name: string): ContextData;
  has(name: string): boolean;
  /** Replaces one context's data; fields set to `undefined` are removed. */
  put(name: string, data: ContextData): void;
  /** Merges fields into one context; `undefined` removes a field. */
  update(name: string, changes: Partial<Record<keyof ContextData, string | undefined>>): void;
  remove(name: string): void;
  /** Every context by name. */
  all(): Record<string, ContextData>;
  /** The configured language (`pt-BR`, `en`), or `undefined` to follow the locale. */
  language(): string | undefined;
  /** Sets the language, or forgets it with `undefined`. */
  setLanguage(language: string | undefined): void;
}

/**
 * Where conf keeps the contexts file: `REELAY_CONFIG_DIR`, else the user's configuration
 * folder as conf finds it (env-paths with no suffix). Computed without loading conf, so the
 * language can be read at start-up; a test checks it is the path conf opens.
 *
 * @example
 * ```ts
 * configFilePath({ REELAY_CONFIG_DIR: '/tmp/r' }); // '/tmp/r/contexts.json'
 * ```
 */
export function configFilePath(env: Record<string, string | undefined> = process.env): string {
  const dir = env.REELAY_CONFIG_DIR;
  if (dir) return join(dir, 'contexts.json');
  const home = homedir();
  const base =
    process.platform === 'darwin'
      ? join(home, 'Library', 'Preferences', 'reelay')
      : process.platform === 'win32'
        ? join(process.env.APPDATA || join(home, 'AppData', 'Roaming'), 'reelay', 'Config')
        : join(process.env.XDG_CONFIG_HOME || join(home, '.config'), 'reelay');
  return join(base, 'contexts.json');
}

/**
 * The language set with `reelay config set lang`, read straight from the file (no conf:
 * every run, `--help` included, needs it before the command table is built). A missing
 * or unreadable file means none.
 *
 * @example
 * ```ts
 * configuredLanguage(process.env); // 'en' after `reelay config set lang en`
 * ```
 */
export function configuredLanguage(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  try {
    const data = JSON.parse(readFileSync(configFilePath(env), 'utf8')) as Partial<StoreShape>;
    return typeof data.language === 'string' ? data.language : undefined;
  } catch {
    return undefined;
  }
}

function clean(data: ContextData): ContextData {
  return Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined && value !== ''),
  ) as ContextData;
}

/**
 * Opens (or creates) the contexts file. conf is loaded here, not at start-up, so
 * commands that never read the configuration (`--help`, `webhooks verify`) stay fast.
 *
 * @example
 * ```ts
 * const store = await openConfigStore();
 * store.update(store.currentName(), { server: 'https://reelay.example.com' });
 * ```
 */
export async function openConfigStore(env: NodeJS.ProcessEnv = process.env): Promise<ConfigStore> {
  const { default: ConfStore } = await import('conf');
  const dir = env.REELAY_CONFIG_DIR;
  const conf: Conf<StoreShape> = new ConfStore<StoreShape>({
    ...(dir ? { cwd: dir } : { projectName: 'reelay', projectSuffix: '' }),
    configName: 'contexts',
    configFileMode: 0o600,
    // Names may contain dots; they are keys, not paths.
    accessPropertiesByDotNotation: false,
    defaults: { currentContext: DEFAULT_CONTEXT, contexts: {} },
  });
  const contexts = (): Record<string, ContextData> => ({ ...conf.get('contexts') });
  return {
    path: conf.path,
    currentName: () => conf.get('currentContext') || DEFAULT_CONTEXT,
    use(name) {
      assertContextName(name);
      const all = contexts();
      const created = !(name in all);
      if (created) conf.set('contexts', { ...all, [name]: {} });
      conf.set('currentContext', name);
      return created;
    },
    get: (name) => ({ ...(contexts()[name] ?? {}) }),
    has: (name) => name in contexts(),
    put(name, data) {
      assertContextName(name);
      conf.set('contexts', { ...contexts(), [name]: clean(data) });
    },
    update(name, changes) {
      assertContextName(name);
      const all = contexts();
      conf.set('contexts', { ...all, [name]: clean({ ...(all[name] ?? {}), ...changes }) });
    },
    remove(name) {
      const all = contexts();
      delete all[name];
      conf.set('contexts', all);
      if (conf.get('currentContext') === name) conf.set('currentContext', DEFAULT_CONTEXT);
    },
    all: contexts,
    language: () => conf.get('language'),
    setLanguage(language) {
      if (language === undefined) conf.delete('language');
      else conf.set('language', language);
    },
  };
}
