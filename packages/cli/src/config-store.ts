/**
 * Named contexts (server, credentials, project) kept with conf in the user's config
 * directory, or in `REELAY_CONFIG_DIR` when set. The file holds secrets, so it is written
 * readable by its owner only (0600).
 */
import type Conf from 'conf';
import { usageError } from './cli-error';

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
    throw usageError(
      `nome de contexto inválido: "${name}"`,
      'use letras, números, ".", "_" ou "-" (até 40 caracteres)',
    );
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
  };
}
