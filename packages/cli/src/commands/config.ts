/**
 * `reelay config …`: named contexts (server, credentials, project). Secrets go in, never
 * come out: `config get` shows them masked.
 */
import { usageError } from '../cli-error';
import type { CommandContext } from '../command-context';
import { readStdin } from '../input';
import { maskSecret, registerSecrets } from '../secrets';
import { openConfigStore } from '../config-store';
import { DEFAULT_SERVER, loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { userLanguage } from '@reelay/core/runtime';
import { LANGUAGES, parseLanguage, setLanguage, t } from '../i18n';

/**
 * Keys `config set` and `config get` know, as typed on the command line. `lang` belongs
 * to the whole configuration, not to one context.
 */
export const CONFIG_KEYS = ['server', 'api-key', 'project', 'lang'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

function assertKey(key: string): asserts key is ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
    throw usageError(
      t('config.unknownKey', { key }),
      t('config.useKeys', { keys: CONFIG_KEYS.join(', ') }),
    );
  }
}

/** `config set lang`: a language the CLI speaks, or `auto` to follow the locale again. */
async function setLanguageKey(value: string | undefined, ctx: CommandContext): Promise<void> {
  const text = value?.trim();
  if (!text) throw usageError(t('config.valueMissing', { key: 'lang' }));
  const language = text === 'auto' ? undefined : parseLanguage(text);
  if (text !== 'auto' && language === undefined) {
    throw usageError(
      t('errors.unknownLanguage', { value: text }),
      t('config.useLanguages', { languages: LANGUAGES.join(', ') }),
    );
  }
  const store = await openConfigStore();
  store.setLanguage(language);
  // The answer is already in the language just chosen.
  setLanguage(language ?? userLanguage(process.env));
  ctx.out.result({ success: true, key: 'lang', value: language ?? null }, () =>
    language ? t('config.languageSet', { language }) : t('config.languageAuto'),
  );
}

/**
 * `reelay config set <key> <value>`: `server` (an http(s) URL), `api-key` (`-` reads it
 * from stdin, so it stays out of shell history) or `project`. Setting a key makes it the
 * credential of project routes; a session in the context stays for `keys` and `whoami`.
 *
 * @example
 * ```ts
 * await configSet('server', 'https://reelay.example.com', ctx);
 * ```
 */
