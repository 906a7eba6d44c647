import { describe, expect, it } from 'vitest';
import { buildFacebookDialogUrl, readPagesAnswer, readTokenDebug } from './facebook-login';

const CONFIG = {
  dialogUrl: 'https://www.facebook.com/',
  appId: '42',
  redirectUri: 'https://app.example/cb',
  graphApiVersion: 'v25.0',
};

describe('the Facebook Login dialog URL', () => {
  it('sends config_id instead of scope when a configuration is given', () => {
    const url = new URL(buildFacebookDialogUrl(CONFIG, { state: 'st', configId: '9001' }));
    expect(url.pathname).toBe('/v25.0/dialog/oauth');
    expect(url.searchParams.get('config_id')).toBe('9001');
    expect(url.searchParams.has('scope')).toBe(false);
  });

  it('sends the scopes comma-separated, unversioned when asked, and refuses an empty state', () => {
    const url = new URL(
      buildFacebookDialogUrl(
        { ...CONFIG, graphApiVersion: null },
        { state: 'st', scopes: ['instagram_basic', 'pages_show_list'] },
      ),
    );
    expect(url.pathname).toBe('/dialog/oauth');
    expect(url.searchParams.get('scope')).toBe('instagram_basic,pages_show_list');
    expect(() => buildFacebookDialogUrl(CONFIG, { state: '' })).toThrow(TypeError);
  });
});

describe('reading /me/accounts', () => {
  it('keeps ids exact, skips entries that are not Pages and gives the next cursor only with a next page', () => {
    const answer = readPagesAnswer({
      data: [
        { id: 123456789012345, name: 'Café', access_token: 'EAA1', tasks: ['MANAGE'] },
        { name: 'sem id' },
        { id: '99', instagram_business_account: { id: '17841400000000001' } },
      ],
      paging: { cursors: { before: 'b', after: 'a' }, next: 'https://graph.facebook.com/…' },
    });
    expect(answer).toEqual({
      pages: [
        {
          id: '123456789012345',
          name: 'Café',
          accessToken: 'EAA1',
          tasks: ['MANAGE'],
          instagramAccountId: null,
        },
        {
          id: '99',
          name: null,
          accessToken: null,
          tasks: [],
          instagramAccountId: '17841400000000001',
        },
      ],
      after: 'a',
    });
    expect(readPagesAnswer({ data: [], paging: { cursors: { after: 'a' } } })?.after).toBeNull();
    expect(readPagesAnswer({ error: {} })).toBeNull();
  });
});

describe('reading debug_token', () => {
  it('reads zeros as never and seconds as dates', () => {
    expect(
      readTokenDebug({
        data: {
          is_valid: true,
          type: 'USER',
          user_id: '10158',
          scopes: ['instagram_basic'],
          expires_at: 1_800_000_000,
          data_access_expires_at: 0,
        },
      }),
    ).toEqual({
      isValid: true,
      type: 'USER',
      userId: '10158',
      scopes: ['instagram_basic'],
      expiresAt: new Date(1_800_000_000_000),
      dataAccessExpiresAt: null,
    });
    expect(readTokenDebug({ data: {} })).toBeNull();
  });
});
