import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import { createInstagramClient, type InstagramClient } from './instagram-client';
import type { InstagramClientOptions } from './instagram-client-options';
import { InstagramPlatformError } from './instagram-platform-error';
import { json, startScriptedServer, type ScriptedServer } from './testing/scripted-server';

const TOKEN = 'IGAAlongLivedToken0123456789abcdef';
const SHORT = 'IGQWRshortLivedToken0123456789';
const APP_SECRET = 'instagram-app-secret-0123456789';
const USER = '17841400000000001';
const NOW = new Date('2026-11-21T12:00:00.000Z');

let server: ScriptedServer;
let client: InstagramClient;

function options(extra: Partial<InstagramClientOptions> = {}): InstagramClientOptions {
  return {
    appId: '990001',
    appSecret: APP_SECRET,
    redirectUri: 'https://reelay.example/v1/connect/instagram/callback',
    authorizeUrl: server.url,
    apiUrl: server.url,
    graphUrl: server.url,
    clock: () => NOW,
    ...extra,
  };
}

function lastRequest() {
  const request = server.requests.at(-1);
  if (!request) throw new Error('no request reached the server');
  return request;
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

function formOf(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

async function failure(run: Promise<unknown>): Promise<InstagramPlatformError> {
  const outcome = await run.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ReelayError);
  return outcome as InstagramPlatformError;
}

/** Everything an error could leak into a log. */
function everythingOf(error: Error): string {
  const cause = error.cause as Error | undefined;
  return JSON.stringify({
    message: error.message,
    stack: error.stack,
    details: (error as ReelayError).details,
    platform: (error as InstagramPlatformError).platform,
    cause: cause ? `${cause.message} ${cause.stack ?? ''}` : '',
  });
}

beforeAll(async () => {
  server = await startScriptedServer(() => json('{}'));
  client = createInstagramClient(options());
});
afterAll(async () => {
  await client.close();
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

describe('Instagram Login over HTTP', () => {
  it('exchanges a code with the exact form fields and reads the documented data[] shape', async () => {
    server.answer(() =>
      json(
        '{"data":[{"access_token":"IGQWRshort","user_id":"17841400000000001","permissions":"instagram_business_basic,instagram_business_content_publish"}]}',
      ),
    );
    const token = await client.exchangeCode('AQBx9code#_');
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/oauth/access_token');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(request.body)).toEqual({
      client_id: '990001',
      client_secret: APP_SECRET,
      grant_type: 'authorization_code',
      redirect_uri: 'https://reelay.example/v1/connect/instagram/callback',
      code: 'AQBx9code',
    });
    expect(token).toEqual({
      accessToken: 'IGQWRshort',
      userId: USER,
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
      issuedAt: NOW,
      expiresAt: new Date(NOW.getTime() + 3600_000),
    });
  });

  it('reads the flat exchange shape, keeping a raw big-number user_id exact', async () => {
    server.answer(() =>
      json(
        '{"access_token": "IGQWRflat", "user_id": 17841400123456789012, "permissions": ["instagram_business_basic"]}',
      ),
    );
    const token = await client.exchangeCode('AQBcode');
    expect(token.userId).toBe('17841400123456789012');
    expect(token.scopes).toEqual(['instagram_business_basic']);
  });

  it('treats an exchange answer without a token as an unknown outcome, not a success', async () => {
    server.answer(() => json('{"data":[]}'));
    const error = await failure(client.exchangeCode('AQBcode'));
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      outcome: 'unknown',
      details: { reason: 'malformed_response' },
    });
  });

  it('exchanges a short-lived token for a long-lived one at the unversioned endpoint', async () => {
    server.answer(() =>
      json('{"access_token":"IGAAlong","token_type":"bearer","expires_in":5183944}'),
    );
    const token = await client.exchangeForLongLivedToken(SHORT);
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.url.split('?')[0]).toBe('/access_token');
    expect(queryOf(request.url)).toEqual({
      grant_type: 'ig_exchange_token',
      client_secret: APP_SECRET,
      access_token: SHORT,
    });
    expect(token).toEqual({
      accessToken: 'IGAAlong',
      tokenType: 'bearer',
      expiresIn: 5183944,
      issuedAt: NOW,
      expiresAt: new Date(NOW.getTime() + 5183944_000),
    });
  });

  it('refreshes a token that is at least 24 h old', async () => {
    server.answer(() =>
      json('{"access_token":"IGAArefreshed","token_type":"bearer","expires_in":5184000}'),
    );
    const token = await client.refreshLongLivedToken({
      accessToken: TOKEN,
      issuedAt: new Date(NOW.getTime() - 24 * 3600_000),
    });
    const request = lastRequest();
    expect(request.url.split('?')[0]).toBe('/refresh_access_token');
    expect(queryOf(request.url)).toEqual({ grant_type: 'ig_refresh_token', access_token: TOKEN });
    expect(token.accessToken).toBe('IGAArefreshed');
  });

  it('refuses to refresh a token younger than 24 h, or expired, without calling the platform', async () => {
    const young = await failure(
      client.refreshLongLivedToken({
        accessToken: TOKEN,
        issuedAt: new Date(NOW.getTime() - 23 * 3600_000),
      }),
    );
    expect(young).toMatchObject({
      code: 'INTERNAL_ERROR',
      outcome: 'not_sent',
      details: { reason: 'token_too_recent', refreshableAt: '2026-11-21T13:00:00.000Z' },
    });
    const expired = await failure(
      client.refreshLongLivedToken({
        accessToken: TOKEN,
        issuedAt: new Date('2026-09-01T00:00:00Z'),
        expiresAt: new Date(NOW.getTime() - 1),
      }),
    );
    expect(expired).toMatchObject({ code: 'TOKEN_INVALID', outcome: 'not_sent' });
    expect(server.requests).toHaveLength(0);
  });

  it('reads /me with the documented fields, its account_type in any case', async () => {
    server.answer(() =>
      json(
        '{"user_id":17841400123456789012,"username":"cafe.aurora","name":"Café Aurora","account_type":"Media_Creator","profile_picture_url":"https://cdn.example/p.jpg","followers_count":1200,"follows_count":30,"media_count":87,"id":"2600000000000001"}',
      ),
    );
    const account = await client.getProfessionalAccount(TOKEN);
    const request = lastRequest();
    expect(request.url.split('?')[0]).toBe('/v25.0/me');
    expect(queryOf(request.url)).toEqual({
      fields:
        'user_id,username,name,account_type,profile_picture_url,followers_count,follows_count,media_count',
      access_token: TOKEN,
    });
    expect(account).toEqual({
      userId: '17841400123456789012',
      id: '2600000000000001',
      username: 'cafe.aurora',
      name: 'Café Aurora',
      accountType: 'MEDIA_CREATOR',
      isProfessional: true,
      profilePictureUrl: 'https://cdn.example/p.jpg',
      followersCount: 1200,
      followsCount: 30,
      mediaCount: 87,
    });
  });

  it.each(['PERSONAL', 'Personal'])(
    'refuses a %s account as ACCOUNT_NOT_BUSINESS',
    async (type) => {
      server.answer(() =>
        json(`{"user_id":"${USER}","username":"pessoal","account_type":"${type}"}`),
      );
      const error = await failure(client.getProfessionalAccount(TOKEN));
      expect(error.code).toBe('ACCOUNT_NOT_BUSINESS');
      // getMe itself reports the account without judging it.
      await expect(client.getMe(TOKEN)).resolves.toMatchObject({
        isProfessional: false,
        accountType: 'PERSONAL',
      });
    },
  );

  it('accepts an account whose answer omits account_type, reporting it as unknown', async () => {
    server.answer(() => json(`{"user_id":"${USER}","username":"semtipo"}`));
    await expect(client.getProfessionalAccount(TOKEN)).resolves.toMatchObject({
      userId: USER,
      accountType: null,
      isProfessional: false,
    });
  });
});

