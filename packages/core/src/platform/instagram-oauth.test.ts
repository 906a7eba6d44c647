import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import {
  buildAuthorizationUrl,
  canRefreshToken,
  isProfessionalAccountType,
  normalizeAccountType,
  parseAuthorizationCallback,
  readCodeExchange,
  readTokenAnswer,
} from './instagram-oauth';

const config = {
  authorizeUrl: 'https://www.instagram.com/',
  appId: '990001',
  redirectUri: 'https://reelay.example/v1/connect/instagram/callback',
};

describe('buildAuthorizationUrl', () => {
  it('asks for the basic and publishing scopes with state, redirect_uri and response_type=code', () => {
    const url = new URL(buildAuthorizationUrl(config, { state: 'st_01 ä&x' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '990001',
      redirect_uri: 'https://reelay.example/v1/connect/instagram/callback',
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'st_01 ä&x',
    });
  });

  it('takes other scopes and the optional login switches', () => {
    const url = new URL(
      buildAuthorizationUrl(config, {
        state: 's',
        scopes: ['instagram_business_basic', 'instagram_business_manage_comments'],
        forceAuthentication: true,
        enableFbLogin: false,
      }),
    );
    expect(url.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_manage_comments',
    );
    expect(url.searchParams.get('force_authentication')).toBe('1');
    expect(url.searchParams.get('enable_fb_login')).toBe('0');
  });

  it('refuses to build a URL without state', () => {
    expect(() => buildAuthorizationUrl(config, { state: '' })).toThrow(TypeError);
  });
});

describe('parseAuthorizationCallback', () => {
  it('strips the trailing #_ from the code, from a URL, a query string or an object', () => {
    expect(
      parseAuthorizationCallback('https://reelay.example/cb?code=AQBx9-abc#_&state=st_1'),
    ).toEqual({ code: 'AQBx9-abc', state: 'st_1' });
    expect(parseAuthorizationCallback('?state=st_1&code=AQBx9#_')).toEqual({
      code: 'AQBx9',
      state: 'st_1',
    });
    expect(parseAuthorizationCallback({ code: 'AQBx9#_', state: 'st_1' })).toEqual({
      code: 'AQBx9',
      state: 'st_1',
    });
    expect(parseAuthorizationCallback(new URLSearchParams('code=AQBx9'))).toEqual({
      code: 'AQBx9',
      state: null,
    });
  });

  it('turns the documented refusal into AUTHORIZATION_DENIED, keeping state', () => {
    const query =
      'error=access_denied&error_reason=user_denied&error_description=The+user+denied+your+request&state=st_1';
    try {
      parseAuthorizationCallback(query);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ReelayError);
      expect(error).toMatchObject({
        code: 'AUTHORIZATION_DENIED',
        details: { reason: 'user_denied', state: 'st_1' },
      });
    }
  });

  it('refuses any other error, and a callback without a code, as AUTHORIZATION_DENIED', () => {
    expect(() => parseAuthorizationCallback({ error: 'server_error' })).toThrow(
      expect.objectContaining({
        code: 'AUTHORIZATION_DENIED',
        details: { reason: 'server_error' },
      }),
    );
    expect(() => parseAuthorizationCallback({ state: 's', code: '#_' })).toThrow(
      expect.objectContaining({ code: 'AUTHORIZATION_DENIED' }),
    );
    expect(() => parseAuthorizationCallback({ error: 'access_denied', code: 'AQB' })).toThrow(
      expect.objectContaining({ code: 'AUTHORIZATION_DENIED' }),
    );
  });
});

describe('token answers', () => {
  it('reads the documented data[] shape and the flat shape the same way', () => {
    const entry = {
      access_token: 'IGQWRshort',
      user_id: '17841400000000001',
      permissions: 'instagram_business_basic,instagram_business_content_publish',
    };
    const expected = {
      accessToken: 'IGQWRshort',
      userId: '17841400000000001',
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
      expiresIn: null,
    };
    expect(readCodeExchange({ data: [entry] })).toEqual(expected);
    expect(readCodeExchange(entry)).toEqual(expected);
    expect(
      readCodeExchange({ ...entry, permissions: ['instagram_business_basic'] })?.scopes,
    ).toEqual(['instagram_business_basic']);
  });

  it('returns null for answers without a token or a user id', () => {
    expect(readCodeExchange({ data: [] })).toBeNull();
    expect(readCodeExchange({ access_token: 'x' })).toBeNull();
    expect(readCodeExchange({ access_token: 'x', user_id: '1.5e3' })).toBeNull();
    expect(readTokenAnswer({ token_type: 'bearer' })).toBeNull();
  });

  it('reads a long-lived token answer, tolerating an expires_in sent as text', () => {
    expect(
      readTokenAnswer({ access_token: 'IGAA', token_type: 'bearer', expires_in: '5183944' }),
    ).toEqual({
      accessToken: 'IGAA',
      tokenType: 'bearer',
      expiresIn: 5183944,
    });
  });

  it('allows a refresh only from 24 h after issue', () => {
    const issued = new Date('2026-11-20T10:00:00Z');
    expect(canRefreshToken(issued, new Date('2026-11-21T09:59:59Z'))).toBe(false);
    expect(canRefreshToken(issued, new Date('2026-11-21T10:00:00Z'))).toBe(true);
  });
});

describe('account types', () => {
  it.each([
    ['BUSINESS', true],
    ['Business', true],
    ['MEDIA_CREATOR', true],
    ['Media_Creator', true],
    [' media_creator ', true],
    ['PERSONAL', false],
    ['Personal', false],
    ['CREATOR', false],
    [null, false],
  ])('treats %j as professional: %s', (type, professional) => {
    expect(isProfessionalAccountType(type)).toBe(professional);
  });

  it('normalizes to upper case and absent values to null', () => {
    expect(normalizeAccountType('Media_Creator')).toBe('MEDIA_CREATOR');
    expect(normalizeAccountType('')).toBeNull();
    expect(normalizeAccountType(7)).toBeNull();
  });
});
