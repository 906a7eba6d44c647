import { escapeHtml } from '../http/reply';
import type { Account } from '../state/types';

/**
 * The authorization window for a person: pick an account, allow or deny. The form sends
 * the same query back with `account` and `decision`, and the emulator answers the redirect.
 */
export function authorizePage(
  query: Readonly<Record<string, string>>,
  accounts: readonly Account[],
  appId: string,
): string {
  const hidden = Object.entries(query)
    .filter(([key]) => key !== 'account' && key !== 'decision')
    .map(
      ([key, value]) =>
        `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`,
    )
    .join('\n      ');
  const choices = accounts
    .map(
      (account, index) => `<label class="account">
        <input type="radio" name="account" value="${escapeHtml(account.id)}"${index === 0 ? ' checked' : ''}>
        <strong>@${escapeHtml(account.username)}</strong> <span>${escapeHtml(account.name)} · ${escapeHtml(account.accountType)}</span>
      </label>`,
    )
    .join('\n      ');
  const scopes = (query.scope ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  const body =
    accounts.length === 0
      ? '<p>No Instagram account exists yet. Create one with <code>POST /_emulator/accounts</code> and reload this page.</p>'
      : `<p>Log in as:</p>\n      ${choices}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Instagram (emulator): authorize app</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #262626; }
    .account { display: block; padding: .6rem; border: 1px solid #dbdbdb; border-radius: 8px; margin: .4rem 0; cursor: pointer; }
    .account span { color: #737373; }
    button { font-size: 1rem; padding: .5rem 1.2rem; border-radius: 8px; border: 0; margin-right: .5rem; cursor: pointer; }
    button[value=allow] { background: #0095f6; color: white; }
  </style>
</head>
<body>
  <h1>Instagram</h1>
  <p>App <code>${escapeHtml(appId)}</code> would like to access your Instagram professional account:</p>
  <ul>${scopes}</ul>
  <form method="get" action="/oauth/authorize">
      ${hidden}
      ${body}
    <p>
      <button type="submit" name="decision" value="allow"${accounts.length === 0 ? ' disabled' : ''}>Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </p>
  </form>
</body>
</html>
`;
}

/** The page the platform shows when the authorization request itself is broken. */
export function authorizeErrorPage(reason: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Instagram (emulator): invalid request</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto">
  <h1>Invalid Request</h1>
  <p>Request parameters are invalid: ${escapeHtml(reason)}</p>
</body>
</html>
`;
}
