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

/** Keys `config set` and `config get` know, as typed on the command line. */
export const CONFIG_KEYS = ['server', 'api-key', 'project'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

function assertKey(key: string): asserts key is ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
    throw usageError(
      `chave de configuração desconhecida: "${key}"`,
      `use ${CONFIG_KEYS.join(', ')}`,
    );
  }
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
  const settings = await loadSettings(ctx.global, { allowNewContext: true });
  let text = value ?? (key === 'api-key' ? '-' : undefined);
  if (text === undefined) throw usageError(`informe o valor de ${key}`);
  if (text === '-') text = (await readStdin()).trim();
  text = text.trim();
  if (!text) throw usageError(`o valor de ${key} está vazio`);
  const name = settings.contextName;
  if (key === 'server') {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw usageError(
        `endereço inválido: "${text}"`,
        'use uma URL como https://reelay.example.com',
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw usageError(`endereço inválido: "${text}"`, 'use http:// ou https://');
    }
    settings.store.update(name, { server: text.replace(/\/+$/, '') });
  } else if (key === 'api-key') {
    registerSecrets([text]);
    settings.store.update(name, { apiKey: text });
  } else {
    if (!/^proj_[A-Za-z0-9]+$/.test(text))
      throw usageError(`id de projeto inválido: "${text}"`, 'use o id proj_… de reelay whoami');
    settings.store.update(name, { project: text });
  }
  const shown = key === 'api-key' ? maskSecret(text) : text;
  ctx.out.result(
    { success: true, context: name, key, value: shown },
    () => `${key} = ${shown} (contexto "${name}")`,
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
    fromEnvironment: [...settings.overridden].sort(),
    path: settings.store.path,
  };
  if (key !== undefined) {
    const value = key === 'server' ? view.server : key === 'project' ? view.project : view.apiKey;
    ctx.out.result({ context: view.context, key, value }, () => value ?? '(não definido)');
    return;
  }
  ctx.out.result(view, () =>
    renderFields([
      ['Contexto', view.context],
      [
        'Servidor',
        `${view.server}${settings.stored.server || settings.overridden.has('server') ? '' : ' (padrão)'}`,
      ],
      ['Projeto', view.project],
      ['Chave de API', view.apiKey],
      [
        'Sessão',
        view.session
          ? `${view.session.email ?? '?'} (token ${view.session.accessToken ?? '-'}, expira ${view.session.accessTokenExpiresAt ?? '?'})`
          : null,
      ],
      ['Do ambiente', view.fromEnvironment.join(', ') || null],
      ['Arquivo', view.path],
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
      { header: 'contexto', value: (c) => c.name },
      { header: 'servidor', value: (c) => c.server },
      { header: 'projeto', value: (c) => c.project },
      {
        header: 'credencial',
        value: (c) =>
          c.credential === 'apiKey'
            ? 'chave de API'
            : c.credential === 'session'
              ? `sessão ${c.email ?? ''}`
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
    created ? `Contexto "${name}" criado e em uso.` : `Contexto "${name}" em uso.`,
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
  if (!store.has(name)) throw usageError(`contexto desconhecido: "${name}"`);
  store.remove(name);
  ctx.out.result(
    { success: true, deleted: name, current: store.currentName() },
    () => `Contexto "${name}" removido; em uso: "${store.currentName()}".`,
  );
}