export async function configSet(
  key: string,
  value: string | undefined,
  ctx: CommandContext,
): Promise<void> {
  assertKey(key);
  if (key === 'lang') return setLanguageKey(value, ctx);
  const settings = await loadSettings(ctx.global, { allowNewContext: true });
  let text = value ?? (key === 'api-key' ? '-' : undefined);
  if (text === undefined) throw usageError(t('config.valueMissing', { key }));
  if (text === '-') text = (await readStdin()).trim();
  text = text.trim();
  if (!text) throw usageError(t('config.valueEmpty', { key }));
  const name = settings.contextName;
  if (key === 'server') {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw usageError(t('config.invalidServer', { value: text }), t('config.useUrl'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw usageError(t('config.invalidServer', { value: text }), t('config.useHttp'));
    }
    settings.store.update(name, { server: text.replace(/\/+$/, '') });
  } else if (key === 'api-key') {
    registerSecrets([text]);
    settings.store.update(name, { apiKey: text });
  } else {
    if (!/^proj_[A-Za-z0-9]+$/.test(text))
      throw usageError(t('config.invalidProject', { value: text }), t('config.useProjectId'));
    settings.store.update(name, { project: text });
  }
  const shown = key === 'api-key' ? maskSecret(text) : text;
  ctx.out.result({ success: true, context: name, key, value: shown }, () =>
    t('config.valueSet', { key, value: shown ?? '', context: name }),
  );
}

/**
 * `reelay config get [key]`: the effective values of the context, secrets masked, and
 * which ones the environment overrides.
 *
 * @example
 * ```ts
 * await configGet(undefined, ctx);
 * ```
 */
export async function configGet(key: string | undefined, ctx: CommandContext): Promise<void> {
  if (key !== undefined) assertKey(key);
  const settings = await loadSettings(ctx.global);
  const language = settings.store.language() ?? null;
  const view = {
    context: settings.contextName,
    server: settings.server,
    project: settings.project ?? null,
    apiKey: maskSecret(settings.apiKey),
    session:
      settings.accessToken || settings.refreshToken
        ? {
            email: settings.stored.email ?? null,
            accessToken: maskSecret(settings.accessToken),
            accessTokenExpiresAt: settings.accessTokenExpiresAt ?? null,
            refreshToken: maskSecret(settings.refreshToken),
          }
        : null,
    lang: language,
    fromEnvironment: [...settings.overridden].sort(),
    path: settings.store.path,
  };
  if (key !== undefined) {
    const value =
      key === 'server'
        ? view.server
        : key === 'project'
          ? view.project
          : key === 'lang'
            ? view.lang
            : view.apiKey;
    ctx.out.result({ context: view.context, key, value }, () => value ?? t('config.notSet'));
    return;
  }
  ctx.out.result(view, () =>
    renderFields([
      [t('config.fieldContext'), view.context],
      [
        t('config.fieldServer'),
        `${view.server}${settings.stored.server || settings.overridden.has('server') ? '' : t('config.defaultMark')}`,
      ],
      [t('config.fieldProject'), view.project],
      [t('config.fieldApiKey'), view.apiKey],
      [
        t('config.fieldSession'),
        view.session
          ? t('config.sessionValue', {
              email: view.session.email ?? '?',
              token: view.session.accessToken ?? '-',
              expires: view.session.accessTokenExpiresAt ?? '?',
            })
          : null,
      ],
      [t('config.fieldLanguage'), view.lang ?? t('config.languageFromLocale')],
      [t('config.fieldFromEnvironment'), view.fromEnvironment.join(', ') || null],
      [t('config.fieldFile'), view.path],
    ]),
  );
}

/**
 * `reelay config list`: every context, the current one marked.
 *
 * @example
 * ```ts
 * await configList(ctx);
 * ```
 */
export async function configList(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const current = settings.store.currentName();
  const all = settings.store.all();
  if (!(current in all)) all[current] = {};
  const contexts = Object.entries(all)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, data]) => ({
      name,
      current: name === current,
      server: data.server ?? DEFAULT_SERVER,
      project: data.project ?? null,
      credential: data.apiKey ? 'apiKey' : data.accessToken || data.refreshToken ? 'session' : null,
      email: data.email ?? null,
    }));
  ctx.out.result({ current, contexts }, () =>
    renderTable(contexts, [
      { header: '', value: (c) => (c.current ? '*' : ' ') },
      { header: t('config.columnContext'), value: (c) => c.name },
      { header: t('config.columnServer'), value: (c) => c.server },
      { header: t('config.columnProject'), value: (c) => c.project },
      {
        header: t('config.columnCredential'),
        value: (c) =>
          c.credential === 'apiKey'
            ? t('config.credentialApiKey')
            : c.credential === 'session'
              ? t('config.credentialSession', { email: c.email ?? '' })
              : null,
      },
    ]),
  );
}

/**
 * `reelay config use-context <name>`: switches contexts, creating an empty one when new.
 *
 * @example
 * ```ts
 * await configUseContext('producao', ctx);
 * ```
 */
export async function configUseContext(name: string, ctx: CommandContext): Promise<void> {
  // The file only: a REELAY_CONTEXT naming a context yet to be made must not get in the way.
  const store = await openConfigStore();
  const created = store.use(name);
  ctx.out.result({ success: true, current: name, created }, () =>
    created ? t('config.contextCreated', { name }) : t('config.contextInUse', { name }),
  );
}

/**
 * `reelay config delete-context <name>`: forgets a context and its credentials.
 *
 * @example
 * ```ts
 * await configDeleteContext('teste', ctx);
 * ```
 */
export async function configDeleteContext(name: string, ctx: CommandContext): Promise<void> {
  const store = await openConfigStore();
  if (!store.has(name)) throw usageError(t('config.unknownContext', { name }));
  store.remove(name);
  ctx.out.result({ success: true, deleted: name, current: store.currentName() }, () =>
    t('config.contextDeleted', { name, current: store.currentName() }),
  );
}
