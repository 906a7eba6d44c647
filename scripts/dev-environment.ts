/**
 * The development environment behind `pnpm dev` (see `dev.ts`, which checks the Node
 * version first): the Instagram emulator and the Reelay server wired to it, both login
 * modes configured (the Instagram Login app and the Facebook Login app), with a demo
 * ready to use: a user, a project, an API key, a connected (emulated) Instagram account,
 * a second one connected through a Facebook Page, and an uploaded image. Builds the web app when its build is missing or out of date, and
 * prints a link that opens it signed in as the demo user, then the next commands to try.
 *
 * Ports: PORT (default 8080) and EMULATOR_PORT (default 8090). Data: REELAY_DATA_DIR
 * (default ./data/dev), kept between runs; the demo key is reused while it works.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userLanguage } from '@reelay/core/runtime';
import { FACEBOOK_PREFIX, startEmulator } from '@reelay/emulator';
import { createReelay, loadConfig } from '@reelay/server';
import sharp from 'sharp';
import { buildWebAppIfStale, webAppBuildStatus } from '../packages/web/scripts/build-if-stale';
import { buildingWebApp, devBanner } from './dev-banner';

const DEMO_EMAIL = 'demo@reelay.dev';
const DEMO_PASSWORD = 'reelay-demo-password';
const port = Number(process.env.PORT ?? 8080);
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 8090);
const dataDir = resolve(process.env.REELAY_DATA_DIR ?? './data/dev');
mkdirSync(dataDir, { recursive: true });

// Start-up texts follow the locale, as the server's do (docs/language.md).
const language = userLanguage();
if (webAppBuildStatus() !== 'current') console.log(buildingWebApp(language));
await buildWebAppIfStale();

// Seeded, so the demo account keeps its id across restarts and the stored connection still fits.
const emulator = await startEmulator({ port: emulatorPort, host: '127.0.0.1', seed: 'reelay-dev' });
const publicUrl = process.env.REELAY_PUBLIC_URL ?? `http://localhost:${port}`;
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  REELAY_DATA_DIR: dataDir,
  REELAY_PUBLIC_URL: publicUrl,
  REELAY_ALLOW_PRIVATE_URLS: 'true',
  INSTAGRAM_APP_ID: process.env.INSTAGRAM_APP_ID ?? 'emulator-app-id',
  INSTAGRAM_APP_SECRET: process.env.INSTAGRAM_APP_SECRET ?? 'emulator-app-secret',
  INSTAGRAM_AUTHORIZE_URL: emulator.url,
  INSTAGRAM_API_URL: emulator.url,
  INSTAGRAM_GRAPH_URL: emulator.url,
  // The Facebook Login app: the emulator serves its dialog and Graph host under /facebook.
  FACEBOOK_APP_ID: process.env.FACEBOOK_APP_ID ?? emulator.config.facebookAppId,
  FACEBOOK_APP_SECRET: process.env.FACEBOOK_APP_SECRET ?? emulator.config.facebookAppSecret,
  FACEBOOK_DIALOG_URL: `${emulator.url}/${FACEBOOK_PREFIX}`,
  FACEBOOK_GRAPH_URL: `${emulator.url}/${FACEBOOK_PREFIX}`,
});
const reelay = await createReelay(config);
await reelay.listen(port, config.host);

async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${publicUrl}${path}`, {
    method,
    headers:
      body === undefined || body instanceof FormData
        ? headers
        : { 'content-type': 'application/json', ...headers },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

interface Demo {
  apiKey: string;
}

/** The demo user's session: signs up the first time, logs in afterwards. */
async function session(): Promise<{ authorization: string }> {
  let answer = await api('POST', '/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  if (answer.status === 401) {
    answer = await api('POST', '/v1/auth/signup', {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      name: 'Demo',
    });
  }
  if (!answer.body?.accessToken)
    throw new Error(`demo login failed: ${JSON.stringify(answer.body)}`);
  return { authorization: `Bearer ${answer.body.accessToken}` };
}

