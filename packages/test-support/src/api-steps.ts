/**
 * Steps done through the API, beside what a test does in the browser: a person signed up
 * and a signed-in link for the browser, a client of the person's project (an API key made
 * with their session), emulated Instagram accounts connected without a browser, and a
 * photo uploaded for posts to use.
 */
import { Reelay } from '@reelay/sdk';
import sharp from 'sharp';
import type { AppServer } from './app-server';

/**
 * Creates a person through the API, without a browser; returns their e-mail.
 *
 * @example
 * ```ts
 * const email = await signUpThroughApi(app);
 * ```
 */
export async function signUpThroughApi(
  app: AppServer,
  email = `pessoa.${Date.now().toString(36)}@example.com`,
  password = 'senha-bem-longa',
): Promise<string> {
  await new Reelay({ baseUrl: app.url }).auth.signup({ email, password });
  return email;
}

/**
 * An address of the app that opens `path` already signed in as the person (the one-time
 * `#session=` link `pnpm dev` prints), for a browser that should skip the sign-in form.
 *
 * @example
 * ```ts
 * await page.goto(await signedInLink(app, email, '/app/calendar'));
 * ```
 */
export async function signedInLink(
  app: AppServer,
  email: string,
  path: string,
  password = 'senha-bem-longa',
): Promise<string> {
  const { refreshToken } = await new Reelay({ baseUrl: app.url }).auth.login({ email, password });
  return `${app.url}${path}#session=${encodeURIComponent(refreshToken)}`;
}

/**
 * A client acting on the first project of the person who signed up with `email`.
 *
 * @example
 * ```ts
 * const api = await apiClientFor(app, email);
 * await api.posts.list();
 * ```
 */
export async function apiClientFor(
  app: AppServer,
  email: string,
  password = 'senha-bem-longa',
): Promise<Reelay> {
  const session = new Reelay({ baseUrl: app.url });
  const { accessToken } = await session.auth.login({ email, password });
  session.setAccessToken(accessToken);
  const { projects } = await session.me.get();
  const { apiKey } = await session.apiKeys.create(projects[0]!.id, { name: 'testes' });
  return new Reelay({ baseUrl: app.url, apiKey: apiKey.key });
}

/**
 * Creates an emulated Instagram account and connects it through the API: the emulator
 * allows at once (no consent page), and its redirect reaches the server's callback.
 *
 * @example
 * ```ts
 * const { integrationId, platformAccountId } = await connectAccount(app, api, 'padaria.sol');
 * ```
 */
export async function connectAccount(
  app: AppServer,
  api: Reelay,
  username: string,
  profileId?: string,
): Promise<{ integrationId: string; platformAccountId: string }> {
  const platformAccountId = app.emulator.createAccount({ username, accountType: 'BUSINESS' }).id;
  const { url } = await api.accounts.connect(profileId ? { profileId } : {});
  const authorize = new URL(url);
  authorize.searchParams.set('account', platformAccountId);
  authorize.searchParams.set('decision', 'allow');
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const callback = redirect.headers.get('location');
  if (!callback) throw new Error(`the emulator did not redirect: ${redirect.status}`);
  const answer = await fetch(callback, { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`the callback refused: ${answer.status} ${await answer.text()}`);
  const integrations = await api.accounts.list({ limit: 100 }).toArray({ max: 1000 });
  const integration = integrations.find((item) => item.displayName === username);
  if (!integration) throw new Error(`@${username} is not among the connected accounts`);
  return { integrationId: integration.id, platformAccountId };
}

/**
 * Uploads a 1080×1350 JPEG (a feed photo within every limit) and returns its `med_` id.
 *
 * @example
 * ```ts
 * const mediaId = await uploadPhoto(api);
 * ```
 */
export async function uploadPhoto(api: Reelay): Promise<string> {
  const jpeg = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const { media } = await api.media.upload(jpeg, { filename: 'foto.jpg' });
  return media.id;
}
