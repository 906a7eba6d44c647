import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRAPH_API_VERSION,
  DEFAULT_INSTAGRAM_TIMEOUTS,
  resolveInstagramClientOptions,
} from './instagram-client-options';

const credentials = { appId: '990001', appSecret: 'secret', redirectUri: 'https://app.example/cb' };

describe('resolveInstagramClientOptions', () => {
  it('applies the documented hosts, version and timeouts by default', () => {
    const resolved = resolveInstagramClientOptions(credentials);
    expect(resolved).toMatchObject({
      authorizeUrl: 'https://www.instagram.com',
      apiUrl: 'https://api.instagram.com',
      graphUrl: 'https://graph.instagram.com',
      uploadUrl: 'https://rupload.facebook.com',
      graphApiVersion: DEFAULT_GRAPH_API_VERSION,
      timeouts: DEFAULT_INSTAGRAM_TIMEOUTS,
    });
  });

  it('trims trailing slashes, keeps a base path and turns an empty version into none', () => {
    const resolved = resolveInstagramClientOptions({
      ...credentials,
      graphUrl: 'http://127.0.0.1:4000/graph/',
      graphApiVersion: '',
      timeouts: { headersMs: 500 },
    });
    expect(resolved.graphUrl).toBe('http://127.0.0.1:4000/graph');
    expect(resolved.graphApiVersion).toBeNull();
    expect(resolved.timeouts).toEqual({ ...DEFAULT_INSTAGRAM_TIMEOUTS, headersMs: 500 });
  });

  it('bounds an insights read, all its calls together, to what someone waits for', () => {
    // docs/insights.md promises an answer within about 12 s when Instagram hangs.
    expect(DEFAULT_INSTAGRAM_TIMEOUTS.insightsMs).toBe(12_000);
    expect(DEFAULT_INSTAGRAM_TIMEOUTS.insightsMs).toBeLessThan(DEFAULT_INSTAGRAM_TIMEOUTS.totalMs);
    expect(() =>
      resolveInstagramClientOptions({
        appId: '1',
        appSecret: 's',
        redirectUri: 'https://x/cb',
        timeouts: { insightsMs: 0 },
      }),
    ).toThrow(/timeouts.insightsMs must be a positive number/);
  });

  it('names every missing credential in PLATFORM_CREDENTIALS_MISSING', () => {
    expect(() =>
      resolveInstagramClientOptions({ appId: ' ', appSecret: '', redirectUri: 'https://x/cb' }),
    ).toThrow(
      expect.objectContaining({
        code: 'PLATFORM_CREDENTIALS_MISSING',
        details: { missing: ['appId', 'appSecret'] },
      }),
    );
  });

  it.each([
    [{ graphUrl: 'graph.instagram.com' }],
    [{ apiUrl: 'ftp://api.instagram.com' }],
    [{ graphUrl: 'https://graph.instagram.com/?access_token=x' }],
    [{ graphApiVersion: '25' }],
    [{ timeouts: { bodyMs: 0 } }],
    [{ maxResponseBytes: -1 }],
  ])('refuses the malformed option %j', (extra) => {
    expect(() => resolveInstagramClientOptions({ ...credentials, ...extra })).toThrow(TypeError);
  });
});
