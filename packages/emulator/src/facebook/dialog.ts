import type { EmulatorContext } from '../emulator-context';
import { isHttpUrl } from '../http/is-http-url';
import type { Params } from '../http/params';
import { htmlReply, redirectReply, type Reply } from '../http/reply';
import { facebookDialogErrorPage, facebookDialogPage } from './dialog-page';
import {
  CONFIGURATION_PERMISSIONS,
  FACEBOOK_PERMISSIONS,
  type FacebookPermission,
} from './facebook-types';

/** Where the dialog's form sends the person's choice (unversioned paths are served too). */
export const FACEBOOK_DIALOG_PATH = '/facebook/dialog/oauth';

function textParams(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params.raw)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** The permissions asked: a configuration's (`config_id`) or the `scope` list. */
function askedPermissions(
  query: Readonly<Record<string, string>>,
): { permissions: FacebookPermission[] } | { error: string } {
  if (query.config_id !== undefined) {
    if (!/^\d{1,30}$/.test(query.config_id)) return { error: 'Invalid config_id' };
    return { permissions: [...CONFIGURATION_PERMISSIONS] };
  }
  const permissions: FacebookPermission[] = [];
  const unknown: string[] = [];
  for (const name of (query.scope ?? '').split(/[\s,]+/)) {
    if (name === '') continue;
    if ((FACEBOOK_PERMISSIONS as readonly string[]).includes(name)) {
      if (!permissions.includes(name as FacebookPermission))
        permissions.push(name as FacebookPermission);
    } else unknown.push(name);
  }
  if (unknown.length > 0) return { error: `Invalid Scopes: ${unknown.join(', ')}` };
  return { permissions };
}

/**
 * `GET /facebook/{version}/dialog/oauth`, the Facebook Login dialog (reference §1b
 * "Dialog"). With `user=<id>` (and `pages=<id,…>`, default all of that person's Pages,
 * and `decision=allow|deny`, default allow) it answers the redirect at once, so tests need
 * no browser; without `user` it shows a page where a person chooses. Facebook Login for
 * Business grants every permission of the configuration or none (reference §1b), so an
 * allowed dialog grants all that was asked. A broken request gets an error page, never a
 * redirect.
 *
 * @example
 * ```ts
 * // GET /facebook/v25.0/dialog/oauth?client_id=emulator-facebook-app-id&redirect_uri=…
 * //     &state=xyz&response_type=code&config_id=1&user=10158…&decision=allow
 * ```
 */
export function facebookDialog(ctx: EmulatorContext, params: Params): Reply {
  const query = textParams(params);
  const fail = (reason: string): Reply => htmlReply(facebookDialogErrorPage(reason), 400);
  if (query.client_id !== ctx.config.facebookAppId) {
    return fail('Invalid App ID: the provided app ID does not look like a valid app ID.');
  }
  const redirectUri = query.redirect_uri ?? '';
  const registered = ctx.config.redirectUris;
  if (!isHttpUrl(redirectUri) || (registered.length > 0 && !registered.includes(redirectUri))) {
    return fail(
      "URL blocked: this redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
    );
  }
  if (query.response_type !== undefined && query.response_type !== 'code') {
    return fail('Invalid response_type');
  }
  const asked = askedPermissions(query);
  if ('error' in asked) return fail(asked.error);

  const state = query.state;
  if (query.decision === 'deny') {
    // Reference §1b "User denial" (error_code=200 as a real capture shows).
    return redirectReply(
      appendQuery(redirectUri, [
        ['error_code', '200'],
        ['error', 'access_denied'],
        ['error_reason', 'user_denied'],
        ['error_description', 'Permissions error'],
        ...(state === undefined ? [] : [['state', state] as [string, string]]),
      ]),
    );
  }
  if (query.decision !== undefined && query.decision !== 'allow') return fail('Invalid decision');
  if (params.string('user') === undefined) {
    const users = [...ctx.store.facebookUsers.values()].map((user) => ({
      user,
      pages: [...ctx.store.pages.values()].filter((page) => page.userId === user.id),
    }));
    return htmlReply(
      facebookDialogPage(
        FACEBOOK_DIALOG_PATH,
        query,
        users,
        (accountId) => ctx.store.accounts.get(accountId)?.username,
        asked.permissions,
      ),
    );
  }
  const user = ctx.store.facebookUsers.get(params.string('user') ?? '');
  if (!user) return fail('Unknown Facebook user');
  const own = [...ctx.store.pages.values()].filter((page) => page.userId === user.id);
  const chosen = params.list('pages');
  // Pages of someone else are not offered to this person: they are ignored.
  const pageIds =
    chosen === undefined
      ? own.map((page) => page.id)
      : own.filter((page) => chosen.includes(page.id)).map((page) => page.id);

  const code = `AQ${ctx.ids.facebookToken().slice(3, 120)}`;
  ctx.store.facebookCodes.set(code, {
    code,
    userId: user.id,
    redirectUri,
    permissions: asked.permissions,
    pageIds,
    createdAt: ctx.now(),
    used: false,
  });
  return redirectReply(
    appendQuery(redirectUri, [
      ['code', code],
      ...(state === undefined ? [] : [['state', state] as [string, string]]),
    ]),
  );
}

/** Adds query pairs to a URI without otherwise rewriting it. */
function appendQuery(uri: string, pairs: [string, string][]): string {
  const hash = uri.indexOf('#');
  const base = hash === -1 ? uri : uri.slice(0, hash);
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${new URLSearchParams(pairs).toString()}`;
}
