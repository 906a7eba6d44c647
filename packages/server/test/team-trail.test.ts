/**
 * The team's trail over real HTTP on both databases, with posts published on the
 * emulator: notes on a post (any member, viewers included; never published), and the
 * activity of each post — who created, edited (with the fields), cancelled or noted it,
 * named as people know them (a member's e-mail, a key's name), and the publication's
 * outcome recorded by the server — with the project's activity filtered by actor and post.
 */
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
import { insertMember } from '../src/store/project-members';

describe.each(testDialects())('notes and activity on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let viewer: Account;
  let integrationId: string;
  let editorKey: { headers: Record<string, string>; id: string };

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
    const base = platform.server.url;
    owner = await createAccount(base);
    viewer = await createAccount(base);
    await insertMember(platform.server.reelay.context.db, {
      projectId: owner.projectId,
      userId: viewer.userId,
      role: 'viewer',
      joinedAt: platform.server.clock.now(),
    });
    integrationId = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const key = await call(
      base,
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agenda do cliente', role: 'editor' },
      { authorization: owner.bearer.authorization! },
    );
    editorKey = { headers: { 'x-access-key': key.body.apiKey.key }, id: key.body.apiKey.id };
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const api = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    call(platform.server.url, method, path, body, headers);
  const asViewer = () => ({
    authorization: `Bearer ${viewer.accessToken}`,
    'x-project-id': owner.projectId,
  });
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  const createPost = (headers: Record<string, string>, scheduledFor?: string) =>
    api(
      'POST',
      '/v1/posts',
      {
        content: 'Bolo de fubá',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        ...(scheduledFor ? { scheduledFor } : {}),
      },
      headers,
    );
  const trail = async (postId: string) => {
    const answer = await api('GET', `/v1/posts/${postId}/activity`, undefined, owner.key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.activity as Array<{
      action: string;
      fields: string[] | null;
      actor: { kind: string; id: string | null; name: string | null };
    }>;
  };

  it('records who created, edited and cancelled a post, and a note, each named', async () => {
    const created = await createPost(editorKey.headers, at(2 * 86_400_000));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.post.id as string;
    const edited = await api(
      'PATCH',
      `/v1/posts/${postId}`,
      { content: 'Bolo de fubá com goiabada', scheduledFor: at(3 * 86_400_000) },
      owner.bearer,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    // A viewer writes notes, and nothing else.
    const note = await api(
      'POST',
      `/v1/posts/${postId}/notes`,
      { text: '  Foto mais clara?  ' },
      asViewer(),
    );
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.note).toMatchObject({
      postId,
      text: 'Foto mais clara?',
      author: { kind: 'member', id: viewer.userId, name: viewer.email },
    });
    expect(
      (await api('PATCH', `/v1/posts/${postId}`, { content: 'x' }, asViewer())).body.code,
    ).toBe('ROLE_REQUIRED');
    const tooLong = await api(
      'POST',
      `/v1/posts/${postId}/notes`,
      { text: 'a'.repeat(2001) },
      asViewer(),
    );
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'text' } });

    const cancelled = await api('DELETE', `/v1/posts/${postId}`, undefined, editorKey.headers);
    expect(cancelled.status).toBe(200);

    expect(await trail(postId)).toEqual([
      {
        id: expect.stringMatching(/^act_/),
        postId,
        action: 'created',
        fields: null,
        actor: { kind: 'key', id: editorKey.id, name: 'agenda do cliente' },
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        action: 'edited',
        fields: ['content', 'scheduledFor'],
        actor: { kind: 'member', id: owner.userId, name: owner.email },
      }),
      expect.objectContaining({
        action: 'noted',
        actor: expect.objectContaining({ id: viewer.userId }),
      }),
      expect.objectContaining({
        action: 'cancelled',
        actor: expect.objectContaining({ kind: 'key' }),
      }),
    ]);
    const notes = await api('GET', `/v1/posts/${postId}/notes`, undefined, owner.key);
    expect(notes.body.notes.map((item: { text: string }) => item.text)).toEqual([
      'Foto mais clara?',
    ]);
    // A note is never published: it is not in the post.
    expect(
      JSON.stringify((await api('GET', `/v1/posts/${postId}`, undefined, owner.key)).body),
    ).not.toContain('Foto mais clara');
  });

  it("records the publication's outcome as the server's, in the same step as the outcome", async () => {
    const created = await createPost(owner.key);
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const postId = created.body.post.id as string;
    await settle(platform.server);
    const post = (await api('GET', `/v1/posts/${postId}`, undefined, owner.key)).body.post;
    expect(post.status).toBe('published');
    expect((await trail(postId)).map((entry) => [entry.action, entry.actor.kind])).toEqual([
      ['created', 'key'],
      ['published', 'system'],
    ]);
  });

  it("lists the project's activity newest first, by actor and by post, and refuses another project's post", async () => {
    const all = await api('GET', '/v1/activity?limit=100', undefined, asViewer());
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total).toBe(all.body.activity.length);
    const ids = all.body.activity.map((entry: { id: string }) => entry.id);
    expect(ids).toEqual([...ids].sort().reverse());
    const byViewer = await api('GET', `/v1/activity?actor=${viewer.userId}`, undefined, owner.key);
    expect(byViewer.body.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'noted',
    ]);
    const postId = all.body.activity.at(-1).postId as string;
    const byPost = await api('GET', `/v1/activity?postId=${postId}&limit=2`, undefined, owner.key);
    expect(byPost.body.total).toBe(4);
    expect(byPost.body.activity).toHaveLength(2);

    const stranger = await createAccount(platform.server.url);
    for (const path of [`/v1/posts/${postId}/notes`, `/v1/posts/${postId}/activity`]) {
      expect((await api('GET', path, undefined, stranger.key)).status).toBe(404);
    }
    expect(
      (await api('POST', `/v1/posts/${postId}/notes`, { text: 'oi' }, stranger.key)).status,
    ).toBe(404);
    expect(
      (await api('GET', `/v1/activity?postId=${postId}`, undefined, stranger.key)).body.total,
    ).toBe(0);
  });
});
