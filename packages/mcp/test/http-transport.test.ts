/**
 * The MCP server over Streamable HTTP at a real Reelay server's `/mcp`, driven by the
 * official SDK's client: the credential is the API's, tools publish for real on the
 * emulator, a repeated create makes one post, and refusals come back as tool errors
 * carrying the API's code.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { inZone } from '../src/server-time';
import { toolCatalogue } from '../src/tools';
import { callTool, startWorld, structured, toolError, type World } from './helpers/world';

const HOUR = 60 * 60_000;
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

describe.each(testDialects())('MCP over Streamable HTTP on $name', (dialect) => {
  let world: World;
  let mcp: Client;
  const clients: Client[] = [];

  const endpoint = () => new URL(`${world.platform.server.url}/mcp`);
  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'reelay-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers } }),
    );
    clients.push(client);
    return client;
  }
  const postRaw = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
    fetch(endpoint(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const image = (seed: number) => ({
    type: 'image',
    url: world.media.image(1080, 1350, 'jpg', seed),
  });
  const target = () => ({ platform: 'instagram', accountId: world.accountId });
  const now = () => world.platform.server.clock.now();
  // A fresh access token: the clock moved past the one issued at sign-up.
  async function sessionHeaders(): Promise<{ authorization: string; 'x-project-id': string }> {
    const login = await call(world.platform.server.url, 'POST', '/v1/auth/login', {
      email: world.customer.email,
      password: 'correct horse battery',
    });
    return {
      authorization: `Bearer ${login.body.accessToken}`,
      'x-project-id': world.customer.projectId,
    };
  }

  beforeAll(async () => {
    world = await startWorld(dialect);
    mcp = await connect(world.customer.key);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await world?.close();
  });

  it('lists the tools of the contract, annotated, without the local-file tool', async () => {
    const { tools } = await mcp.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(
      toolCatalogue({ localFiles: false })
        .map((tool) => tool.name)
        .sort(),
    );
    expect(byName.has('upload_media_from_file')).toBe(false);
    expect(byName.get('create_post')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(byName.get('cancel_post')!.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('list_posts')!.annotations).toMatchObject({ readOnlyHint: true });
    const createPost = byName.get('create_post')!;
    // A draft may lack accounts and media: the API asks for them in any other post.
    expect(createPost.inputSchema.required).toBeUndefined();
    expect(Object.keys(createPost.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['scheduledFor', 'timezone', 'idempotencyKey', 'draft']),
    );
    expect(createPost.description).toContain('retry_post');
    expect(byName.get('reschedule_post')!.inputSchema.required).toEqual(['id']);
  });

  it('says which credential is in use: the key of the customer project', async () => {
    const answer = structured(await callTool(mcp, 'whoami'));
    expect(answer).toMatchObject({
      project: { id: world.customer.projectId },
      credential: { kind: 'apiKey' },
    });
  });

  it('checks the server setup, each check with its reason and, when not ok, the fix', async () => {
    const answer = structured(await callTool(mcp, 'check_setup')) as {
      checks: { id: string; status: string; reason: string; fix?: string }[];
    };
    const byId = new Map(answer.checks.map((check) => [check.id, check]));
    expect(byId.get('database')).toMatchObject({ status: 'ok', reason: 'database_ok' });
    expect(byId.get('smtp')).toMatchObject({ status: 'warning', reason: 'smtp_missing' });
    expect(byId.get('smtp')!.fix).toContain('REELAY_SMTP_URL');
  });

  it('tells the time of the clock that checks schedules, in the zone asked for', async () => {
    const answer = structured(
      await callTool(mcp, 'current_time', { timezone: 'America/Sao_Paulo' }),
    );
    expect(answer).toMatchObject({
      now: new Date(now()).toISOString(),
      source: 'server',
      timezone: 'America/Sao_Paulo',
    });
    expect(answer.localTime).toBe(inZone(new Date(now()), 'America/Sao_Paulo'));
    expect(answer.localTime).toMatch(/-03:00$/);
  });

  it('schedules a post that the emulator publishes when its time comes', async () => {
    const scheduledFor = inZone(new Date(now() + 2 * HOUR), 'America/Sao_Paulo');
    const created = structured(
      await callTool(mcp, 'create_post', {
        content: 'Bom dia pelo MCP #reelay',
        mediaItems: [image(1)],
        platforms: [target()],
        scheduledFor,
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(created.post).toMatchObject({ status: 'scheduled', timezone: 'America/Sao_Paulo' });
    expect(created.post.scheduledFor).toBe(new Date(scheduledFor).toISOString());
    expect(created.post.idempotencyKey).toMatch(/^mcp-create_post-[0-9a-f]{40}$/);
    const published = () =>
      world.platform.emulator
        .published()
        .filter((item) => item.accountId === world.platformAccountId);
    const before = published().length;

    await world.settle();

    const read = structured(await callTool(mcp, 'get_post', { id: created.post.id }));
    expect(read.post.status).toBe('published');
    expect(read.post.platforms[0].platformPostId).toEqual(expect.any(String));
    expect(published()).toHaveLength(before + 1);
  });

  it('makes one post when the same create is sent twice', async () => {
    const args = {
      content: 'Uma vez só',
      mediaItems: [image(2)],
      platforms: [target()],
    };
    const first = structured(await callTool(mcp, 'create_post', args));
    // The same arguments in another key order: the same call.
    const second = structured(
      await callTool(mcp, 'create_post', {
        platforms: args.platforms,
        mediaItems: args.mediaItems,
        content: args.content,
      }),
    );
    expect(second.post.id).toBe(first.post.id);
    const listed = structured(await callTool(mcp, 'list_posts', { limit: 100 }));
    expect(
      listed.posts.filter((post: { content: string }) => post.content === 'Uma vez só'),
    ).toHaveLength(1);
  });

  it('makes one post per idempotencyKey, and refuses the key for other content', async () => {
    const args = {
      content: 'Com chave',
      mediaItems: [image(3)],
      platforms: [target()],
      scheduledFor: inZone(new Date(now() + 5 * HOUR), 'UTC'),
      idempotencyKey: 'pedido-42',
    };
    const first = structured(await callTool(mcp, 'create_post', args));
    const again = structured(await callTool(mcp, 'create_post', args));
    expect(first.post.idempotencyKey).toBe('pedido-42');
    expect(again.post.id).toBe(first.post.id);

    const reused = toolError(
      await callTool(mcp, 'create_post', { ...args, content: 'Outro conteúdo' }),
    );
    expect(reused.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 409 });
    expect(reused.text).toContain('IDEMPOTENCY_KEY_REUSED');
    expect(reused.text).toContain('O que fazer:');
  });

  it('answers invalid input as a tool error with the API code, and the session goes on', async () => {
    const tooSoon = toolError(
      await callTool(mcp, 'create_post', {
        content: 'Cedo demais',
        mediaItems: [image(4)],
        platforms: [target()],
        scheduledFor: new Date(now() + 30_000).toISOString(),
      }),
    );
    expect(tooSoon.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      retry: 'do-not-retry',
      details: { field: 'scheduledFor' },
    });
    expect(tooSoon.text).toMatch(/^Erro VALIDATION_ERROR \(HTTP 400\): Campo 'scheduledFor'/);

    const missing = toolError(await callTool(mcp, 'create_post', { content: 'Sem mídia' }));
    expect(missing.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(missing.error.details.issues.map((issue: { field: string }) => issue.field)).toEqual(
      expect.arrayContaining(['mediaItems', 'platforms']),
    );

    const unknownField = toolError(await callTool(mcp, 'list_posts', { colour: 'blue' }));
    expect(unknownField.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'colour' },
    });

    expect(structured(await callTool(mcp, 'list_profiles'))).toMatchObject({ success: true });
  });

  it("answers another project's post as not found", async () => {
    const created = structured(
      await callTool(mcp, 'create_post', {
        content: 'Só deste projeto',
        mediaItems: [image(5)],
        platforms: [target()],
        scheduledFor: inZone(new Date(now() + 6 * HOUR), 'UTC'),
      }),
    );
    const stranger = await createAccount(world.platform.server.url);
    const theirs = await connect(stranger.key);
    for (const name of ['get_post', 'cancel_post', 'reschedule_post']) {
      const args =
        name === 'reschedule_post'
          ? { id: created.post.id, scheduledFor: inZone(new Date(now() + 7 * HOUR), 'UTC') }
          : { id: created.post.id };
      const refused = toolError(await callTool(theirs, name, args));
      expect(refused.error, name).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    }
    const mine = structured(await callTool(mcp, 'get_post', { id: created.post.id }));
    expect(mine.post.status).toBe('scheduled');
  });

  it('takes a Bearer session with x-project-id, and says whose it is', async () => {
    const session = await connect(await sessionHeaders());
    const answer = structured(await callTool(session, 'whoami'));
    expect(answer).toMatchObject({
      project: { id: world.customer.projectId },
      credential: { kind: 'user', user: { email: world.customer.email } },
    });
  });

  it('refuses a request without a credential, or with a refused one, in the API envelope', async () => {
    const none = await postRaw({});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });

    const invalid = await postRaw({ 'x-access-key': 'rly_live_000000000000000000000000000000' });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const noProject = await postRaw({ authorization: (await sessionHeaders()).authorization });
    expect(noProject.status).toBe(400);
    expect(await noProject.json()).toMatchObject({ code: 'PROJECT_REQUIRED' });

    await expect(connect({})).rejects.toThrow();
  });

  it('answers a connection with a valid key in JSON, with the safety instructions', async () => {
    const answer = await postRaw(world.customer.key);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.result.serverInfo.name).toBe('reelay');
    expect(body.result.instructions).toContain('retry_post');
  });

  it('refuses a browser page of another origin, and offers no GET stream', async () => {
    const foreign = await postRaw({ ...world.customer.key, origin: 'https://evil.example' });
    expect(foreign.status).toBe(401);
    expect((await foreign.json()).message).toMatch(/outra origem/);

    const stream = await fetch(endpoint(), {
      headers: { ...world.customer.key, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(405);
  });

  // Last: it disconnects the account the other tests publish to.
  it('disconnects an account of its own project only, as a destructive tool', async () => {
    const { tools } = await mcp.listTools();
    const tool = tools.find((listed) => listed.name === 'disconnect_account');
    expect(tool?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });

    const stranger = await createAccount(world.platform.server.url);
    const theirs = await connect(stranger.key);
    const refused = toolError(
      await callTool(theirs, 'disconnect_account', { id: world.accountId }),
    );
    expect(refused.error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });

    await callTool(mcp, 'disconnect_account', { id: world.accountId });
    const listed = structured(await callTool(mcp, 'list_accounts', {}));
    const account = listed.integrations.find((item: { id: string }) => item.id === world.accountId);
    expect(account?.status).toBe('revoked');
  });
});
