/**
 * An assistant in a project that asks for approval, over Streamable HTTP with an `editor`
 * API key: it drafts, completes and submits posts, but everything it proposes waits for
 * a person. Nothing reaches the emulator while a post waits, even after its time passes
 * and the queue settles; no tool approves or rejects, and the approve route refuses the
 * key with ROLE_REQUIRED. A person approving is what publishes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call } from '@reelay/test-support/http-client';
import { inZone } from '../src/server-time';
import { callTool, startWorld, structured, toolError, type World } from './helpers/world';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(testDialects())('an assistant proposing posts for approval on $name', (dialect) => {
  let world: World;
  let agent: Client;
  let editorKey: Record<string, string>;

  const api = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    call(world.platform.server.url, method, path, body, headers);
  const image = (seed: number) => ({
    type: 'image',
    url: world.media.image(1080, 1350, 'jpg', seed),
  });
  const target = () => ({ platform: 'instagram', accountId: world.accountId });
  const now = () => world.platform.server.clock.now();
  const at = (ms: number) => inZone(new Date(now() + ms), 'America/Sao_Paulo');
  const published = () => world.platform.emulator.published();

  beforeAll(async () => {
    world = await startWorld(dialect);
    const { projectId, bearer } = world.customer;
    const settings = await api(
      'PATCH',
      `/v1/projects/${projectId}/settings`,
      { approvalRequired: true },
      bearer,
    );
    expect(settings.body, JSON.stringify(settings.body)).toMatchObject({
      settings: { approvalRequired: true },
    });
    const key = await api(
      'POST',
      `/v1/projects/${projectId}/api-keys`,
      { name: 'assistente', role: 'editor' },
      bearer,
    );
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    editorKey = { 'x-access-key': key.body.apiKey.key };
    agent = new Client({ name: 'reelay-tests', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${world.platform.server.url}/mcp`), {
        requestInit: { headers: editorKey },
      }),
    );
  });
  afterAll(async () => {
    await agent?.close();
    await world?.close();
  });

  it('offers drafts and submitting, and no tool that approves or rejects', async () => {
    const { tools } = await agent.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['create_post', 'submit_post', 'reschedule_post']),
    );
    for (const name of names) expect(name).not.toMatch(/approv|reject/);

    const createPost = tools.find((tool) => tool.name === 'create_post')!;
    const draft = (createPost.inputSchema.properties as Record<string, { type?: string }>).draft;
    expect(draft).toMatchObject({ type: 'boolean' });
    expect(createPost.inputSchema.required ?? []).toEqual([]);
    expect(createPost.description).toContain('`draft` = `true`');
    expect(createPost.description).toContain('submit_post');
    expect(createPost.description).toContain('awaiting_approval');
    const submit = tools.find((tool) => tool.name === 'submit_post')!;
    expect(submit.description).toContain('awaiting_approval');
    expect(submit.description).toContain('Você não aprova nem recusa');
    expect(submit.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
  });

  it('keeps a draft with what it lacks in problems, completes it, and submits it to wait', async () => {
    const created = structured(
      await callTool(agent, 'create_post', { draft: true, content: 'Rascunho do assistente' }),
    );
    expect(created.post).toMatchObject({ status: 'draft', platforms: [], mediaItems: [] });
    const fields = created.post.problems.map((problem: { field: string }) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['platforms', 'mediaItems']));
    const id = created.post.id as string;

    const incomplete = toolError(await callTool(agent, 'submit_post', { id }));
    expect(incomplete.error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });

    const completed = structured(
      await callTool(agent, 'reschedule_post', {
        id,
        mediaItems: [image(1)],
        platforms: [target()],
        scheduledFor: at(2 * HOUR),
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(completed.post).toMatchObject({ id, status: 'draft', problems: [] });

    const submitted = structured(await callTool(agent, 'submit_post', { id }));
    expect(submitted.post).toMatchObject({ id, status: 'awaiting_approval', problems: [] });
    expect(submitted.post.platforms[0].status).toBe('awaiting_approval');

    const again = toolError(await callTool(agent, 'submit_post', { id }));
    expect(again.error).toMatchObject({ code: 'POST_NOT_DRAFT', statusCode: 409 });
    expect(again.text).toContain('get_post');

    const activity = structured(await callTool(agent, 'list_post_activity', { id }));
    expect(activity.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'created',
      'edited',
      'submitted',
    ]);
  });

  it('holds what it creates for approval: nothing publishes, even once its time passed', async () => {
    const content = 'Proposto pelo assistente';
    const created = structured(
      await callTool(agent, 'create_post', {
        content,
        mediaItems: [image(2)],
        platforms: [target()],
        scheduledFor: at(3 * HOUR),
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(created.post.status).toBe('awaiting_approval');
    const id = created.post.id as string;

    // An edit by the assistant leaves it waiting.
    const edited = structured(
      await callTool(agent, 'reschedule_post', { id, content: `${content}, revisto` }),
    );
    expect(edited.post.status).toBe('awaiting_approval');

    const waiting = structured(
      await callTool(agent, 'list_posts', { status: 'awaiting_approval', limit: 100 }),
    );
    expect(waiting.posts.map((post: { id: string }) => post.id)).toContain(id);

    world.platform.server.clock.advance(2 * DAY);
    await world.settle();
    expect(published()).toEqual([]);
    for (const post of waiting.posts as Array<{ id: string }>) {
      const read = structured(await callTool(agent, 'get_post', { id: post.id }));
      expect(read.post.status).toBe('awaiting_approval');
    }

    // The key cannot approve through the API either.
    const approve = await api('POST', `/v1/posts/${id}/approve`, {}, editorKey);
    expect(approve.status).toBe(403);
    expect(approve.body).toMatchObject({ code: 'ROLE_REQUIRED', details: { required: 'admin' } });
    const reject = await api('POST', `/v1/posts/${id}/reject`, { reason: 'Não' }, editorKey);
    expect(reject.body).toMatchObject({ code: 'ROLE_REQUIRED' });
    expect(published()).toEqual([]);

    // A person approves, with a new time since this one passed: only then it publishes.
    const approved = await api(
      'POST',
      `/v1/posts/${id}/approve`,
      { scheduledFor: 'now', note: 'Pode ir!' },
      world.customer.key,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await world.settle();
    expect(published().map((item) => item.caption)).toEqual([`${content}, revisto`]);

    // The assistant reads the decision back.
    const notes = structured(await callTool(agent, 'list_post_notes', { id }));
    expect(notes.notes.map((note: { text: string }) => note.text)).toEqual(['Pode ir!']);
    const read = structured(await callTool(agent, 'get_post', { id }));
    expect(read.post.status).toBe('published');
  });
});
