/**
 * A team's whole approval flow on a real server and the Instagram emulator, on both
 * databases, with sign-up closed: the owner invites an editor and a viewer, who sign up
 * through their links; approval is required; the editor's post waits and, once its time
 * passes, nothing is published; a second post approved by the owner is published exactly
 * once; a review link's approval publishes a third; a removed member is refused on the
 * next request with the same token; and an agent with an `editor` key, through MCP, can
 * only propose.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { callTool, structured } from './helpers/world';

const MINUTE = 60_000;
const PASSWORD = 'correct horse battery';

describe.each(testDialects())('a team approving posts on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let accountId: string;
  const people: Record<'editor' | 'viewer', { email: string; userId: string }> = {
    editor: { email: 'bia@example.com', userId: '' },
    viewer: { email: 'caio@example.com', userId: '' },
  };
  let mcp: Client | undefined;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      // Only the first sign-up is open: the team comes in through invitations.
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'false' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    accountId = (await connectThroughPlatform(platform, owner)).body.integration.id;
  });
  afterAll(async () => {
    await mcp?.close();
    await platform?.close();
    await media?.close();
  });

  const base = () => platform.server.url;
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  const published = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption).length;
  /** A fresh session of a person in the owner's project (the clock moves in this flow). */
  async function as(email: string): Promise<Record<string, string>> {
    const login = await call(base(), 'POST', '/v1/auth/login', { email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { authorization: `Bearer ${login.body.accessToken}`, 'x-project-id': owner.projectId };
  }
  const asOwner = () => as(owner.email);
  const proposal = (content: string, scheduledFor: string) => ({
    content,
    mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
    platforms: [{ platform: 'instagram', accountId }],
    scheduledFor,
  });

  it('brings the editor and the viewer in through their invitation links', async () => {
    for (const [role, person] of Object.entries(people)) {
      const invited = await call(
        base(),
        'POST',
        `/v1/projects/${owner.projectId}/invitations`,
        { email: person.email, role },
        { authorization: owner.bearer.authorization! },
      );
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const token = invited.body.invitation.url.split('/').pop();
      const signup = await call(base(), 'POST', '/v1/auth/signup', {
        email: person.email,
        password: PASSWORD,
        invitationToken: token,
      });
      expect(signup.status, JSON.stringify(signup.body)).toBe(201);
      person.userId = signup.body.user.id;
    }
    const members = await call(
      base(),
      'GET',
      `/v1/projects/${owner.projectId}/members`,
      undefined,
      await asOwner(),
    );
    expect(members.body.members.map((member: { role: string }) => member.role).sort()).toEqual([
      'editor',
      'owner',
      'viewer',
    ]);
    const approval = await call(
      base(),
      'PATCH',
      `/v1/projects/${owner.projectId}/settings`,
      { approvalRequired: true },
      await asOwner(),
    );
    expect(approval.body.settings.approvalRequired).toBe(true);
  });

  it("never publishes an editor's post whose time passes while it waits", async () => {
    const editor = await as(people.editor.email);
    const created = await call(
      base(),
      'POST',
      '/v1/posts',
      proposal('Primeiro: espera', at(5 * MINUTE)),
      editor,
    );
    expect(created.body.post.status).toBe('awaiting_approval');
    const byViewer = await call(
      base(),
      'POST',
      '/v1/posts',
      proposal('Do leitor', at(5 * MINUTE)),
      await as(people.viewer.email),
    );
    expect(byViewer.body.code).toBe('ROLE_REQUIRED');

    platform.server.clock.advance(30 * MINUTE);
    await settle(platform.server);
    expect(published('Primeiro: espera')).toBe(0);
    const still = await call(
      base(),
      'GET',
      `/v1/posts/${created.body.post.id}`,
      undefined,
      owner.key,
    );
    expect(still.body.post.status).toBe('awaiting_approval');
  });

  it('publishes an approved post exactly once', async () => {
    const created = await call(
      base(),
      'POST',
      '/v1/posts',
      proposal('Segundo: aprovado', at(10 * MINUTE)),
      await as(people.editor.email),
    );
    const id = created.body.post.id as string;
    const approved = await call(
      base(),
      'POST',
      `/v1/posts/${id}/approve`,
      { note: 'Aprovado.' },
      await asOwner(),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.post.status).toBe('scheduled');
    await settle(platform.server);
    expect(published('Segundo: aprovado')).toBe(1);
  });

  it("publishes a third through a client's review link", async () => {
    const created = await call(
      base(),
      'POST',
      '/v1/posts',
      proposal('Terceiro: pelo cliente', at(10 * MINUTE)),
      await as(people.editor.email),
    );
    const link = await call(
      base(),
      'POST',
      `/v1/posts/${created.body.post.id}/review-links`,
      { expiresInHours: 24, label: 'Cliente' },
      await asOwner(),
    );
    const token = link.body.reviewLink.url.split('/').pop();
    const decided = await call(base(), 'POST', '/v1/review-links/approve', { token }, {});
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await settle(platform.server);
    expect(published('Terceiro: pelo cliente')).toBe(1);
  });

  it('refuses a removed member on the next request with the same token', async () => {
    const viewer = await as(people.viewer.email);
    expect((await call(base(), 'GET', '/v1/posts', undefined, viewer)).status).toBe(200);
    const removed = await call(
      base(),
      'DELETE',
      `/v1/projects/${owner.projectId}/members/${people.viewer.userId}`,
      undefined,
      await asOwner(),
    );
    expect(removed.status).toBe(204);
    const refused = await call(base(), 'GET', '/v1/posts', undefined, viewer);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('lets an agent with an editor key only propose, through MCP', async () => {
    const key = await call(
      base(),
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agente', role: 'editor' },
      { authorization: (await asOwner()).authorization! },
    );
    mcp = new Client({ name: 'reelay-tests', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), {
        requestInit: { headers: { 'x-access-key': key.body.apiKey.key } },
      }),
    );
    const tools = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain('create_post');
    expect(tools.some((name) => /approve|reject/.test(name))).toBe(false);

    const answer = structured(
      await callTool(mcp, 'create_post', proposal('Quarto: do agente', at(10 * MINUTE))),
    );
    expect(answer.post.status).toBe('awaiting_approval');
    platform.server.clock.advance(30 * MINUTE);
    await settle(platform.server);
    expect(published('Quarto: do agente')).toBe(0);
    const byKey = await call(
      base(),
      'POST',
      `/v1/posts/${answer.post.id}/approve`,
      {},
      { 'x-access-key': key.body.apiKey.key },
    );
    expect(byKey.body.code).toBe('ROLE_REQUIRED');
  });
});
