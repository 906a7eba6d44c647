/**
 * `/mcp` checks the credential of every request, not only of `initialize`: from the
 * stored keys and users each time, as the API does, so a wrong, revoked or expired
 * credential is refused (401 in the API's envelope) on `tools/list`, `tools/call` and
 * whatever else comes after the connection. A session is bound to the project it was
 * started in: continuing it with another project's credential is refused (403).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { callTool, structured } from './helpers/world';

const WRONG_KEY = 'rly_live_000000000000000000000000000000';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw-test', version: '1.0.0' },
  },
};
const LIST_TOOLS = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
const WHOAMI = {
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {} },
};

describe.each(testDialects())('MCP credentials on every request on $name', (dialect) => {
  let server: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
  });

  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  /** Initializes over raw HTTP and answers the session id the server gave, if any. */
  async function initialize(headers: Record<string, string>): Promise<Record<string, string>> {
    const answer = await post(headers, INITIALIZE);
    expect(answer.status).toBe(200);
    await answer.json();
    const session = answer.headers.get('mcp-session-id');
    return session ? { 'mcp-session-id': session } : {};
  }

  async function expectRefused(answer: Response, statusCode: number, code: string) {
    expect([answer.status, await answer.json()]).toEqual([
      statusCode,
      expect.objectContaining({ statusCode, code, message: expect.any(String) }),
    ]);
  }

  async function revoke(account: Account, key: string): Promise<void> {
    const auth = { authorization: account.bearer.authorization! };
    const path = `/v1/projects/${account.projectId}/api-keys`;
    const keys = await call(server.url, 'GET', path, undefined, auth);
    const id = keys.body.apiKeys.find((listed: { prefix: string }) =>
      key.startsWith(listed.prefix),
    ).id;
    expect((await call(server.url, 'DELETE', `${path}/${id}`, undefined, auth)).status).toBe(200);
  }

  async function newKey(account: Account): Promise<string> {
    const created = await call(
      server.url,
      'POST',
      `/v1/projects/${account.projectId}/api-keys`,
      { name: 'outra' },
      { authorization: account.bearer.authorization! },
    );
    return created.body.apiKey.key;
  }

  it('refuses a wrong key after initialize, and a key revoked after it, on every method', async () => {
    const account = await createAccount(server.url);
    const session = await initialize(account.key);

    for (const body of [LIST_TOOLS, WHOAMI]) {
      await expectRefused(await post({ 'x-access-key': WRONG_KEY }, body), 401, 'UNAUTHORIZED');
      await expectRefused(
        await post({ ...session, 'x-access-key': WRONG_KEY }, body),
        401,
        'UNAUTHORIZED',
      );
      await expectRefused(await post({ ...session }, body), 401, 'UNAUTHORIZED');
    }
    const listed = await post({ ...session, ...account.key }, LIST_TOOLS);
    expect(listed.status).toBe(200);
    expect((await listed.json()).result.tools.length).toBeGreaterThan(10);

    await revoke(account, account.apiKey);
    for (const body of [LIST_TOOLS, WHOAMI, INITIALIZE]) {
      await expectRefused(await post({ ...session, ...account.key }, body), 401, 'UNAUTHORIZED');
    }
  });

  it('refuses an invalid Bearer token after a session initialized with a valid one', async () => {
    const account = await createAccount(server.url);
    const session = await initialize(account.bearer);
    const forged = { ...account.bearer, authorization: `${account.bearer.authorization}x` };
    await expectRefused(await post({ ...session, ...forged }, LIST_TOOLS), 401, 'UNAUTHORIZED');
    expect((await post({ ...session, ...account.bearer }, LIST_TOOLS)).status).toBe(200);
  });

  it('refuses a session continued with the key of another project, and takes another key of its own', async () => {
    const ana = await createAccount(server.url);
    const bruno = await createAccount(server.url);
    const session = await initialize(ana.key);
    expect(session['mcp-session-id']).toEqual(expect.any(String));

    for (const body of [LIST_TOOLS, WHOAMI]) {
      await expectRefused(await post({ ...session, ...bruno.key }, body), 403, 'FORBIDDEN');
    }
    // A rotated key of the same project goes on with the session.
    const rotated = await newKey(ana);
    const whoami = await post({ ...session, 'x-access-key': rotated }, WHOAMI);
    expect(whoami.status).toBe(200);
    expect((await whoami.json()).result.structuredContent.project.id).toBe(ana.projectId);
    // A session id this server did not issue is unknown, whoever presents it.
    await expectRefused(
      await post({ 'mcp-session-id': 'forjada.abc', ...ana.key }, LIST_TOOLS),
      404,
      'NOT_FOUND',
    );
    // Ending a session ends nothing: it holds no state.
    const ended = await fetch(`${server.url}/mcp`, {
      method: 'DELETE',
      headers: { ...session, ...ana.key },
    });
    expect(ended.status).toBe(405);
    // Without a session, a request is its credential's own, as the stateless API is.
    const own = await post(bruno.key, WHOAMI);
    expect((await own.json()).result.structuredContent.project.id).toBe(bruno.projectId);
  });

  it('refuses the SDK client once its key is wrong, revoked or of another project', async () => {
    const account = await createAccount(server.url);
    const other = await createAccount(server.url);
    const headers: Record<string, string> = { ...account.key };
    const client = new Client({ name: 'reelay-tests', version: '1.0.0' });
    // The transport reads these headers at every request: changing them changes the key.
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers },
      }),
    );
    clients.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);

    const refusal = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StreamableHTTPError);
      return (error as StreamableHTTPError).code;
    };

    headers['x-access-key'] = WRONG_KEY;
    expect(await refusal(() => client.listTools())).toBe(401);
    expect(await refusal(() => callTool(client, 'whoami'))).toBe(401);

    headers['x-access-key'] = other.apiKey;
    expect(await refusal(() => client.listTools())).toBe(403);

    headers['x-access-key'] = account.apiKey;
    expect(structured(await callTool(client, 'whoami'))).toMatchObject({
      project: { id: account.projectId },
    });

    await revoke(account, account.apiKey);
    expect(await refusal(() => client.listTools())).toBe(401);
    expect(await refusal(() => callTool(client, 'whoami'))).toBe(401);
  });
});
