/**
 * Text no database column can hold as sent (NUL, which PostgreSQL refuses, and UTF-16
 * surrogates without their pair, which have no UTF-8 form) is refused at validation with
 * the same 400 VALIDATION_ERROR on SQLite and PostgreSQL, wherever it arrives: body,
 * query, path parameter, OAuth callback, platform callback form.
 */
import { connect } from 'node:net';
import { newId } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

/** Sends raw bytes and returns the status line of the answer. */
function rawStatusLine(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe.each(testDialects())('text a database cannot hold, on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  const refusedField = async (answer: Promise<{ status: number; body: any }>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    return body.details.field as string;
  };

  it('answers 400 VALIDATION_ERROR naming the path parameter for a NUL in an id', async () => {
    expect(
      await refusedField(call(server.url, 'GET', '/v1/posts/%00', undefined, account.key)),
    ).toBe('id');
    expect(
      await refusedField(
        call(server.url, 'GET', '/v1/notifications/a%00b', undefined, account.bearer),
      ),
    ).toBe('id');
    expect(
      await refusedField(
        call(server.url, 'DELETE', `/v1/projects/${account.projectId}/api-keys/%00`, undefined, {
          authorization: account.bearer.authorization!,
        }),
      ),
    ).toBe('keyId');
    // Public route: no credential needed to reach the check.
    expect(await refusedField(call(server.url, 'GET', '/v1/meta/data-deletion/%00'))).toBe('code');
  });

  it('answers 400 VALIDATION_ERROR naming the body field for NUL or an unpaired surrogate', async () => {
    for (const name of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const answer = call(server.url, 'POST', '/v1/profiles', { name }, account.key);
      expect(await refusedField(answer)).toBe('name');
    }
    const post = {
      mediaItems: [{ type: 'image', url: 'https://127.0.0.1:9/a.jpg' }],
      platforms: [{ platform: 'instagram', accountId: newId('integration') }],
    };
    for (const [field, body] of [
      ['content', { ...post, content: 'Oi\u0000' }],
      ['idempotencyKey', { ...post, idempotencyKey: 'k\u0000' }],
      [
        'mediaItems[0].url',
        { ...post, mediaItems: [{ type: 'image', url: 'https://a.com/\u0000' }] },
      ],
    ] as const) {
      expect(await refusedField(call(server.url, 'POST', '/v1/posts', body, account.key))).toBe(
        field,
      );
    }
    const orgAnswer = call(
      server.url,
      'PATCH',
      `/v1/organizations/${account.organizationId}`,
      { name: 'Org\u0000' },
      { authorization: account.bearer.authorization! },
    );
    expect(await refusedField(orgAnswer)).toBe('name');
  });

  it('stores nothing when a text is refused', async () => {
    await call(server.url, 'POST', '/v1/profiles', { name: 'a\ud800' }, account.key);
    const listed = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(listed.body.profiles).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR naming the query parameter for a NUL in a filter', async () => {
    for (const [path, field] of [
      ['/v1/connect/integrations?q=%00', 'q'],
      ['/v1/connect/integrations?platform=a%00', 'platform'],
      ['/v1/connect/integrations?profileId=%00', 'profileId'],
      ['/v1/posts?profileId=prf_%00', 'profileId'],
    ] as const) {
      expect(await refusedField(call(server.url, 'GET', path, undefined, account.key)), path).toBe(
        field,
      );
    }
  });

  it('answers 400 VALIDATION_ERROR for a NUL in OAuth callback parameters and platform callback forms', async () => {
    for (const field of ['code', 'state', 'error']) {
      const path = `/v1/connect/instagram/callback?${field}=x%00`;
      expect(await refusedField(call(server.url, 'GET', path)), path).toBe(field);
    }
    for (const path of ['/v1/meta/deauthorize', '/v1/meta/data-deletion']) {
      const answer = call(server.url, 'POST', path, 'signed_request=a.%00', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(await refusedField(answer), path).toBe('signed_request');
    }
  });

  it('never lets NUL reach the database through a header: the HTTP parser refuses it first', async () => {
    const port = Number(new URL(server.url).port);
    const head = (projectId: string) =>
      Buffer.from(
        `GET /v1/profiles HTTP/1.1\r\nhost: x\r\nauthorization: ${account.bearer.authorization}\r\n` +
          `x-project-id: ${projectId}\r\nconnection: close\r\n\r\n`,
        'latin1',
      );
    expect(await rawStatusLine(port, head('proj_\u0000'))).toMatch(/^HTTP\/1\.1 400/);
    // Latin-1 bytes are decoded as such and are storable: an unknown project, not a crash.
    const latin = await call(server.url, 'GET', '/v1/profiles', undefined, {
      authorization: account.bearer.authorization!,
      'x-project-id': 'proj_\u00ff\u00fe',
    });
    expect(latin.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });
});
