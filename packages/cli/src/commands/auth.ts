/**
 * `reelay login`, `signup`, `logout` and `whoami`: the session of the built-in login,
 * stored in the current context (access token, its expiry, the refresh token) and never
 * printed.
 */
import { isReelayError, Reelay, type AuthSession } from '@reelay/sdk';
import { CliError, usageError } from '../cli-error';
import { anonymousClient, projectClient, sessionClient } from '../client';
import type { CommandContext } from '../command-context';
import { NO_CREDENTIALS } from '../config-store';
import { prompt, readStdin } from '../input';
import { registerSecrets } from '../secrets';
import { loadSettings, type Settings } from '../settings';
import { renderFields } from '../table';
import { t } from '../i18n';
import { invitationToken as readInvitationToken } from './team';

/** `--email` and `--password-stdin`, which `login` and `signup` share. */
interface CredentialOptions {
  email?: string;
  passwordStdin?: boolean;
}

export interface LoginOptions extends CredentialOptions {
  project?: string;
}

/**
 * No `--project`: a new user has a single project, which the session then uses; with
 * `--invitation` (a token or the whole link), the project of the invitation instead.
 */
export interface SignupOptions extends CredentialOptions {
  name?: string;
  invitation?: string;
}

async function readCredentials(
  options: CredentialOptions,
): Promise<{ email: string; password: string }> {
  const email = (
    options.email ?? (await prompt(`${t('auth.emailPrompt')}: `, { flag: '--email' }))
  ).trim();
  if (!email) throw usageError(t('auth.emailMissing'));
  const password = options.passwordStdin
    ? (await readStdin()).replace(/\r?\n$/, '')
    : await prompt(`${t('auth.passwordPrompt')}: `, { hidden: true, flag: '--password-stdin' });
  if (!password) throw usageError(t('auth.passwordEmpty'));
  return { email, password };
}

/**
 * Keeps a new session in the context: chooses the project (`--project`, a project shared
 * with the user when `shared` says so, the context's if still the user's, else the
 * first), replaces any API key of the context (the last
 * credential given wins), and prints who is logged in.
 */
async function keepSession(
  settings: Settings,
  session: AuthSession,
  chosenProject: string | undefined,
  ctx: CommandContext,
  shared = false,
): Promise<void> {
  registerSecrets([session.accessToken, session.refreshToken]);
  const dashboard = new Reelay({ baseUrl: settings.server, accessToken: session.accessToken });
  const me = await dashboard.me.get();
  const joined = shared
    ? me.projects.find((candidate) => candidate.organizationId !== me.organization.id)
    : undefined;
  const wanted = chosenProject ?? joined?.id ?? settings.stored.project;
  const project =
    me.projects.find((candidate) => candidate.id === wanted) ??
    (chosenProject ? undefined : me.projects[0]);
  if (!project) {
    throw usageError(
      t('auth.notYourProject', { project: chosenProject ?? '' }),
      t('auth.projects', { projects: me.projects.map((p) => p.id).join(', ') }),
    );
  }
  const hadKey = Boolean(settings.stored.apiKey);
  settings.store.put(settings.contextName, {
    server: settings.server,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    accessTokenExpiresAt: new Date(Date.now() + session.expiresIn * 1000).toISOString(),
    email: me.user.email,
    project: project.id,
  });
  if (hadKey) ctx.out.note(t('auth.keyReplaced'));
  ctx.out.result(
    {
      success: true,
      context: settings.contextName,
      server: settings.server,
      user: me.user,
      organization: me.organization,
      project,
    },
    () =>
      t('auth.signedIn', {
        email: me.user.email,
        project: project.name,
        id: project.id,
        context: settings.contextName,
        server: settings.server,
      }),
  );
}

/**
 * `reelay login`: e-mail and password against the server's built-in login.
 *
 * @example
 * ```ts
 * await login({ email: 'ana@example.com', passwordStdin: true }, ctx); // echo "$SENHA" | reelay login --email ana@example.com --password-stdin
 * ```
 */
export async function login(options: LoginOptions, ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global, { allowNewContext: true });
  const { email, password } = await readCredentials(options);
  let session: AuthSession;
  try {
    session = await anonymousClient(settings.server).auth.login({ email, password });
  } catch (error) {
    if (isReelayError(error, 'UNAUTHORIZED')) {
      throw new CliError('auth', t('auth.wrongPassword'), { code: 'LOGIN_FAILED' });
    }
    throw error;
  }
  await keepSession(settings, session, options.project, ctx);
}

