import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ERRORS } from '../errors/catalogue';
import { isReelayError } from '../errors/reelay-error';
import { MEDIA_INVALID_REASONS } from '../vocabulary/enums';
import { createInstagramClient, type InstagramClient } from './instagram-client';
import { InstagramPlatformError, isTransientPlatformError } from './instagram-platform-error';
import { mapPlatformError, readPlatformErrorFacts } from './map-platform-error';
import { PLATFORM_ERROR_CASES, type PlatformErrorCase } from './testing/platform-error-cases';
import {
  findPlatformErrorRule,
  INSTAGRAM_SCOPES,
  PLATFORM_ERROR_TABLE,
} from './platform-error-table';
import { json, startScriptedServer, type ScriptedServer } from './testing/scripted-server';

const TOKEN = 'IGAAtestTokenValue0123456789';
const APP_SECRET = 'app-secret-0123456789abcdef';

function expectCase(error: InstagramPlatformError, expected: PlatformErrorCase) {
  expect(error).toBeInstanceOf(InstagramPlatformError);
  expect(isReelayError(error)).toBe(true);
  expect(error.code).toBe(expected.reelay);
  expect(error.statusCode).toBe(HTTP_ERRORS[expected.reelay].status);
  expect(error.details?.reason).toBe(expected.reason);
  if (expected.scope) expect(error.details?.scope).toBe(expected.scope);
  expect(error.transient).toBe(expected.transient);
  expect(error.details?.transient).toBe(expected.transient);
  expect(isTransientPlatformError(error)).toBe(expected.transient);
  expect(error.outcome).toBe(expected.outcome);
  if (expected.fbtraceId) {
    expect(error.details?.fbtraceId).toBe(expected.fbtraceId);
    expect(error.platform?.fbtraceId).toBe(expected.fbtraceId);
  }
}

describe('mapPlatformError', () => {
  it.each(PLATFORM_ERROR_CASES)('maps $name to $reelay', (expected) => {
    const error = mapPlatformError(expected.body, expected.status, {
      scope: INSTAGRAM_SCOPES.contentPublish,
    });
    expectCase(error, expected);
  });

  it('accepts an already parsed body as well as its text', () => {
    const error = mapPlatformError({ error: { code: 190, error_subcode: 460 } }, 400);
    expect(error.code).toBe('TOKEN_INVALID');
    expect(error.details).toMatchObject({ platformCode: 190, platformSubcode: 460 });
  });

  it('never decides by HTTP status alone: a 429 without a body is not a rate limit', () => {
    const error = mapPlatformError('', 429);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.transient).toBe(true);
  });

  it('keeps the platform message for logs, redacted, and shows people a Portuguese one', () => {
    const body = JSON.stringify({
      error: { message: `Invalid token ${TOKEN} for access_token=${TOKEN}`, code: 190 },
    });
    const error = mapPlatformError(body, 400, { secrets: [TOKEN] });
    expect(error.message).toBe(HTTP_ERRORS.TOKEN_INVALID.message);
    expect(error.platform?.message).toBe('Invalid token [REDACTED] for access_token=[REDACTED]');
    expect(String((error.cause as Error).message)).not.toContain(TOKEN);
  });

  it('names no scope when neither the message nor the call tells one', () => {
    const error = mapPlatformError('{"error":{"code":10,"message":"(#10) denied"}}', 403);
    expect(error.code).toBe('PERMISSION_REQUIRED');
    expect(error.details?.scope).toBeUndefined();
  });

  it('reads the legacy OAuth shape apart from the Graph envelope', () => {
    expect(
      readPlatformErrorFacts(
        '{"error_type":"OAuthException","code":400,"error_message":"Invalid redirect_uri"}',
        400,
      ),
    ).toEqual({
      shape: 'legacy-oauth',
      httpStatus: 400,
      code: 400,
      type: 'OAuthException',
      message: 'Invalid redirect_uri',
    });
  });
});

describe('the platform error table', () => {
  it('gives MEDIA_INVALID only reasons that spec §7 lists', () => {
    for (const rule of PLATFORM_ERROR_TABLE) {
      if (rule.reelay === 'MEDIA_INVALID' && rule.reason !== undefined) {
        expect(MEDIA_INVALID_REASONS).toContain(rule.reason);
      }
    }
  });

  it('lets a known subcode decide before its code', () => {
    expect(findPlatformErrorRule(4, 2207051)?.reelay).toBe('SPAM_SUSPECTED');
    expect(findPlatformErrorRule(4, undefined)?.reelay).toBe('RATE_LIMIT_APP');
    expect(findPlatformErrorRule(1, 2207057)?.reelay).toBe('MEDIA_INVALID');
    expect(findPlatformErrorRule(190, 463)?.reelay).toBe('TOKEN_INVALID');
  });

  it('covers the 200–299 permission range and the 80000 throttling series, and nothing around them', () => {
    expect(findPlatformErrorRule(299, undefined)?.reelay).toBe('PERMISSION_REQUIRED');
    expect(findPlatformErrorRule(300, undefined)).toBeUndefined();
    expect(findPlatformErrorRule(80001, undefined)?.reelay).toBe('RATE_LIMIT_APP');
    expect(findPlatformErrorRule(81000, undefined)).toBeUndefined();
  });

  it('maps only to codes of the catalogue', () => {
    for (const rule of PLATFORM_ERROR_TABLE) expect(HTTP_ERRORS).toHaveProperty(rule.reelay);
  });
});

describe('platform errors over real HTTP', () => {
  let server: ScriptedServer;
  let client: InstagramClient;

  beforeAll(async () => {
    server = await startScriptedServer(() => json('{}'));
    client = createInstagramClient({
      appId: '990001',
      appSecret: APP_SECRET,
      redirectUri: 'https://reelay.example/cb',
      apiUrl: server.url,
      graphUrl: server.url,
    });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it.each(PLATFORM_ERROR_CASES)('maps the exact answer $name to $reelay', async (expected) => {
    server.answer(() => ({
      status: expected.status,
      body: expected.body,
      headers: { 'content-type': expected.body.startsWith('<') ? 'text/html' : 'application/json' },
    }));
    const error = await client
      .createContainer({
        accessToken: TOKEN,
        igUserId: '17841400000000001',
        params: { image_url: 'https://cdn.example/a.jpg' },
      })
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expectCase(error as InstagramPlatformError, expected);
    const everything = JSON.stringify({
      message: (error as Error).message,
      details: (error as InstagramPlatformError).details,
      platform: (error as InstagramPlatformError).platform,
      cause: String((error as Error).cause),
      stack: (error as Error).stack,
    });
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(APP_SECRET);
  });

  it('maps the legacy OAuth answer of a reused code at the exchange', async () => {
    server.answer(() =>
      json(
        '{"error_type": "OAuthException", "code": 400, "error_message": "Matching code was not found or was already used"}',
        400,
      ),
    );
    const error = await client.exchangeCode('AQDusedCode123#_').catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      code: 'TOKEN_INVALID',
      details: { reason: 'authorization_code_invalid' },
    });
    expect(JSON.stringify(error) + String((error as Error).cause)).not.toContain('AQDusedCode123');
  });
});
