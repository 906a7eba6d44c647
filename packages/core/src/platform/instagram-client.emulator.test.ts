/**
 * The client against the Instagram emulator over real HTTP, for every flow: OAuth allow and
 * deny, token exchange and refresh, /me, each container kind, polling, publishing, the
 * permalink, the quota, the first comment, and faults. The emulator fetches media for real
 * from a local server answering real JPEG and MP4 bytes.
 */
import { createManualClock, startEmulator, type Emulator } from '@reelay/emulator';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildContainerPlan,
  withCarouselChildren,
  type ContainerPlanInput,
} from './container-requests';
import { createInstagramClient, type InstagramClient } from './instagram-client';
import { InstagramPlatformError } from './instagram-platform-error';
import { parseAuthorizationCallback } from './instagram-oauth';
import { minimalMp4, solidJpeg } from './testing/media-fixtures';
import { startScriptedServer, type ScriptedServer } from './testing/scripted-server';

const APP_ID = 'reelay-test-app';
const APP_SECRET = 'reelay-test-app-secret-0123456789';
const REDIRECT_URI = 'https://reelay.example/v1/connect/instagram/callback';
const HOUR = 3600_000;

let emulator: Emulator;
let media: ScriptedServer;
let client: InstagramClient;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function mediaUrl(name: string): string {
  return `${media.url}/${name}`;
}

async function failure(run: Promise<unknown>): Promise<InstagramPlatformError> {
  const outcome = await run.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(InstagramPlatformError);
  return outcome as InstagramPlatformError;
}

interface Connected {
  readonly accessToken: string;
  readonly igUserId: string;
}

function connect(username: string): Connected {
  const { id } = emulator.createAccount({ username });
  const minted = emulator.mintToken(id);
  return { accessToken: minted.access_token, igUserId: minted.user_id };
}

/** Follows the authorization window to its redirect, choosing for the given account. */
async function authorize(accountId: string, decision: 'allow' | 'deny', state: string) {
  const url = new URL(client.authorizationUrl({ state }));
  url.searchParams.set('account', accountId);
  url.searchParams.set('decision', decision);
  const response = await request(url);
  await response.body.dump();
  expect(response.statusCode).toBeGreaterThanOrEqual(300);
  expect(response.statusCode).toBeLessThan(400);
  const location = response.headers.location;
  expect(typeof location).toBe('string');
  expect(String(location).startsWith(REDIRECT_URI)).toBe(true);
  return String(location);
}

/** Polls a container as the pipeline would, moving the emulator's time between reads. */
async function waitUntilDone(account: Connected, containerId: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await emulator.idle();
    const status = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId,
    });
    if (status.statusCode !== 'IN_PROGRESS') return status;
    emulator.advance(1000);
  }
  throw new Error(`container ${containerId} still IN_PROGRESS`);
}

/** Creates, waits for and publishes every container of a plan, as the pipeline would. */
async function publishPlan(account: Connected, input: ContainerPlanInput) {
  const plan = buildContainerPlan(input);
  const childIds: string[] = [];
  for (const params of plan.children) {
    const { id } = await client.createContainer({ ...account, params });
    childIds.push(id);
  }
  for (const id of childIds) expect((await waitUntilDone(account, id)).statusCode).toBe('FINISHED');
  const params = plan.kind === 'carousel' ? withCarouselChildren(plan, childIds) : plan.container;
  const container = await client.createContainer({ ...account, params });
  expect((await waitUntilDone(account, container.id)).statusCode).toBe('FINISHED');
  const published = await client.publishContainer({ ...account, creationId: container.id });
  return { plan, containerId: container.id, mediaId: published.id };
}

