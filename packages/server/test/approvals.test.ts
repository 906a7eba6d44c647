/**
 * Drafts and approvals over real HTTP on both databases, published on the emulator:
 * a draft keeps what it lacks in `problems` and never publishes; submitting checks it as
 * a new post; where approval is required an editor's post waits (no job, no quota) until
 * an admin approves it, and one whose time passed while waiting publishes only when
 * approved again with a new time or "now"; rejecting sends it back to draft with the
 * reason; an editor's edit sends an approved post back; a profile decides for itself.
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

const DAY = 86_400_000;

describe.each(testDialects())('drafts and approvals on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let integrationId: string;
  let editor: Record<string, string>;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    integrationId = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const key = await api(
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agente', role: 'editor' },
      owner.bearer,
    );
    editor = { 'x-access-key': key.body.apiKey.key };
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const api = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    call(platform.server.url, method, path, body, headers);
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  const published = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption).length;
  const setApproval = (approvalRequired: boolean) =>
    api('PATCH', `/v1/projects/${owner.projectId}/settings`, { approvalRequired }, owner.bearer);
  const post = (content: string, extra: Record<string, unknown> = {}) => ({
    content,
    mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
    platforms: [{ platform: 'instagram', accountId: integrationId }],
    ...extra,
  });
  const events = async (postId: string) =>
    (
      await platform.server.reelay.context.db
        .selectFrom('events')
        .select('type')
        .where('post_id', '=', postId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.type);
  /** The publish jobs of a post's targets. */
  const jobs = async (postId: string) => {
    const { db } = platform.server.reelay.context;
    const targets = await db
      .selectFrom('post_targets')
      .select('id')
      .where('post_id', '=', postId)
      .execute();
    const rows = await db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'publish_target')
      .execute();
    return rows.filter((row) => targets.some((target) => row.payload.includes(target.id))).length;
  };

  it('stores an incomplete draft with its problems, completes it by edits and submits it', async () => {
    const draft = await api('POST', '/v1/posts', { draft: true, content: 'Rascunho' }, editor);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.post).toMatchObject({ status: 'draft', platforms: [], mediaItems: [] });
    expect(draft.body.post.problems.map((problem: { field: string }) => problem.field)).toEqual([
      'platforms',
      'mediaItems',
    ]);
    const id = draft.body.post.id as string;

    // What is wrong in itself is refused even in a draft.
    const tooLong = await api(
      'POST',
      '/v1/posts',
      { draft: true, content: 'x'.repeat(2201) },
      editor,
    );
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'content' } });
    const stranger = await api(
      'POST',
      '/v1/posts',
      {
        draft: true,
        platforms: [{ platform: 'instagram', accountId: 'int_01jd8k2m3n4p5q6r7s8t9v0wxy' }],
      },
      editor,
    );
    expect(stranger.body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const incomplete = await api('POST', `/v1/posts/${id}/submit`, undefined, editor);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.details.issues).toHaveLength(2);

    const completed = await api(
      'PATCH',
      `/v1/posts/${id}`,
      {
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        scheduledFor: at(DAY),
      },
      editor,
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.post).toMatchObject({ status: 'draft', problems: [], kind: 'feed' });
    expect(completed.body.post.platforms).toEqual([
      expect.objectContaining({ status: 'draft', integrationId }),
    ]);
    expect(await jobs(id)).toBe(0);

    const submitted = await api('POST', `/v1/posts/${id}/submit`, undefined, editor);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.post).toMatchObject({ id, status: 'scheduled', problems: [] });
    expect((await api('POST', `/v1/posts/${id}/submit`, undefined, editor)).body.code).toBe(
      'POST_NOT_DRAFT',
    );
    expect(await events(id)).toEqual(['post.scheduled']);
    const activity = await api('GET', `/v1/posts/${id}/activity`, undefined, owner.key);
    expect(activity.body.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'created',
      'edited',
      'submitted',
    ]);
    expect((await api('DELETE', `/v1/posts/${id}`, undefined, editor)).status).toBe(200);
  });

  it('rejects back to draft with the reason, and sends an approved post back when an editor edits it', async () => {
    await setApproval(true);
    const created = await api(
      'POST',
      '/v1/posts',
      post('Recusado', { scheduledFor: at(DAY) }),
      editor,
    );
    const id = created.body.post.id as string;
    const rejected = await api(
      'POST',
      `/v1/posts/${id}/reject`,
      { reason: 'Troque a foto.' },
      owner.key,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.post).toMatchObject({
      status: 'draft',
      rejectionReason: 'Troque a foto.',
    });
    expect(await events(id)).toEqual(['post.awaiting_approval', 'post.rejected']);

    const resubmitted = await api('POST', `/v1/posts/${id}/submit`, undefined, editor);
    expect(resubmitted.body.post).toMatchObject({
      status: 'awaiting_approval',
      rejectionReason: null,
    });
    const approved = await api('POST', `/v1/posts/${id}/approve`, {}, owner.key);
    expect(approved.body.post.status).toBe('scheduled');
    expect(await jobs(id)).toBe(1);
    expect((await events(id)).slice(-2)).toEqual(['post.approved', 'post.scheduled']);

    // An admin's edit keeps it approved; an editor's sends it back, with its job gone.
    const byOwner = await api('PATCH', `/v1/posts/${id}`, { content: 'Do dono' }, owner.key);
    expect(byOwner.body.post.status).toBe('scheduled');
    const byEditor = await api('PATCH', `/v1/posts/${id}`, { content: 'Do editor' }, editor);
    expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(200);
    expect(byEditor.body.post.status).toBe('awaiting_approval');
    expect(await jobs(id)).toBe(0);
    expect((await events(id)).at(-1)).toBe('post.awaiting_approval');

    const activity = await api('GET', `/v1/posts/${id}/activity`, undefined, owner.key);
    expect(activity.body.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'created',
      'rejected',
      'submitted',
      'approved',
      'edited',
      'edited',
    ]);
    expect((await api('DELETE', `/v1/posts/${id}`, undefined, editor)).body.post.status).toBe(
      'cancelled',
    );
  });

  it('lets a profile decide for its accounts, and counts no quota while a post waits', async () => {
    await setApproval(false);
    const profile = await api(
      'POST',
      '/v1/profiles',
      { name: 'Cliente', approvalRequired: true },
      owner.key,
    );
    expect(profile.body.profile.approvalRequired).toBe(true);
    const other = await connectThroughPlatform(platform, owner, {
      profileId: profile.body.profile.id,
    });
    const accountId = other.body.integration.id as string;
    const waiting = await api(
      'POST',
      '/v1/posts',
      {
        ...post('Do perfil', { scheduledFor: at(DAY) }),
        platforms: [{ platform: 'instagram', accountId }],
      },
      editor,
    );
    expect(waiting.body.post.status).toBe('awaiting_approval');
    const free = await api(
      'POST',
      '/v1/posts',
      post('Sem perfil', { scheduledFor: at(DAY) }),
      editor,
    );
    expect(free.body.post.status).toBe('scheduled');

    const updated = await api(
      'PATCH',
      `/v1/profiles/${profile.body.profile.id}`,
      { approvalRequired: null },
      owner.key,
    );
    expect(updated.body.profile.approvalRequired).toBeNull();

    // The platform allows one more post: the awaiting one does not take it.
    platform.emulator.configure({ quotaTotal: 1 });
    const fits = await api(
      'POST',
      '/v1/posts',
      {
        ...post('Cabe', { scheduledFor: at(DAY + 60_000) }),
        platforms: [{ platform: 'instagram', accountId }],
      },
      owner.key,
    );
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    // Approved now, the waiting post is counted live: the quota is full.
    const full = await api('POST', `/v1/posts/${waiting.body.post.id}/approve`, {}, owner.key);
    expect(full.body.code).toBe('RATE_LIMIT_ACCOUNT');
    platform.emulator.configure({ quotaTotal: 100 });
  });

  it("holds an editor's post for approval, never publishing it when its time passes", async () => {
    expect((await setApproval(true)).body.settings).toEqual({ approvalRequired: true });
    expect(
      (await api('GET', `/v1/projects/${owner.projectId}/settings`, undefined, owner.bearer)).body,
    ).toEqual({ success: true, settings: { approvalRequired: true } });
    const content = 'Espera aprovação';
    const created = await api(
      'POST',
      '/v1/posts',
      post(content, { scheduledFor: at(DAY) }),
      editor,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.post.id as string;
    expect(created.body.post.status).toBe('awaiting_approval');
    expect(created.body.post.platforms[0].status).toBe('awaiting_approval');
    expect(await events(id)).toEqual(['post.awaiting_approval']);
    expect(await jobs(id)).toBe(0);

    // An admin's own post does not wait.
    const mine = await api(
      'POST',
      '/v1/posts',
      post('Do dono', { scheduledFor: at(DAY) }),
      owner.key,
    );
    expect(mine.body.post.status).toBe('scheduled');
    expect(
      (await api('DELETE', `/v1/posts/${mine.body.post.id}`, undefined, owner.key)).status,
    ).toBe(200);

    // Only admins approve.
    const byEditor = await api('POST', `/v1/posts/${id}/approve`, {}, editor);
    expect(byEditor.body).toMatchObject({ code: 'ROLE_REQUIRED', details: { required: 'admin' } });

    platform.server.clock.advance(2 * DAY);
    await settle(platform.server);
    expect(published(content)).toBe(0);
    expect((await api('GET', `/v1/posts/${id}`, undefined, owner.key)).body.post.status).toBe(
      'awaiting_approval',
    );

    const late = await api('POST', `/v1/posts/${id}/approve`, {}, owner.key);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('APPROVAL_TIME_PASSED');

    const approved = await api(
      'POST',
      `/v1/posts/${id}/approve`,
      { scheduledFor: 'now', note: 'Pode ir!' },
      owner.key,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.post.status).toBe('queued');
    await settle(platform.server);
    expect(published(content)).toBe(1);
    expect(await events(id)).toEqual(['post.awaiting_approval', 'post.approved', 'post.published']);
    const notes = await api('GET', `/v1/posts/${id}/notes`, undefined, owner.key);
    expect(notes.body.notes.map((note: { text: string }) => note.text)).toEqual(['Pode ir!']);
    expect((await api('POST', `/v1/posts/${id}/approve`, {}, owner.key)).body.code).toBe(
      'POST_NOT_AWAITING_APPROVAL',
    );
  });
});