async function seed() {
  const bearer = await session();
  const me = await api('GET', '/v1/me', undefined, bearer);
  const projectId = me.body.projects[0].id as string;
  const demoFile = join(dataDir, 'demo.json');
  let demo: Demo | null = existsSync(demoFile)
    ? (JSON.parse(readFileSync(demoFile, 'utf8')) as Demo)
    : null;
  if (
    !demo ||
    (await api('GET', '/v1/health/auth', undefined, { 'x-access-key': demo.apiKey })).status !== 200
  ) {
    const created = await api(
      'POST',
      `/v1/projects/${projectId}/api-keys`,
      { name: 'demo' },
      bearer,
    );
    demo = { apiKey: created.body.apiKey.key };
    writeFileSync(demoFile, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  }
  const key = { 'x-access-key': demo.apiKey };

  // The emulator starts empty every time: create the demo account, then (re)connect it.
  const platformAccount = emulator.createAccount({
    username: 'reelay.demo',
    name: 'Reelay Demo',
    accountType: 'BUSINESS',
  });
  const start = await api('GET', '/v1/connect/instagram', undefined, key);
  const authorize = new URL(start.body.url);
  authorize.searchParams.set('account', platformAccount.id);
  authorize.searchParams.set('decision', 'allow');
  const callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
  const connected = await api('GET', new URL(callback).pathname + new URL(callback).search);
  const accountId = connected.body.integration.id as string;

  // A second account, reached through Facebook Login: a person whose Page is linked to it.
  const pageAccount = emulator.createAccount({
    username: 'reelay.demo.pagina',
    name: 'Reelay Demo (Página)',
    accountType: 'BUSINESS',
  });
  const person = emulator.createFacebookUser({
    name: 'Pessoa Demo',
    pages: [
      { name: 'Reelay Demo', instagramAccountId: pageAccount.id },
      { name: 'Página sem Instagram' },
    ],
  });
  const facebookStart = await api('GET', '/v1/connect/instagram?login=facebook', undefined, key);
  const dialog = new URL(facebookStart.body.url);
  dialog.searchParams.set('user', person.id);
  dialog.searchParams.set('decision', 'allow');
  const facebookCallback = new URL(
    (await fetch(dialog, { redirect: 'manual' })).headers.get('location')!,
  );
  const viaFacebook = await api('GET', facebookCallback.pathname + facebookCallback.search);
  const facebookAccountId = viaFacebook.body.integration.id as string;

  const image = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: { r: 240, g: 90, b: 60 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'demo.jpg');
  const uploaded = await api('POST', '/v1/media', form, key);
  return {
    apiKey: demo.apiKey,
    accountId,
    facebookAccountId,
    mediaId: uploaded.body.media.id as string,
    projectId,
  };
}

const demo = await seed();

/**
 * A link that opens the web app signed in as the demo user: a refresh token of its own
 * (used once by the app, then gone) in the fragment, which browsers never send to a server.
 */
async function appLink(): Promise<string> {
  const login = await api('POST', '/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return `${publicUrl}/app/#session=${encodeURIComponent(login.body.refreshToken as string)}`;
}
const webApp = await appLink();
const exports = [
  `REELAY_SERVER=${publicUrl}`,
  `REELAY_API_KEY=${demo.apiKey}`,
  `REELAY_ACCOUNT_ID=${demo.accountId}`,
  `REELAY_FACEBOOK_ACCOUNT_ID=${demo.facebookAccountId}`,
  `REELAY_MEDIA_ID=${demo.mediaId}`,
  `REELAY_EMULATOR_URL=${emulator.url}`,
].join(' ');

/**
 * The `reelay` command of this checkout, run from its sources: always as current as the
 * code, with nothing to build first. Bound to this repository's tsx by absolute path, so
 * it works from any folder of the other terminal.
 */
function cliAlias(): string {
  const repository = fileURLToPath(new URL('..', import.meta.url));
  const tsx = join(repository, 'node_modules', '.bin', 'tsx');
  const bin = join(repository, 'packages', 'cli', 'src', 'bin.ts');
  return `alias reelay='"${tsx}" --conditions=@reelay/source "${bin}"'`;
}

// Before the banner: whoever reads it may press Ctrl-C (or signal) at once.
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await reelay.close();
  await emulator.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

console.log(
  devBanner(
    {
      publicUrl,
      emulatorUrl: emulator.url,
      facebookUrl: `${emulator.url}/${FACEBOOK_PREFIX}`,
      demoEmail: DEMO_EMAIL,
      demoPassword: DEMO_PASSWORD,
      dataDir,
      webApp,
      exports,
      cliAlias: cliAlias(),
    },
    language,
  ),
);