beforeAll(async () => {
  media = await startScriptedServer((incoming) => {
    const name = incoming.url.split('?')[0];
    switch (name) {
      case '/feed.jpg':
        return { body: solidJpeg(640, 800), headers: { 'content-type': 'image/jpeg' } };
      case '/square.jpg':
        return { body: solidJpeg(640, 640), headers: { 'content-type': 'image/jpeg' } };
      case '/story.jpg':
      case '/cover.jpg':
        return { body: solidJpeg(720, 1280), headers: { 'content-type': 'image/jpeg' } };
      case '/clip.mp4':
        return { body: minimalMp4(8000), headers: { 'content-type': 'video/mp4' } };
      case '/image.png':
        return { body: PNG, headers: { 'content-type': 'image/png' } };
      default:
        return { status: 404, body: 'not found' };
    }
  });
  emulator = await startEmulator({
    seed: 'core-platform',
    clock: createManualClock(),
    appId: APP_ID,
    appSecret: APP_SECRET,
  });
  client = createInstagramClient({
    appId: APP_ID,
    appSecret: APP_SECRET,
    redirectUri: REDIRECT_URI,
    authorizeUrl: emulator.url,
    apiUrl: emulator.url,
    graphUrl: emulator.url,
    clock: () => new Date(emulator.now()),
    timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 3000 },
  });
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
  await media?.close();
});

beforeEach(() => {
  emulator.reset();
  emulator.configure({ appId: APP_ID, appSecret: APP_SECRET });
});