/**
 * `reelay signup`: creates a user on servers that allow sign-up, and logs in. With
 * `--invitation`, the invited e-mail signs up even where sign-up is closed, joins the
 * invitation's project in the same step, and the session uses that project.
 *
 * @example
 * ```ts
 * await signup({ email: 'ana@example.com', name: 'Ana', passwordStdin: true }, ctx);
 * await signup({ email: 'bia@example.com', invitation: 'https://reelay.example.com/app/invite/rly_inv_…', passwordStdin: true }, ctx);
 * ```
 */
export async function signup(options: SignupOptions, ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global, { allowNewContext: true });
  const invitationToken =
    options.invitation !== undefined ? readInvitationToken(options.invitation) : undefined;
  if (invitationToken !== undefined) registerSecrets([invitationToken]);
  const { email, password } = await readCredentials(options);
  const session = await anonymousClient(settings.server).auth.signup({
    email,
    password,
    ...(options.name ? { name: options.name } : {}),
    ...(invitationToken ? { invitationToken } : {}),
  });
  await keepSession(settings, session, undefined, ctx, invitationToken !== undefined);
}

/**
 * `reelay logout`: ends the stored session on the server (its refresh token and every
 * token renewed from the same login stop working), then forgets the session and the API
 * key of the context (its server and project stay). A server that cannot be reached does
 * not keep the credentials here: they are forgotten anyway, with a note.
 *
 * @example
 * ```ts
 * await logout(ctx);
 * ```
 */
export async function logout(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const refreshToken = settings.stored.refreshToken;
  if (refreshToken) {
    try {
      await anonymousClient(settings.server).auth.logout(
        { refreshToken },
        { maxRetries: 1, timeoutMs: 10_000 },
      );
    } catch (error) {
      const reason = isReelayError(error) ? `${error.code}: ${error.message}` : String(error);
      ctx.out.note(t('auth.logoutUnconfirmed', { reason }));
    }
  }
  settings.store.update(settings.contextName, NO_CREDENTIALS);
  if (process.env.REELAY_API_KEY || process.env.REELAY_ACCESS_TOKEN) {
    ctx.out.note(t('auth.environmentStillSet'));
  }
  ctx.out.result({ success: true, context: settings.contextName }, () =>
    refreshToken
      ? t('auth.loggedOut', { context: settings.contextName })
      : t('auth.credentialsRemoved', { context: settings.contextName }),
  );
}

/**
 * `reelay whoami`: the user, organization and projects of the session, or the project of
 * the API key.
 *
 * @example
 * ```ts
 * await whoami(ctx);
 * ```
 */
export async function whoami(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  const authMode = settings.apiKey ? 'apiKey' : 'session';
  if (settings.accessToken || settings.refreshToken) {
    const me = await (await sessionClient(settings)).me.get();
    const current = settings.project ?? null;
    ctx.out.result(
      {
        ...me,
        context: settings.contextName,
        server: settings.server,
        authMode,
        projectId: current,
      },
      () =>
        renderFields([
          [t('auth.fieldUser'), `${me.user.email}${me.user.name ? ` (${me.user.name})` : ''}`],
          [t('auth.fieldOrganization'), `${me.organization.name} (${me.organization.id})`],
          [
            t('auth.fieldProjects'),
            me.projects.map((p) => `${p.id}${p.id === current ? ' *' : ''} ${p.name}`).join(', '),
          ],
          [
            t('auth.fieldCredential'),
            authMode === 'apiKey' ? t('auth.credentialKeyAndSession') : t('auth.credentialSession'),
          ],
          [t('config.fieldContext'), settings.contextName],
          [t('config.fieldServer'), settings.server],
        ]),
    );
    return;
  }
  const check = await (await projectClient(settings)).health.check();
  ctx.out.result(
    { ...check, context: settings.contextName, server: settings.server, authMode },
    () =>
      renderFields([
        [t('config.fieldProject'), check.project.id],
        [t('auth.fieldEnvironment'), check.project.environment],
        [t('auth.fieldCredential'), t('config.credentialApiKey')],
        [t('config.fieldContext'), settings.contextName],
        [t('config.fieldServer'), settings.server],
      ]),
  );
}
