/**
 * Accounts connected the way an API client does it, without the accounts page: the
 * server gives the authorization address, the emulator's Instagram or Facebook dialog
 * answers for an account (or a person and their Page), and the server's callback
 * connects it.
 */
import type { Reelay } from '@reelay/sdk';
import type { AppServer } from '@reelay/test-support/app-server';

export interface ConnectedAccount {
  /** The account in Reelay, `int_…`. */
  integrationId: string;
  /** Its id on Instagram: what the emulator's request log names. */
  instagramId: string;
}

/** Follows the dialog's redirect to the server's callback; throws unless it connected. */
async function finish(dialog: URL, login: 'instagram' | 'facebook'): Promise<string> {
  const consent = await fetch(dialog, { redirect: 'manual' });
  const callback = consent.headers.get('location');
  if (!callback)
    throw new Error(`the ${login} dialog answered ${consent.status} without a redirect`);
  const answer = await fetch(callback, { headers: { accept: 'application/json' } });
  const body = (await answer.json()) as { integration?: { id: string; loginMode: string } };
  if (!answer.ok || body.integration?.loginMode !== login) {
    throw new Error(`connecting with ${login} failed: ${answer.status} ${JSON.stringify(body)}`);
  }
  return body.integration.id;
}

/**
 * Creates an emulated business account and connects it through Instagram Login.
 *
 * @example
 * ```ts
 * const { integrationId, instagramId } = await connectWithInstagram(app, api, 'cafe.aurora');
 * ```
 */
export async function connectWithInstagram(
  app: AppServer,
  api: Reelay,
  username: string,
): Promise<ConnectedAccount> {
  const account = app.emulator.createAccount({ username, accountType: 'BUSINESS' });
  const { url } = await api.accounts.connect({ login: 'instagram' });
  const dialog = new URL(url);
  dialog.searchParams.set('account', account.id);
  dialog.searchParams.set('decision', 'allow');
  return { integrationId: await finish(dialog, 'instagram'), instagramId: account.id };
}

/**
 * Creates an emulated business account linked to a new Facebook person's Page, and
 * connects it through Facebook Login (the server needs `startAppServer({ facebook: true })`).
 *
 * @example
 * ```ts
 * const { integrationId, instagramId } = await connectWithFacebook(app, api, 'loja.sol');
 * ```
 */
export async function connectWithFacebook(
  app: AppServer,
  api: Reelay,
  username: string,
): Promise<ConnectedAccount> {
  const account = app.emulator.createAccount({ username, accountType: 'BUSINESS' });
  const person = app.emulator.createFacebookUser({
    name: `Dona de ${username}`,
    pages: [{ name: `Página ${username}`, instagramAccountId: account.id }],
  });
  const { url } = await api.accounts.connect({ login: 'facebook' });
  const dialog = new URL(url);
  dialog.searchParams.set('user', person.id);
  dialog.searchParams.set('decision', 'allow');
  return { integrationId: await finish(dialog, 'facebook'), instagramId: account.id };
}