describe('Instagram Login against the emulator', () => {
  it('connects an account: authorize, exchange, long-lived token, professional /me', async () => {
    const { id: accountId } = emulator.createAccount({ username: 'cafe.aurora' });
    const location = await authorize(accountId, 'allow', 'st_allow');
    const callback = parseAuthorizationCallback(location);
    expect(callback.state).toBe('st_allow');
    expect(callback.code).not.toMatch(/#/);

    const short = await client.exchangeCode(callback.code);
    expect(short.scopes).toEqual(
      expect.arrayContaining(['instagram_business_basic', 'instagram_business_content_publish']),
    );
    const long = await client.exchangeForLongLivedToken(short.accessToken);
    expect(long.accessToken).not.toBe(short.accessToken);
    expect(long.expiresIn).toBeGreaterThan(50 * 24 * 3600);

    const account = await client.getProfessionalAccount(long.accessToken);
    expect(account).toMatchObject({
      username: 'cafe.aurora',
      accountType: 'BUSINESS',
      isProfessional: true,
    });
    expect(account.userId).toBe(short.userId);
  });

  it('reports the refusal in the window as AUTHORIZATION_DENIED', async () => {
    const { id: accountId } = emulator.createAccount({ username: 'recusa' });
    const location = await authorize(accountId, 'deny', 'st_deny');
    expect(() => parseAuthorizationCallback(location)).toThrow(
      expect.objectContaining({
        code: 'AUTHORIZATION_DENIED',
        details: expect.objectContaining({ reason: 'user_denied' }),
      }),
    );
  });

  it('reads the flat exchange shape with a raw big-number user_id without losing digits', async () => {
    emulator.configure({ tokenExchangeShape: 'flat', userIdAsNumber: true });
    const { id: accountId } = emulator.createAccount({ username: 'numeros' });
    const { code } = parseAuthorizationCallback(await authorize(accountId, 'allow', 's'));
    const short = await client.exchangeCode(code);
    const me = await client.getMe(short.accessToken);
    expect(short.userId).toMatch(/^\d{15,}$/);
    expect(short.userId).toBe(me.userId);
  });

  it('refuses a code used twice, as the legacy OAuth error shape says', async () => {
    const { id: accountId } = emulator.createAccount({ username: 'duas.vezes' });
    const { code } = parseAuthorizationCallback(await authorize(accountId, 'allow', 's'));
    await client.exchangeCode(code);
    const error = await failure(client.exchangeCode(code));
    expect(error.code).toBe('TOKEN_INVALID');
    expect(error.outcome).toBe('refused');
  });

  it('accepts the account types in the documentation casing and refuses personal accounts', async () => {
    emulator.configure({ accountTypeCase: 'title' });
    const creator = emulator.createAccount({ username: 'criadora', accountType: 'MEDIA_CREATOR' });
    const creatorToken = emulator.mintToken(creator.id).access_token;
    await expect(client.getProfessionalAccount(creatorToken)).resolves.toMatchObject({
      accountType: 'MEDIA_CREATOR',
    });
    const personal = emulator.createAccount({ username: 'pessoal', accountType: 'PERSONAL' });
    await expect(
      client.getProfessionalAccount(emulator.mintToken(personal.id).access_token),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_BUSINESS' });
  });

  it('refreshes a long-lived token only once it is 24 h old', async () => {
    const { id: accountId } = emulator.createAccount({ username: 'renova' });
    const { code } = parseAuthorizationCallback(await authorize(accountId, 'allow', 's'));
    const long = await client.exchangeForLongLivedToken(
      (await client.exchangeCode(code)).accessToken,
    );
    const early = await failure(client.refreshLongLivedToken(long));
    expect(early.details?.reason).toBe('token_too_recent');
    emulator.advance(25 * HOUR);
    const refreshed = await client.refreshLongLivedToken(long);
    expect(refreshed.expiresIn).toBeGreaterThan(50 * 24 * 3600);
    await expect(client.getMe(refreshed.accessToken)).resolves.toMatchObject({
      username: 'renova',
    });
  });

  it('maps a revoked token to TOKEN_INVALID', async () => {
    const { id } = emulator.createAccount({ username: 'revogada' });
    const { access_token: token } = emulator.mintToken(id);
    emulator.revokeTokens(id);
    const error = await failure(client.getMe(token));
    expect(error).toMatchObject({ code: 'TOKEN_INVALID', platform: { code: 190 } });
    expect(JSON.stringify(error.platform) + error.message).not.toContain(token);
  });
});

describe('publishing against the emulator', () => {
  it('publishes a feed image with options, reads its permalink and posts the first comment', async () => {
    const account = connect('feed.aurora');
    const { plan, mediaId } = await publishPlan(account, {
      caption: 'Bom dia! #café',
      media: [{ type: 'image', url: mediaUrl('feed.jpg') }],
      options: {
        altText: 'Uma xícara',
        userTags: [{ username: 'amigo', x: 0.5, y: 0.5 }],
        locationId: '110843418940484',
        collaborators: ['marca.parceira'],
        firstComment: 'Link na bio',
      },
    });
    const published = await client.getMedia({ accessToken: account.accessToken, mediaId });
    expect(published).toMatchObject({ id: mediaId, mediaType: 'IMAGE' });
    expect(published.permalink).toMatch(/^https:\/\//);
    const comment = await client.createComment({
      accessToken: account.accessToken,
      mediaId,
      message: plan.firstComment ?? '',
    });
    expect(comment.id).toMatch(/^\w+$/);
    expect(emulator.published().length).toBe(1);
  });

  it('publishes a reel after polling its processing, with reel options', async () => {
    emulator.configure({ videoProcessingMs: 3000 });
    const account = connect('reel.aurora');
    const plan = buildContainerPlan({
      kind: 'reel',
      caption: 'Reel',
      media: [{ type: 'video', url: mediaUrl('clip.mp4') }],
      options: { shareToFeed: true, coverUrl: mediaUrl('cover.jpg'), thumbOffset: 1000 },
    });
    const { id } = await client.createContainer({ ...account, params: plan.container });
    await emulator.idle();
    const first = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId: id,
    });
    expect(first.statusCode).toBe('IN_PROGRESS');
    // Publishing too early is refused as "not ready": transient, poll again.
    const early = await failure(client.publishContainer({ ...account, creationId: id }));
    expect(early).toMatchObject({ code: 'INTERNAL_ERROR', transient: true, outcome: 'refused' });
    expect(early.details?.reason).toBe('media_not_ready');
    expect((await waitUntilDone(account, id)).statusCode).toBe('FINISHED');
    const { id: mediaId } = await client.publishContainer({ ...account, creationId: id });
    await expect(
      client.getMedia({ accessToken: account.accessToken, mediaId }),
    ).resolves.toMatchObject({
      mediaType: 'VIDEO',
      mediaProductType: 'REELS',
    });
    const status = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId: id,
    });
    expect(status.statusCode).toBe('PUBLISHED');
  });

  it.each([
    ['image', 'story.jpg'],
    ['video', 'clip.mp4'],
  ] as const)('publishes a %s story', async (type, file) => {
    emulator.configure({ videoProcessingMs: 0 });
    const account = connect(`story.${type}`);
    const { mediaId } = await publishPlan(account, {
      kind: 'story',
      media: [{ type, url: mediaUrl(file) }],
      options: type === 'image' ? { userTags: [{ username: 'amigo' }] } : {},
    });
    await expect(
      client.getMedia({ accessToken: account.accessToken, mediaId }),
    ).resolves.toMatchObject({
      mediaProductType: 'STORY',
    });
  });

  it('publishes a mixed carousel from its children', async () => {
    emulator.configure({ videoProcessingMs: 2000 });
    const account = connect('carrossel');
    const { mediaId, plan } = await publishPlan(account, {
      caption: 'Carrossel',
      media: [
        { type: 'image', url: mediaUrl('square.jpg') },
        { type: 'video', url: mediaUrl('clip.mp4') },
      ],
      options: { altText: ['Quadrado', null], userTags: [{ username: 'ana', x: 0.1, y: 0.1 }] },
    });
    expect(plan.children).toHaveLength(2);
    await expect(
      client.getMedia({ accessToken: account.accessToken, mediaId }),
    ).resolves.toMatchObject({
      mediaType: 'CAROUSEL_ALBUM',
    });
  });

  it('reads the quota live and maps its exhaustion to RATE_LIMIT_ACCOUNT', async () => {
    emulator.configure({ quotaTotal: 1 });
    const account = connect('cota');
    await expect(client.getPublishingLimit(account)).resolves.toEqual({
      quotaUsage: 0,
      quotaTotal: 1,
      quotaDurationSeconds: 86400,
    });
    await publishPlan(account, { media: [{ type: 'image', url: mediaUrl('feed.jpg') }] });
    await expect(client.getPublishingLimit(account)).resolves.toMatchObject({ quotaUsage: 1 });
    const error = await failure(
      publishPlan(account, { media: [{ type: 'image', url: mediaUrl('square.jpg') }] }),
    );
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ACCOUNT', transient: false });
    expect(error.platform?.subcode).toBe(2207042);
  });

  it('reports an expired container as CONTAINER_EXPIRED, when polled and when published', async () => {
    const account = connect('expira');
    const { id } = await client.createContainer({
      ...account,
      params: buildContainerPlan({ media: [{ type: 'image', url: mediaUrl('feed.jpg') }] })
        .container,
    });
    await emulator.idle();
    emulator.forceContainer(id, { status: 'EXPIRED' });
    const status = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId: id,
    });
    expect(status.error?.code).toBe('CONTAINER_EXPIRED');
    const error = await failure(client.publishContainer({ ...account, creationId: id }));
    expect(error.code).toBe('CONTAINER_EXPIRED');
  });

  it('reports media the platform cannot fetch or read', async () => {
    const account = connect('midia.ruim');
    for (const [file, expected] of [
      ['missing.jpg', 'MEDIA_FETCH_FAILED'],
      ['image.png', 'MEDIA_INVALID'],
    ] as const) {
      const params = { image_url: mediaUrl(file) };
      // The platform reports bad images on creation or later in the status (reference §2).
      const outcome = await client.createContainer({ ...account, params }).then(
        async ({ id }) => (await waitUntilDone(account, id)).error,
        (error: unknown) => error,
      );
      expect(outcome).toMatchObject({ code: expected, outcome: 'refused', transient: false });
    }
  });

  it('reports a video processing error from the status text subcode', async () => {
    const account = connect('video.ruim');
    const { id } = await client.createContainer({
      ...account,
      params: { media_type: 'REELS', video_url: mediaUrl('clip.mp4') },
    });
    await emulator.idle();
    emulator.forceContainer(id, { status: 'ERROR', subcode: 2207026 });
    const status = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId: id,
    });
    expect(status).toMatchObject({
      statusCode: 'ERROR',
      subcode: 2207026,
      error: { code: 'MEDIA_INVALID' },
    });
  });
});