describe('publishing over HTTP', () => {
  it('creates a container with its params and the token as form fields', async () => {
    server.answer(() => json('{"id":17900000000000001}'));
    const params = { image_url: 'https://cdn.example/a.jpg', caption: 'Olá #café & cia' };
    const created = await client.createContainer({ accessToken: TOKEN, igUserId: USER, params });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/v25.0/${USER}/media`);
    expect(formOf(request.body)).toEqual({ ...params, access_token: TOKEN });
    expect(request.body).toContain('caption=Ol%C3%A1+%23caf%C3%A9+%26+cia');
    expect(created).toEqual({ id: '17900000000000001' });
  });

  it('reads a finished container', async () => {
    server.answer(() =>
      json(
        '{"status_code":"FINISHED","status":"Finished: Media has been uploaded and it is ready to be published.","id":"17900000000000001"}',
      ),
    );
    const status = await client.getContainerStatus({
      accessToken: TOKEN,
      containerId: '17900000000000001',
    });
    expect(queryOf(lastRequest().url)).toEqual({
      fields: 'status_code,status',
      access_token: TOKEN,
    });
    expect(status).toEqual({
      id: '17900000000000001',
      statusCode: 'FINISHED',
      status: 'Finished: Media has been uploaded and it is ready to be published.',
      subcode: null,
      error: null,
    });
  });

  it.each([
    ['2207026', 'MEDIA_INVALID'],
    ['2207076', 'MEDIA_INVALID'],
    ['2207077', 'MEDIA_FETCH_FAILED'],
    ['2207052', 'MEDIA_FETCH_FAILED'],
    ['2207053', 'INTERNAL_ERROR'],
  ])('reads the subcode %s from an ERROR status text as %s', async (subcode, code) => {
    server.answer(() =>
      json(
        `{"status_code":"ERROR","status":"Error: Media upload has failed with error code ${subcode}"}`,
      ),
    );
    const status = await client.getContainerStatus({ accessToken: TOKEN, containerId: '1790' });
    expect(status.statusCode).toBe('ERROR');
    expect(status.subcode).toBe(Number(subcode));
    expect(status.error?.code).toBe(code);
    expect(status.error?.outcome).toBe('refused');
  });

  it('reads an ERROR without a known subcode as a container error, and EXPIRED as CONTAINER_EXPIRED', async () => {
    server.answer(() => json('{"status_code":"ERROR","status":"Error: something odd"}'));
    const failed = await client.getContainerStatus({ accessToken: TOKEN, containerId: '1790' });
    expect(failed.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      details: { reason: 'container_error' },
    });
    server.answer(() => json('{"status_code":"expired","status":null}'));
    const expired = await client.getContainerStatus({ accessToken: TOKEN, containerId: '1790' });
    expect(expired).toMatchObject({ statusCode: 'EXPIRED', error: { code: 'CONTAINER_EXPIRED' } });
  });

  it('refuses a status_code it does not know as an unknown outcome', async () => {
    server.answer(() => json('{"status_code":"QUEUED"}'));
    const error = await failure(
      client.getContainerStatus({ accessToken: TOKEN, containerId: '1790' }),
    );
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', outcome: 'unknown', transient: true });
  });

  it('publishes a container by creation_id', async () => {
    server.answer(() => json('{"id":"18000000000000001"}'));
    const published = await client.publishContainer({
      accessToken: TOKEN,
      igUserId: USER,
      creationId: '1790',
    });
    const request = lastRequest();
    expect(request.url).toBe(`/v25.0/${USER}/media_publish`);
    expect(formOf(request.body)).toEqual({ creation_id: '1790', access_token: TOKEN });
    expect(published).toEqual({ id: '18000000000000001' });
  });

  it('reads the permalink and kind of a published media, absent fields as null', async () => {
    server.answer(() =>
      json(
        '{"id":"18000000000000001","permalink":"https://www.instagram.com/p/DA1b2C3d4E5/","shortcode":"DA1b2C3d4E5","timestamp":"2026-11-21T12:00:05+0000","media_type":"VIDEO","media_product_type":"REELS"}',
      ),
    );
    const media = await client.getMedia({ accessToken: TOKEN, mediaId: '18000000000000001' });
    expect(queryOf(lastRequest().url).fields).toBe(
      'id,permalink,shortcode,timestamp,media_type,media_product_type',
    );
    expect(media).toEqual({
      id: '18000000000000001',
      permalink: 'https://www.instagram.com/p/DA1b2C3d4E5/',
      shortcode: 'DA1b2C3d4E5',
      timestamp: '2026-11-21T12:00:05+0000',
      mediaType: 'VIDEO',
      mediaProductType: 'REELS',
    });
    server.answer(() => json('{"id":"18000000000000002"}'));
    await expect(
      client.getMedia({ accessToken: TOKEN, mediaId: '18000000000000002' }),
    ).resolves.toMatchObject({
      permalink: null,
      mediaProductType: null,
    });
  });

  it('posts the first comment as message', async () => {
    server.answer(() => json('{"id":"17850000000000001"}'));
    const comment = await client.createComment({
      accessToken: TOKEN,
      mediaId: '18000000000000001',
      message: 'Link na bio 🔗',
    });
    const request = lastRequest();
    expect(request.url).toBe('/v25.0/18000000000000001/comments');
    expect(formOf(request.body)).toEqual({ message: 'Link na bio 🔗', access_token: TOKEN });
    expect(comment).toEqual({ id: '17850000000000001' });
  });

  it('reads the publishing limit live, with or without config', async () => {
    server.answer(() =>
      json('{"data":[{"quota_usage":2,"config":{"quota_total":50,"quota_duration":86400}}]}'),
    );
    await expect(
      client.getPublishingLimit({ accessToken: TOKEN, igUserId: USER }),
    ).resolves.toEqual({
      quotaUsage: 2,
      quotaTotal: 50,
      quotaDurationSeconds: 86400,
    });
    expect(lastRequest().url.split('?')[0]).toBe(`/v25.0/${USER}/content_publishing_limit`);
    expect(queryOf(lastRequest().url).fields).toBe('quota_usage,config');
    server.answer(() => json('{"data":[{"quota_usage":0}]}'));
    await expect(
      client.getPublishingLimit({ accessToken: TOKEN, igUserId: USER }),
    ).resolves.toEqual({
      quotaUsage: 0,
      quotaTotal: null,
      quotaDurationSeconds: null,
    });
  });

  it('calls unversioned paths when no Graph API version is configured', async () => {
    const unversioned = createInstagramClient(options({ graphApiVersion: null }));
    server.answer(() => json('{"id":"1"}'));
    await unversioned.createContainer({
      accessToken: TOKEN,
      igUserId: USER,
      params: { image_url: 'https://x/a.jpg' },
    });
    expect(lastRequest().url).toBe(`/${USER}/media`);
    await unversioned.close();
  });

  it.each(['../me', 'me?fields=x', '1,2', '', 'a/b'])(
    'refuses the hostile id %j before sending anything',
    async (id) => {
      const error = await failure(
        client.publishContainer({ accessToken: TOKEN, igUserId: USER, creationId: id }),
      );
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe('transport failures and secrets', () => {
  const fast = { connectMs: 300, headersMs: 200, bodyMs: 200, totalMs: 400 };

  it('times out a hanging platform as an unknown outcome, retryable, without the token', async () => {
    const impatient = createInstagramClient(options({ timeouts: fast }));
    server.answer(() => ({ hang: true }));
    const started = Date.now();
    const error = await failure(
      impatient.publishContainer({ accessToken: TOKEN, igUserId: USER, creationId: '1790' }),
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      transient: true,
      outcome: 'unknown',
      transport: 'timeout',
      details: { reason: 'transport', transport: 'timeout' },
    });
    expect(everythingOf(error)).not.toContain(TOKEN);
    await impatient.close();
  });

  it('reports a refused connection as not sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createInstagramClient(
      options({ graphUrl: `http://127.0.0.1:${port}`, timeouts: fast }),
    );
    const error = await failure(nowhere.getMe(TOKEN));
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      outcome: 'not_sent',
      transport: 'connection',
      transient: true,
    });
    expect(everythingOf(error)).not.toContain(TOKEN);
    await nowhere.close();
  });

  it('reports a dropped connection as an unknown outcome', async () => {
    server.answer(() => ({ drop: true }));
    const error = await failure(
      client.createComment({ accessToken: TOKEN, mediaId: '1', message: 'x' }),
    );
    expect(error).toMatchObject({ outcome: 'unknown', transport: 'connection', transient: true });
  });

  it('stops reading an answer larger than the limit', async () => {
    const small = createInstagramClient(options({ maxResponseBytes: 1024 }));
    server.answer(() => json(`{"id":"1","padding":"${'x'.repeat(4096)}"}`));
    const error = await failure(small.getMedia({ accessToken: TOKEN, mediaId: '1' }));
    expect(error).toMatchObject({ transport: 'response_too_large', outcome: 'unknown' });
    await small.close();
  });

  it('treats a 200 that is not JSON as an unknown outcome', async () => {
    server.answer(() => ({ status: 200, body: 'OK' }));
    const error = await failure(
      client.publishContainer({ accessToken: TOKEN, igUserId: USER, creationId: '1' }),
    );
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      outcome: 'unknown',
      details: { reason: 'malformed_response' },
    });
  });

  it('never lets the token, app secret or code of a failing exchange into the error', async () => {
    // The platform echoes what it received: the form of the exchange, the query of the rest.
    server.answer((request) =>
      json(
        JSON.stringify({
          error: {
            message: `Invalid request ${request.body} ${decodeURIComponent(request.url)}`,
            type: 'OAuthException',
            code: 101,
            fbtrace_id: 'Atrace',
          },
        }),
        400,
      ),
    );
    const exchange = await failure(client.exchangeCode('AQBsecretCode123'));
    const long = await failure(client.exchangeForLongLivedToken(SHORT));
    const refresh = await failure(
      client.refreshLongLivedToken({
        accessToken: TOKEN,
        issuedAt: new Date('2026-01-01T00:00:00Z'),
      }),
    );
    for (const error of [exchange, long, refresh]) {
      const text = everythingOf(error);
      expect(error.platform?.message).toContain('Invalid request');
      for (const secret of [APP_SECRET, 'AQBsecretCode123', SHORT, TOKEN]) {
        expect(text).not.toContain(secret);
      }
      expect(error.details?.fbtraceId).toBe('Atrace');
    }
  });

  it('uses an injected dispatcher and leaves it open on close', async () => {
    const agent = new Agent();
    const injected = createInstagramClient(options({ dispatcher: agent }));
    server.answer(() => json('{"id":"1"}'));
    await injected.getMedia({ accessToken: TOKEN, mediaId: '1' });
    await injected.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });

  it('refuses to start without app credentials', () => {
    expect(() => createInstagramClient(options({ appSecret: '' }))).toThrow(
      expect.objectContaining({
        code: 'PLATFORM_CREDENTIALS_MISSING',
        details: { missing: ['appSecret'] },
      }),
    );
  });

  it('builds the authorization URL from the configured host', () => {
    const url = new URL(client.authorizationUrl({ state: 'st_1' }));
    expect(url.origin).toBe(server.url);
    expect(url.searchParams.get('client_id')).toBe('990001');
  });
});
