import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { call, startTestEmulator } from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const REDIRECT = 'https://app.example.com/connect/instagram/callback';

function authorizeQuery(extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: 'emulator-app-id',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'instagram_business_basic,instagram_business_content_publish',
    state: 'csrf-123',
    ...extra,
  };
}

describe('GET /oauth/authorize', () => {
  it('redirects at once with a code, the state and the trailing #_ when the account allows', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({ account: account.id, decision: 'allow' }),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${REDIRECT}?code=`)).toBe(true);
    expect(location.endsWith('#_')).toBe(true);
    const url = new URL(location);
    expect(url.searchParams.get('state')).toBe('csrf-123');
    expect(url.searchParams.get('code')).toMatch(/^AQ/);
  });

  it('redirects with the documented denial when the person denies', async () => {
    const res = await call(emulator, 'GET', '/v21.0/oauth/authorize', {
      query: authorizeQuery({ decision: 'deny' }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `${REDIRECT}?error=access_denied&error_reason=user_denied` +
        '&error_description=The+user+denied+your+request&state=csrf-123',
    );
  });

  it('shows a page listing the accounts when no account is named, whose form answers the redirect', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora', name: 'Café <Aurora>' });
    const page = await call(emulator, 'GET', '/oauth/authorize', { query: authorizeQuery() });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('@cafe.aurora');
    expect(page.text).toContain('Café &lt;Aurora&gt;');
    expect(page.text).toContain(`value="${account.id}"`);
    expect(page.text).toContain('<form method="get" action="/oauth/authorize">');

    // What the browser sends when the person clicks Allow: the hidden fields plus the choice.
    const hidden = [...page.text.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)];
    const submitted = Object.fromEntries(
      hidden.map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]),
    );
    const res = await call(emulator, 'GET', '/oauth/authorize', {
      query: { ...submitted, account: account.id, decision: 'allow' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\?code=AQ[^&]+&state=csrf-123#_$/);
  });

  it('keeps an existing query string of the redirect URI', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({ redirect_uri: `${REDIRECT}?tenant=7`, account: account.id }),
    });
    expect(res.headers.get('location')).toMatch(/callback\?tenant=7&code=/);
  });

  it.each([
    [{ client_id: 'someone-else' }, 'Invalid platform app'],
    [{ redirect_uri: 'javascript:alert(1)' }, 'Invalid redirect_uri'],
    [{ response_type: 'token' }, 'Invalid response_type'],
    [{ scope: 'instagram_business_content_publish' }, 'instagram_business_basic is required'],
    [{ scope: 'instagram_business_basic,business_basic' }, 'Invalid Scopes: business_basic'],
  ])('refuses a broken request with an error page and no redirect (%o)', async (extra, reason) => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({ ...extra, account: account.id }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain(reason);
  });

  it('accepts space-separated scopes', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({
        scope: 'instagram_business_basic instagram_business_content_publish',
        account: account.id,
      }),
    });
    expect(res.status).toBe(302);
  });

  it('refuses redirect URIs that are not registered when some are', async () => {
    emulator.configure({ redirectUris: [REDIRECT] });
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const other = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({ redirect_uri: `${REDIRECT}/`, account: account.id }),
    });
    expect(other.status).toBe(400);
    const registered = await call(emulator, 'GET', '/oauth/authorize', {
      query: authorizeQuery({ account: account.id }),
    });
    expect(registered.status).toBe(302);
  });
});