describe('faults from the emulator', () => {
  it('maps a spam restriction on publish (code 4, subcode 2207051) to SPAM_SUSPECTED', async () => {
    const account = connect('spam');
    emulator.addFault({ path: '/media_publish', code: 4, subcode: 2207051 });
    const error = await failure(
      publishPlan(account, { media: [{ type: 'image', url: mediaUrl('feed.jpg') }] }),
    );
    expect(error).toMatchObject({ code: 'SPAM_SUSPECTED', transient: false, outcome: 'refused' });
    expect(error.details?.fbtraceId).toEqual(expect.any(String));
  });

  it.each([
    [{ code: 4 }, 'RATE_LIMIT_APP'],
    [{ code: 80002 }, 'RATE_LIMIT_APP'],
    [{ code: 10 }, 'PERMISSION_REQUIRED'],
    [{ code: 25, subcode: 2207050 }, 'ACCOUNT_RESTRICTED'],
    [{ code: 2, status: 500, isTransient: true }, 'INTERNAL_ERROR'],
    [{ code: 36003, subcode: 2207009 }, 'MEDIA_INVALID'],
    [{ code: 9004, subcode: 2207052 }, 'MEDIA_FETCH_FAILED'],
  ])('maps an injected error %j on container creation to %s', async (fault, code) => {
    const account = connect('falhas');
    emulator.addFault({ path: '/media', method: 'POST', ...fault });
    const error = await failure(
      client.createContainer({ ...account, params: { image_url: mediaUrl('feed.jpg') } }),
    );
    expect(error.code).toBe(code);
    if (code === 'PERMISSION_REQUIRED') {
      expect(error.details?.scope).toBe('instagram_business_content_publish');
    }
  });

  it('reports a hanging publish as a timeout with an unknown outcome', async () => {
    const impatient = createInstagramClient({
      appId: APP_ID,
      appSecret: APP_SECRET,
      redirectUri: REDIRECT_URI,
      graphUrl: emulator.url,
      timeouts: { headersMs: 200, totalMs: 1000 },
    });
    const account = connect('trava');
    const { id } = await client.createContainer({
      ...account,
      params: { image_url: mediaUrl('feed.jpg') },
    });
    await waitUntilDone(account, id);
    emulator.addFault({ path: '/media_publish', hang: true });
    const error = await failure(impatient.publishContainer({ ...account, creationId: id }));
    expect(error).toMatchObject({ transport: 'timeout', outcome: 'unknown', transient: true });
    expect(error.details?.transportCode).toBe('UND_ERR_HEADERS_TIMEOUT');
    expect(JSON.stringify(error.details) + String(error.cause)).not.toContain(account.accessToken);
    await impatient.close();
  });

  it('reports a dropped connection as a connection failure with an unknown outcome', async () => {
    const account = connect('queda');
    emulator.addFault({ path: '/content_publishing_limit', drop: true });
    const error = await failure(client.getPublishingLimit(account));
    expect(error).toMatchObject({ transport: 'connection', outcome: 'unknown', transient: true });
  });

  it('tells a publish that happened but answered an error apart by re-reading the container', async () => {
    const account = connect('depois');
    const { id } = await client.createContainer({
      ...account,
      params: { image_url: mediaUrl('feed.jpg') },
    });
    await waitUntilDone(account, id);
    emulator.addFault({
      path: '/media_publish',
      after: true,
      status: 500,
      code: 2,
      isTransient: true,
    });
    const error = await failure(client.publishContainer({ ...account, creationId: id }));
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', transient: true });
    const status = await client.getContainerStatus({
      accessToken: account.accessToken,
      containerId: id,
    });
    expect(status.statusCode).toBe('PUBLISHED');
  });

  it('maps a fault on the code exchange without leaking the app secret', async () => {
    const { id: accountId } = emulator.createAccount({ username: 'troca' });
    const { code } = parseAuthorizationCallback(await authorize(accountId, 'allow', 's'));
    emulator.addFault({ path: '/oauth/access_token', status: 500, code: 1, isTransient: true });
    const error = await failure(client.exchangeCode(code));
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', transient: true });
    const text = JSON.stringify({
      m: error.message,
      d: error.details,
      p: error.platform,
      c: String(error.cause),
    });
    expect(text).not.toContain(APP_SECRET);
    expect(text).not.toContain(code);
  });
});
