/**
 * `/mcp` counts tool calls in the API's own rate buckets: a call is a request of the
 * caller's credential, so a key that used its minute on the API is refused through MCP
 * too (as a tool error with the API's code and wait), while another project's key,
 * though its calls also arrive over the same loopback address, keeps its own bucket.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { callTool, structured, toolError } from './helpers/world';

// Enough for sign-up and a few calls; low enough to use up in a test.
const PER_MINUTE = 12;

describe.each(testDialects())('MCP rate limits on $name', (dialect) => {
  let server: TestServer;
  const clients: Client[] = [];

  async function connect(account: Account): Promise<Client> {
    const client = new Client({ name: 'reelay-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: account.key },
      }),
    );
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_RATE_LIMIT_DEFAULT: String(PER_MINUTE), REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
  });

  it("refuses a tool call once the key's bucket is used up on the API, and not another key's", async () => {
    const customer = await createAccount(server.url);
    const other = await createAccount(server.url);
    const mcp = await connect(customer);
    const theirs = await connect(other);
    expect(structured(await callTool(mcp, 'list_posts'))).toMatchObject({ success: true });

    let status = 0;
    for (let sent = 0; sent <= PER_MINUTE && status !== 429; sent++) {
      status = (await call(server.url, 'GET', '/v1/posts', undefined, customer.key)).status;
    }
    expect(status).toBe(429);

    const limited = toolError(await callTool(mcp, 'list_posts'));
    expect(limited.error).toMatchObject({ code: 'RATE_LIMIT_KEY', statusCode: 429, retry: 'safe' });
    expect(limited.text).toMatch(/^Erro RATE_LIMIT_KEY \(HTTP 429\)/);

    expect(structured(await callTool(theirs, 'list_posts'))).toMatchObject({ success: true });

    // A new minute, a new bucket: the same session goes on.
    server.clock.advance(61_000);
    expect(structured(await callTool(mcp, 'list_posts'))).toMatchObject({ success: true });
  });
});
