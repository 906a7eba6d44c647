/**
 * Where an account connection may send the browser back to: one rule for API keys and
 * sessions alike. The `redirectUrl` must have the origin of this server, of a dashboard in
 * REELAY_CORS_ORIGINS or of one in REELAY_REDIRECT_ORIGINS; anything else is refused at the
 * start, before a state is signed, so the callback can never become an open redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account, type Headers_ } from '@reelay/test-support/http-client';
import { connectThroughPlatform, type Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

const DASHBOARD = 'https://painel.example.com';
const LISTED = 'https://app.example.com';
const LISTED_WITH_PORT = 'http://127.0.0.1:5173';

/** Addresses that must never be accepted, whatever the credential; `own` is the server's. */
function badForms(own: string): string[] {
  const host = new URL(own).host;
  return [
    'https://evil.example/x',
    'http://evil.example/x',
    `http://${host}@evil.example/x`,
    `http://user:pass@${host}/app/accounts`,
    `http://evil.example@${host}/app/accounts`,
    `${own}.evil.example/app/accounts`,
    `http://${host}%2F@evil.example/`,
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    'https:\\\\evil.example\\x',
    `https://evil.example\\@${host}/`,
    'javascript:alert(document.domain)',
    'JaVaScRiPt:alert(1)//https://app.example.com',
    'data:text/html,<script>alert(1)</script>',
    `https://${host}/app/accounts`,
    `http://${new URL(own).hostname}:1/app/accounts`,
    'https://app.example.com.evil.example/',
    'http://app.example.com/',
    'https://painel.example.com:8443/',
  ];
}

describe.each(testDialects())('the connection redirect on $name', (dialect) => {
  let platform: Platform;
  let account: Account;
  let own: string;

  beforeAll(async () => {
    platform = await startWithFacebook(dialect, {
      env: {
        REELAY_CORS_ORIGINS: DASHBOARD,
        REELAY_REDIRECT_ORIGINS: `${LISTED}, ${LISTED_WITH_PORT}/`,
      },
    });
    own = platform.server.url;
    account = await createAccount(own);
  });
  afterAll(() => platform.close());

  const start = (redirectUrl: string, headers: Headers_, login?: 'facebook') =>
    call(
      own,
      'GET',
      `/v1/connect/instagram?${new URLSearchParams({ redirectUrl, ...(login ? { login } : {}) })}`,
      undefined,
      headers,
    );
  const modes = (): Array<[string, Headers_]> => [
    ['API key', account.key],
    ['Bearer', account.bearer],
  ];

  it('refuses every foreign, disguised or non-http address in both modes, before any state', async () => {
    const accepted: string[] = [];
    for (const [mode, headers] of modes()) {
      for (const login of [undefined, 'facebook'] as const) {
        for (const redirectUrl of badForms(own)) {
          const answer = await start(redirectUrl, headers, login);
          if (answer.status !== 400) {
            accepted.push(`${mode} ${login ?? 'instagram'} ${redirectUrl}: ${answer.status}`);
            continue;
          }
          expect(answer.body).toMatchObject({
            statusCode: 400,
            code: 'VALIDATION_ERROR',
            message: expect.stringContaining("Campo 'redirectUrl'"),
            details: { field: 'redirectUrl' },
          });
          // No authorization URL, so no state carrying the address.
          expect(answer.body.url).toBeUndefined();
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('accepts this server, the CORS dashboards and the listed origins in both modes', async () => {
    const allowed = [
      `${own}/app/accounts`,
      `${own}/app/accounts?aba=1#topo`,
      `${DASHBOARD}/contas`,
      `${LISTED}/done?x=1`,
      'HTTPS://APP.EXAMPLE.COM/done',
      'https://app.example.com:443/done',
      `${LISTED_WITH_PORT}/callback`,
    ];
    for (const [mode, headers] of modes()) {
      for (const login of [undefined, 'facebook'] as const) {
        for (const redirectUrl of allowed) {
          const answer = await start(redirectUrl, headers, login);
          expect([mode, login, redirectUrl, answer.status]).toEqual([
            mode,
            login,
            redirectUrl,
            200,
          ]);
          expect(answer.body.url).toEqual(expect.any(String));
        }
      }
    }
  });

  it('sends the browser back to a listed origin after the callback, with an API key', async () => {
    const connected = await connectThroughPlatform(platform, account, {
      redirectUrl: `${LISTED}/done?x=1`,
    });
    expect(connected.status).toBe(302);
    const back = new URL(connected.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${LISTED}/done`);
    expect(back.searchParams.get('status')).toBe('connected');
    const { person } = facebookPerson(platform.emulator, ['redirect_fb']);
    const facebook = await connectThroughFacebook(platform, account, {
      personId: person.id,
      redirectUrl: `${own}/app/accounts`,
    });
    expect(facebook.status).toBe(302);
    expect(new URL(facebook.headers.get('location')!).origin).toBe(own);
  });

  it('does not follow a refused address even in a state this server signed', async () => {
    // As a state signed before the allowed origins changed would carry.
    const { state } = platform.server.reelay.context.oauthStates.sign({
      projectId: account.projectId,
      profileId: null,
      redirectUrl: 'https://evil.example/x',
      loginMode: 'instagram',
    });
    const begun = await call(own, 'GET', '/v1/connect/instagram', undefined, account.key);
    const authorize = new URL(begun.body.url);
    authorize.searchParams.set('state', state);
    authorize.searchParams.set(
      'account',
      platform.emulator.createAccount({ username: 'estado_antigo', accountType: 'BUSINESS' }).id,
    );
    authorize.searchParams.set('decision', 'allow');
    const callback = new URL(
      (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
    );
    const answer = await call(own, 'GET', `${callback.pathname}${callback.search}`);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
  });
});
