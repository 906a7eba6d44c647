import { escapeHtml } from '../http/reply';
import type { FacebookPage, FacebookUser } from './facebook-types';

/**
 * The Facebook Login dialog for a person: log in as one Facebook user, choose the Pages
 * (and so the Instagram accounts linked to them) the app may use, allow or deny. The form
 * sends the same query back with `user`, `pages` and `decision`.
 */
export function facebookDialogPage(
  action: string,
  query: Readonly<Record<string, string>>,
  users: ReadonlyArray<{ user: FacebookUser; pages: readonly FacebookPage[] }>,
  usernameOf: (accountId: string) => string | undefined,
  permissions: readonly string[],
): string {
  const hidden = Object.entries(query)
    .filter(([key]) => !['user', 'pages', 'decision'].includes(key))
    .map(
      ([key, value]) =>
        `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`,
    )
    .join('\n      ');
  const people = users
    .map(({ user, pages }, index) => {
      const pageList = pages
        .map((page) => {
          const linked = page.instagramAccountId ? usernameOf(page.instagramAccountId) : undefined;
          const detail = page.instagramAccountId
            ? `Instagram @${escapeHtml(linked ?? page.instagramAccountId)}`
            : 'no Instagram account linked';
          return `<label class="page"><input type="checkbox" name="pages" value="${escapeHtml(page.id)}" checked> ${escapeHtml(page.name)} <span>${detail}</span></label>`;
        })
        .join('\n        ');
      return `<fieldset>
        <legend><label><input type="radio" name="user" value="${escapeHtml(user.id)}"${index === 0 ? ' checked' : ''}> <strong>${escapeHtml(user.name)}</strong></label></legend>
        ${pageList || '<p>No Pages.</p>'}
      </fieldset>`;
    })
    .join('\n      ');
  const body =
    users.length === 0
      ? '<p>No Facebook user exists yet. Create one with <code>POST /_emulator/facebook/users</code> and reload this page.</p>'
      : `<p>Continue as, with the Pages the app may use:</p>\n      ${people}`;
  const asked = permissions.map((permission) => `<li>${escapeHtml(permission)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Facebook (emulator): log in with Facebook</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem; color: #1c1e21; }
    fieldset { border: 1px solid #dddfe2; border-radius: 8px; margin: .6rem 0; }
    .page { display: block; padding: .3rem 0; }
    .page span { color: #606770; }
    button { font-size: 1rem; padding: .5rem 1.2rem; border-radius: 6px; border: 0; margin-right: .5rem; cursor: pointer; }
    button[value=allow] { background: #1877f2; color: white; }
  </style>
</head>
<body>
  <h1>Facebook</h1>
  <p>App <code>${escapeHtml(query.client_id ?? '')}</code> would like to use:</p>
  <ul>${asked}</ul>
  <form method="get" action="${escapeHtml(action)}">
      ${hidden}
      ${body}
    <p>
      <button type="submit" name="decision" value="allow"${users.length === 0 ? ' disabled' : ''}>Continue</button>
      <button type="submit" name="decision" value="deny">Cancel</button>
    </p>
  </form>
</body>
</html>
`;
}

/** The page Facebook shows when the dialog request itself is broken. */
export function facebookDialogErrorPage(reason: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Facebook (emulator): error</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto">
  <h1>Sorry, something went wrong.</h1>
  <p>${escapeHtml(reason)}</p>
</body>
</html>
`;
}
