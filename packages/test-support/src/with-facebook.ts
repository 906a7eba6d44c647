/**
 * A Reelay server wired to a real emulator with the Facebook Login app configured (and
 * the Instagram Login app too, unless told otherwise), and the Facebook connection flow
 * over HTTP.
 */
import {
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  DEFAULT_FACEBOOK_APP_ID,
  DEFAULT_FACEBOOK_APP_SECRET,
  FACEBOOK_PREFIX,
  startEmulator,
  UPLOAD_PREFIX,
  type Emulator,
  type FacebookUserView,
} from '@reelay/emulator';
import { createManualClock } from '@reelay/server';
import type { TestDialect } from './dialects';
import { call, type Account, type Headers_ } from './http-client';
import { startTestServer, type StartOptions } from './test-server';
import type { Platform } from './with-emulator';

export interface FacebookStartOptions extends StartOptions {
  /** Also configure the Instagram Login app; default true. */
  instagram?: boolean;
}

/**
 * Starts the emulator and a server whose Facebook (and Instagram) URLs point at it.
 *
 * @example
 * ```ts
 * const platform = await startWithFacebook(dialect, { instagram: false });
 * ```
 */
export async function startWithFacebook(
  dialect: TestDialect,
  options: FacebookStartOptions = {},
): Promise<Platform> {
  const clock = options.clock ?? createManualClock(Date.now());
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', clock, fetchMedia: false });
  const facebookUrl = `${emulator.url}/${FACEBOOK_PREFIX}`;
  const server = await startTestServer(dialect, {
    ...options,
    clock,
    env: {
      ...(options.instagram === false
        ? {}
        : {
            INSTAGRAM_APP_ID: DEFAULT_APP_ID,
            INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
            INSTAGRAM_AUTHORIZE_URL: emulator.url,
            INSTAGRAM_API_URL: emulator.url,
            INSTAGRAM_GRAPH_URL: emulator.url,
          }),
      FACEBOOK_APP_ID: DEFAULT_FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET: DEFAULT_FACEBOOK_APP_SECRET,
      FACEBOOK_DIALOG_URL: facebookUrl,
      FACEBOOK_GRAPH_URL: facebookUrl,
      FACEBOOK_UPLOAD_URL: `${emulator.url}/${UPLOAD_PREFIX}`,
      REELAY_ALLOW_SIGNUP: 'true',
      ...options.env,
    },
  });
  return {
    server,
    emulator,
    async close() {
      await server.close();
      await emulator.close();
    },
  };
}

let people = 0;

/**
 * A Facebook user whose Pages are linked to new Instagram accounts, one per username, plus
 * `unlinked` Pages without one.
 */
export function facebookPerson(
  emulator: Emulator,
  usernames: readonly string[],
  options: { unlinked?: number; tasks?: Array<'MANAGE' | 'CREATE_CONTENT' | 'ANALYZE'> } = {},
): { person: FacebookUserView; accountIds: string[] } {
  const accountIds = usernames.map(
    (username) => emulator.createAccount({ username, accountType: 'BUSINESS' }).id,
  );
  people += 1;
  const person = emulator.createFacebookUser({
    name: `Pessoa ${people}`,
    pages: [
      ...accountIds.map((id, index) => ({
        name: `Página ${usernames[index]}`,
        instagramAccountId: id,
        ...(options.tasks ? { tasks: options.tasks } : {}),
      })),
      ...Array.from({ length: options.unlinked ?? 0 }, (_, index) => ({
        name: `Página sem conta ${index + 1}`,
      })),
    ],
  });
  return { person, accountIds };
}

export interface FacebookConnectOptions {
  personId: string;
  /** The Pages chosen in the dialog; default all of the person's. */
  pages?: readonly string[];
  profileId?: string;
  redirectUrl?: string;
  decision?: 'allow' | 'deny';
  /** Headers of the callback request (the browser's `Accept`, say). */
  callbackHeaders?: Headers_;
}

/**
 * Runs the Facebook Login connection flow over HTTP: start with `login=facebook`, choose
 * in the emulator's dialog, follow the redirect to the server's callback.
 */
export async function connectThroughFacebook(
  platform: Platform,
  account: Account,
  options: FacebookConnectOptions,
) {
  const query = new URLSearchParams({ login: 'facebook' });
  if (options.profileId) query.set('profileId', options.profileId);
  if (options.redirectUrl) query.set('redirectUrl', options.redirectUrl);
  const start = await call(
    platform.server.url,
    'GET',
    `/v1/connect/instagram?${query}`,
    undefined,
    account.key,
  );
  if (start.status !== 200) throw new Error(`connect failed: ${JSON.stringify(start.body)}`);
  const dialog = new URL(start.body.url);
  dialog.searchParams.set('user', options.personId);
  if (options.pages) dialog.searchParams.set('pages', options.pages.join(','));
  dialog.searchParams.set('decision', options.decision ?? 'allow');
  const redirect = await fetch(dialog, { redirect: 'manual' });
  const callback = new URL(redirect.headers.get('location')!);
  const answer = await call(
    platform.server.url,
    'GET',
    `${callback.pathname}${callback.search}`,
    undefined,
    options.callbackHeaders,
  );
  return { ...answer, dialogUrl: start.body.url as string, callbackUrl: callback };
}
