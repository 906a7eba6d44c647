/**
 * The connection flow as a browser meets it: a person sent back by Instagram without a
 * `redirectUrl` reads a page (Portuguese or English) instead of JSON, while API clients
 * keep the JSON; and a connection may only send the browser back to this server or a
 * dashboard allowed by CORS (or an origin in REELAY_REDIRECT_ORIGINS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeLanguage, prefersHtml } from '../src/http/oauth-outcome-page';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account, type Headers_ } from '@reelay/test-support/http-client';
import { startWithEmulator, type Platform } from '@reelay/test-support/with-emulator';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('what the callback answers a browser', () => {
  let platform: Platform;
  let account: Account;

  beforeAll(async () => {
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_CORS_ORIGINS: 'https://painel.example.com' },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(() => platform.close());

  /** Starts a connection, authorises on the emulator, and calls the callback with `headers`. */
  async function returnFromInstagram(
    headers: Headers_,
    accountType: 'BUSINESS' | 'PERSONAL' = 'BUSINESS',
  ) {
    const { id } = platform.emulator.createAccount({
      username: `loja_${Math.random().toString(36).slice(2, 8)}`,
      accountType,
    });
    const start = await call(
      platform.server.url,
      'GET',
      '/v1/connect/instagram',
      undefined,
      account.key,
    );
    const authorize = new URL(start.body.url);
    authorize.searchParams.set('account', id);
    authorize.searchParams.set('decision', 'allow');
    const callback = new URL(
      (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
    );
    return fetch(`${platform.server.url}${callback.pathname}${callback.search}`, {
      headers,
      redirect: 'manual',
    });
  }

  it('shows a page in Portuguese saying the account is connected and the tab can be closed', async () => {
    const answer = await returnFromInstagram({
      accept: BROWSER_ACCEPT,
      'accept-language': 'pt-BR,pt;q=0.9',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+';/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await answer.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toMatch(/<h1>Conta conectada<\/h1>\n<p>@loja_\w+ está conectada ao Reelay/);
    expect(html).toContain('Você já pode fechar esta aba.');
    expect(html).not.toMatch(/<script/);
  });

  it('speaks English to a browser that prefers it, and explains a refusal', async () => {
    const answer = await returnFromInstagram(
      { accept: BROWSER_ACCEPT, 'accept-language': 'en-GB,en;q=0.9,pt;q=0.5' },
      'PERSONAL',
    );
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>The account was not connected</h1>');
    expect(html).toContain('This is a personal account. Switch it to a professional');
    expect(html).toContain('You can close this tab now.');
  });

  it('keeps answering JSON to API clients, as before', async () => {
    for (const headers of [{}, { accept: 'application/json' }, { accept: '*/*' }] as Headers_[]) {
      const answer = await returnFromInstagram(headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await answer.json();
      expect(body).toMatchObject({ success: true, integration: { status: 'connected' } });
      expect(Object.keys(body)).toEqual([
        'success',
        'integration',
        'integrations',
        'count',
        'refused',
      ]);
      expect(body).toMatchObject({ count: 1, refused: [] });
      expect(body.integrations).toEqual([body.integration]);
    }
    const refused = await returnFromInstagram({ accept: 'application/json' }, 'PERSONAL');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400, code: 'ACCOUNT_NOT_BUSINESS' });
  });

  it('sends the browser back only to this server or a CORS dashboard, with a session or a key', async () => {
    const start = (redirectUrl: string, headers: Headers_) =>
      call(
        platform.server.url,
        'GET',
        `/v1/connect/instagram?${new URLSearchParams({ redirectUrl })}`,
        undefined,
        headers,
      );
    const elsewhere = await start('https://golpe.example.net/app/accounts', account.bearer);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'redirectUrl' },
    });
    expect((await start(`${platform.server.url}/app/accounts`, account.bearer)).status).toBe(200);
    expect((await start('https://painel.example.com/contas', account.bearer)).status).toBe(200);
    // An API key follows the same rule (connect-redirect.test.ts has the whole of it).
    expect((await start('https://golpe.example.net/app/accounts', account.key)).status).toBe(400);
    expect((await start(`${platform.server.url}/app/accounts`, account.key)).status).toBe(200);
  });
});

describe('reading Accept and Accept-Language', () => {
  it('prefers HTML only when the browser names it above JSON', () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });

  it('answers Portuguese unless English comes first among the two', () => {
    expect(outcomeLanguage(undefined)).toBe('pt-BR');
    expect(outcomeLanguage('en-US,en;q=0.9')).toBe('en');
    expect(outcomeLanguage('fr-FR,en;q=0.8,pt;q=0.9')).toBe('pt-BR');
    expect(outcomeLanguage('de-DE')).toBe('pt-BR');
    expect(outcomeLanguage('pt-PT,en;q=0.9')).toBe('pt-BR');
  });
});
