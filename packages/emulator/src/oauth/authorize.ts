import type { EmulatorContext } from '../emulator-context';
import { isHttpUrl } from '../http/is-http-url';
import { htmlReply, redirectReply, type Reply } from '../http/reply';
import { authorizeErrorPage, authorizePage } from './authorize-page';
import { parseScopes, REQUIRED_SCOPE } from './scopes';

/**
 * `GET /oauth/authorize`, the Instagram authorization window (reference §1a). With
 * `account=<id>` (and `decision=allow|deny`, default allow) it answers the redirect at
 * once, so tests need no browser; without `account` it shows a page where a person picks.
 * A broken request gets an error page, never a redirect, as on the platform.
 *
 * @example
 * ```ts
 * // GET /oauth/authorize?client_id=emulator-app-id&redirect_uri=…&response_type=code
 * //     &scope=instagram_business_basic&state=xyz&account=17841…&decision=allow
 * ```
 */
export function authorize(ctx: EmulatorContext, query: Readonly<Record<string, string>>): Reply {
  const fail = (reason: string): Reply => htmlReply(authorizeErrorPage(reason), 400);
  if (query.client_id !== ctx.config.appId) return fail('Invalid platform app');
  const redirectUri = query.redirect_uri ?? '';
  const registered = ctx.config.redirectUris;
  if (!isHttpUrl(redirectUri) || (registered.length > 0 && !registered.includes(redirectUri))) {
    return fail('Invalid redirect_uri');
  }
  if (query.response_type !== 'code') return fail('Invalid response_type');
  const { scopes, unknown } = parseScopes(query.scope ?? '');
  if (unknown.length > 0) return fail(`Invalid Scopes: ${unknown.join(', ')}`);
  if (!scopes.includes(REQUIRED_SCOPE))
    return fail(`Invalid Scopes: ${REQUIRED_SCOPE} is required`);

  const state = query.state;
  if (query.decision === 'deny') {
    return redirectReply(
      appendQuery(redirectUri, [
        ['error', 'access_denied'],
        ['error_reason', 'user_denied'],
        ['error_description', 'The user denied your request'],
        ...(state === undefined ? [] : [['state', state] as [string, string]]),
      ]),
    );
  }
  if (query.decision !== undefined && query.decision !== 'allow') return fail('Invalid decision');
  if (query.account === undefined) {
    return htmlReply(authorizePage(query, [...ctx.store.accounts.values()], ctx.config.appId));
  }
  const account = ctx.store.accounts.get(query.account);
  if (!account) return fail('Unknown account');

  const granted =
    account.scopes === null ? scopes : scopes.filter((s) => account.scopes?.includes(s));
  const code = ctx.ids.code();
  ctx.store.codes.set(code, {
    code,
    accountId: account.id,
    redirectUri,
    scopes: granted,
    createdAt: ctx.now(),
    used: false,
  });
  // The platform ends the success redirect with `#_`; clients must strip it (reference §1a).
  const location = appendQuery(redirectUri, [
    ['code', code],
    ...(state === undefined ? [] : [['state', state] as [string, string]]),
  ]);
  return redirectReply(`${location}#_`);
}

/** Adds query pairs to a URI without otherwise rewriting it (no added trailing slash). */
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
