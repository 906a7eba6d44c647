/**
 * The Facebook Login client against the emulator's Facebook host over real HTTP: the
 * dialog URL, the code and long-lived exchanges, the person, `debug_token`, the Pages with
 * their tokens and linked accounts, the Instagram account read on the Facebook host, and
 * publishing every kind through a Page token.
 */
import { createManualClock, startEmulator, type Emulator } from '@reelay/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildContainerPlan, withCarouselChildren } from './container-requests';
import { createFacebookLoginClient, type FacebookLoginClient } from './facebook-login-client';
import { InstagramPlatformError } from './instagram-platform-error';
import { parseAuthorizationCallback } from './instagram-oauth';

const APP_ID = 'reelay-facebook-app';
const APP_SECRET = 'reelay-facebook-secret-0123456789';
const REDIRECT_URI = 'https://reelay.example/v1/connect/instagram/callback';

let emulator: Emulator;
let client: FacebookLoginClient;
const clock = createManualClock(Date.UTC(2026, 5, 1));

beforeAll(async () => {
  emulator = await startEmulator({
    clock,
    seed: 'facebook-client',
    facebookAppId: APP_ID,
    facebookAppSecret: APP_SECRET,
    fetchMedia: false,
    videoProcessingMs: 0,
  });
  client = createFacebookLoginClient({
    appId: APP_ID,
    appSecret: APP_SECRET,
    redirectUri: REDIRECT_URI,
    dialogUrl: `${emulator.url}/facebook`,
    graphUrl: `${emulator.url}/facebook`,
    clock: () => new Date(clock.now()),
  });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

async function failure(run: Promise<unknown>): Promise<InstagramPlatformError> {
  const outcome = await run.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(InstagramPlatformError);
  return outcome as InstagramPlatformError;
}

/** A person whose one Page is linked to a new account, through the dialog to a code. */
async function authorize(options: { decision?: 'allow' | 'deny'; configId?: string } = {}) {
  const account = emulator.createAccount({ username: `conta_${emulator.now() % 1000}` });
  const person = emulator.createFacebookUser({
    name: 'Ana',
    pages: [{ name: 'Café', instagramAccountId: account.id }, { name: 'Blog' }],
  });
  const url = new URL(
    client.authorizationUrl({
      state: 'st_1',
      ...(options.configId ? { configId: options.configId } : {}),
    }),
  );
  url.searchParams.set('user', person.id);
  url.searchParams.set('decision', options.decision ?? 'allow');
  const redirect = await fetch(url, { redirect: 'manual' });
  return { account, person, location: redirect.headers.get('location')! };
}

describe('the Facebook Login client', () => {
  it('builds the dialog URL with config_id, or with the default scopes', () => {
    const withConfig = new URL(client.authorizationUrl({ state: 's', configId: '9001' }));
    expect(`${withConfig.origin}${withConfig.pathname}`).toBe(
      `${emulator.url}/facebook/v25.0/dialog/oauth`,
    );
    expect(Object.fromEntries(withConfig.searchParams)).toEqual({
      client_id: APP_ID,
      redirect_uri: REDIRECT_URI,
      state: 's',
      response_type: 'code',
      config_id: '9001',
    });
    const withScopes = new URL(client.authorizationUrl({ state: 's' }));
    expect(withScopes.searchParams.get('scope')).toBe(
      'instagram_basic,instagram_content_publish,instagram_manage_comments,instagram_manage_insights,pages_show_list,pages_read_engagement',
    );
    expect(withScopes.searchParams.has('config_id')).toBe(false);
  });

  it('reads a denial as AUTHORIZATION_DENIED', async () => {
    const { location } = await authorize({ decision: 'deny' });
    expect(() => parseAuthorizationCallback(new URL(location).search)).toThrow(
      expect.objectContaining({
        code: 'AUTHORIZATION_DENIED',
        details: expect.objectContaining({ reason: 'user_denied' }),
      }),
    );
  });

  it('exchanges the code, reads the person, the permissions and the Pages with their accounts', async () => {
    const { account, person, location } = await authorize({ configId: '77' });
    const { code, state } = parseAuthorizationCallback(new URL(location).search);
    expect(state).toBe('st_1');
    const short = await client.exchangeCode(code);
    expect(short.expiresAt!.getTime() - clock.now()).toBe(7200 * 1000);
    const long = await client.exchangeForLongLivedToken(short.accessToken);
    expect(long.expiresIn).toBe(5_183_944);
    expect(await client.getUser(long.accessToken)).toEqual({ id: person.id, name: 'Ana' });
    const debug = await client.debugToken(long.accessToken);
    expect(debug).toMatchObject({ isValid: true, type: 'USER', userId: person.id });
    expect(debug.scopes).toContain('instagram_content_publish');

    const pages = await client.listPages(long.accessToken);
    expect(pages).toEqual([
      {
        id: person.pages[0]!.id,
        name: 'Café',
        accessToken: expect.stringMatching(/^EAA/),
        tasks: ['MANAGE'],
        instagramAccountId: account.id,
      },
      {
        id: person.pages[1]!.id,
        name: 'Blog',
        accessToken: expect.stringMatching(/^EAA/),
        tasks: ['MANAGE'],
        instagramAccountId: null,
      },
    ]);
    const pageToken = pages[0]!.accessToken!;
    expect((await client.debugToken(pageToken)).expiresAt).toBeNull();
    expect(
      await client.getPageInstagramAccount({ accessToken: pageToken, pageId: pages[0]!.id }),
    ).toBe(account.id);
    expect(
      await client.getPageInstagramAccount({
        accessToken: long.accessToken,
        pageId: pages[1]!.id,
      }),
    ).toBeNull();
    const read = await client.getInstagramAccount({ accessToken: pageToken, igUserId: account.id });
    expect(read).toMatchObject({
      userId: account.id,
      username: account.username,
      accountType: null,
      isProfessional: true,
    });
  });

  it('reads every Page of a person with more than one answer of them', async () => {
    const pages = Array.from({ length: 130 }, (_, index) => ({ name: `Página ${index}` }));
    const person = emulator.createFacebookUser({ name: 'Muitas', pages });
    const url = new URL(client.authorizationUrl({ state: 's' }));
    url.searchParams.set('user', person.id);
    const location = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    const { code } = parseAuthorizationCallback(new URL(location).search);
    const token = (await client.exchangeCode(code)).accessToken;
    const read = await client.listPages(token);
    expect(read.map((page) => page.id)).toEqual(person.pages.map((page) => page.id));
  });

  it('turns a spent code into TOKEN_INVALID and keeps the secret out of the error', async () => {
    const { location } = await authorize();
    const { code } = parseAuthorizationCallback(new URL(location).search);
    await client.exchangeCode(code);
    const error = await failure(client.exchangeCode(code));
    expect(error.code).toBe('TOKEN_INVALID');
    expect(error.details).toMatchObject({
      reason: 'authorization_code_invalid',
      platformCode: 100,
      platformSubcode: 36009,
    });
    expect(JSON.stringify(error)).not.toContain(APP_SECRET);
    expect(String(error.cause)).not.toContain(APP_SECRET);
  });

  it('publishes an image, a reel, a story and a carousel through the Page token', async () => {
    const { account, location } = await authorize();
    const { code } = parseAuthorizationCallback(new URL(location).search);
    const long = await client.exchangeForLongLivedToken(
      (await client.exchangeCode(code)).accessToken,
    );
    const [page] = await client.listPages(long.accessToken);
    const user = { accessToken: page!.accessToken!, igUserId: account.id };
    const image = { type: 'image' as const, url: 'https://cdn.example.com/a.jpg' };
    const video = { type: 'video' as const, url: 'https://cdn.example.com/a.mp4' };
    const kinds = [
      { kind: 'feed' as const, media: [image] },
      { kind: 'reel' as const, media: [video] },
      { kind: 'story' as const, media: [image] },
      { kind: 'carousel' as const, media: [image, video] },
    ];
    for (const { kind, media } of kinds) {
      const plan = buildContainerPlan({
        kind,
        caption: kind === 'story' ? '' : `post ${kind}`,
        media,
        options: {},
      });
      let params = plan.container;
      if (plan.children.length > 0) {
        const ids: string[] = [];
        for (const child of plan.children) {
          ids.push((await client.graph.createContainer({ ...user, params: child })).id);
        }
        params = withCarouselChildren(plan, ids);
      }
      const { id } = await client.graph.createContainer({ ...user, params });
      expect(
        (await client.graph.getContainerStatus({ accessToken: user.accessToken, containerId: id }))
          .statusCode,
      ).toBe('FINISHED');
      const published = await client.graph.publishContainer({ ...user, creationId: id });
      const read = await client.graph.getMedia({
        accessToken: user.accessToken,
        mediaId: published.id,
      });
      expect(read.permalink, kind).toMatch(/^https:\/\/www\.instagram\.com\//);
    }
    expect((await client.graph.getPublishingLimit(user)).quotaUsage).toBe(4);
    expect(emulator.published().map((m) => m.productType)).toEqual([
      'FEED',
      'REELS',
      'STORY',
      'FEED',
    ]);
  });
});
