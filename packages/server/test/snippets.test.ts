/**
 * Snippets over real HTTP on every database: captions and hashtag groups kept per
 * project, listed by kind, changed and removed, and invisible to other projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('snippets on $name', (dialect) => {
  let server: TestServer;
  let owner: Account;
  let stranger: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    owner = await createAccount(server.url);
    stranger = await createAccount(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = (method: string, path: string, body?: unknown, as: Account = owner) =>
    call(server.url, method, path, body, as.key);

  it('keeps captions and hashtag groups, by title, per project', async () => {
    const tags = await api('POST', '/v1/snippets', {
      kind: 'hashtags',
      title: 'Café',
      text: '#café #barista',
    });
    expect(tags.status).toBe(201);
    expect(tags.body.snippet).toMatchObject({ kind: 'hashtags', title: 'Café' });
    await api('POST', '/v1/snippets', { kind: 'caption', title: 'Abertura', text: 'Bom dia!' });
    expect((await api('GET', '/v1/snippets')).body.snippets.map((item: any) => item.title)).toEqual(
      ['Abertura', 'Café'],
    );
    expect((await api('GET', '/v1/snippets?kind=hashtags')).body.snippets).toHaveLength(1);

    const changed = await api('PATCH', `/v1/snippets/${tags.body.snippet.id}`, {
      text: '#café #espresso',
    });
    expect(changed.body.snippet.text).toBe('#café #espresso');
    const empty = await api('PATCH', `/v1/snippets/${tags.body.snippet.id}`, {});
    expect(empty.status).toBe(400);

    expect((await api('GET', '/v1/snippets', undefined, stranger)).body.snippets).toEqual([]);
    const foreign = await api(
      'DELETE',
      `/v1/snippets/${tags.body.snippet.id}`,
      undefined,
      stranger,
    );
    expect(foreign.status).toBe(404);
    expect((await api('DELETE', `/v1/snippets/${tags.body.snippet.id}`)).status).toBe(204);
    expect((await api('GET', '/v1/snippets?kind=hashtags')).body.snippets).toEqual([]);
  });
});
