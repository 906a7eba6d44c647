/**
 * SDK clients for commands: one for project routes (API key, or the session plus its
 * project), one for the account routes that only take a session (Bearer), and an
 * anonymous one for login. A stored session renews its access token by itself, before
 * it expires and whenever the server answers `UNAUTHORIZED`, and the renewed tokens are
 * written back to the context (the server rotates refresh tokens: an old one is refused).
 */
import { isReelayError, Reelay, type FetchLike } from '@reelay/sdk';
import { CliError } from './cli-error';
import { registerSecrets } from './secrets';
import type { Settings } from './settings';
import { t } from './i18n';

export interface ClientOptions {
  /** Replaces `fetch` (the upload progress bar counts bytes through it). */
  fetch?: FetchLike;
}

/** Renew this long before the stored expiry, so a request does not race it. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * A client without credentials, for `login`, `signup` and `status`.
 *
 * @example
 * ```ts
 * const session = await anonymousClient(settings.server).auth.login({ email, password });
 * ```
 */
export function anonymousClient(server: string, options: ClientOptions = {}): Reelay {
  return new Reelay({ baseUrl: server, ...options });
}

/**
 * The client of project routes (posts, accounts, profiles, media, webhooks): the API key
 * when the context has one, else the session with its project.
 *
 * @example
 * ```ts
 * const reelay = await projectClient(settings);
 * const { profiles } = await reelay.profiles.list();
 * ```
 */
export async function projectClient(
  settings: Settings,
  options: ClientOptions = {},
): Promise<Reelay> {
  if (settings.apiKey)
    return new Reelay({ baseUrl: settings.server, apiKey: settings.apiKey, ...options });
  const reelay = await sessionClient(settings, options);
  reelay.setProjectId(await projectOf(settings, reelay));
  return reelay;
}

/**
 * The client of routes that take only a session (`whoami`, `keys`, `org`): Bearer mode.
 *
 * @example
 * ```ts
 * const { user } = await (await sessionClient(settings)).me.get();
 * ```
 */
export async function sessionClient(
  settings: Settings,
  options: ClientOptions = {},
): Promise<Reelay> {
  if (!settings.accessToken && !settings.refreshToken) {
    const message = settings.apiKey
      ? t('client.sessionNeeded')
      : t('client.noCredentials', { context: settings.contextName });
    throw new CliError('auth', message, { hint: t('client.loginHint') });
  }
  const expiresAt = settings.accessTokenExpiresAt ? Date.parse(settings.accessTokenExpiresAt) : NaN;
  if (
    !settings.accessToken ||
    (settings.refreshToken && expiresAt - EXPIRY_MARGIN_MS < Date.now())
  ) {
    await renewSession(settings, options);
  }
  return new Reelay({
    baseUrl: settings.server,
    accessToken: settings.accessToken!,
    ...(settings.project ? { projectId: settings.project } : {}),
    ...(settings.refreshToken ? { refreshAccessToken: () => renewSession(settings, options) } : {}),
    ...options,
  });
}

/**
 * Trades the refresh token for a new pair and stores both. A refused refresh token
 * means the session is over: exit 3 with a hint to log in again.
 */
async function renewSession(settings: Settings, options: ClientOptions): Promise<string> {
  const refreshToken = settings.refreshToken;
  if (!refreshToken) {
    throw new CliError('auth', t('client.sessionExpired'), {
      code: 'SESSION_EXPIRED',
      hint: t('client.loginHint'),
    });
  }
  try {
    const session = await anonymousClient(settings.server, options).auth.refresh({ refreshToken });
    registerSecrets([session.accessToken, session.refreshToken]);
    settings.accessToken = session.accessToken;
    settings.refreshToken = session.refreshToken;
    settings.accessTokenExpiresAt = new Date(Date.now() + session.expiresIn * 1000).toISOString();
    settings.store.update(settings.contextName, {
      accessToken: settings.accessToken,
      refreshToken: settings.refreshToken,
      accessTokenExpiresAt: settings.accessTokenExpiresAt,
    });
    return session.accessToken;
  } catch (error) {
    if (isReelayError(error, 'UNAUTHORIZED')) {
      throw new CliError('auth', t('client.sessionEnded'), {
        code: 'SESSION_EXPIRED',
        hint: t('client.loginAgain'),
      });
    }
    throw error;
  }
}

/**
 * The project of a session: the context's, or the only project of the user (remembered
 * for next time). Several projects and none chosen is a configuration problem (exit 3).
 *
 * @example
 * ```ts
 * const project = await projectOf(settings, await sessionClient(settings));
 * ```
 */
export async function projectOf(settings: Settings, reelay: Reelay): Promise<string> {
  if (settings.project) return settings.project;
  const { projects } = await reelay.me.get();
  if (projects.length === 1) {
    settings.project = projects[0]!.id;
    settings.store.update(settings.contextName, { project: settings.project });
    return settings.project;
  }
  throw new CliError('auth', t('client.noProject'), {
    code: 'PROJECT_REQUIRED',
    hint: t('client.noProjectHint', {
      projects: projects.map((p) => p.id).join(', ') || t('client.none'),
    }),
  });
}
