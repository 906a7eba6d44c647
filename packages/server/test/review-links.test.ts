/**
 * Review links over real HTTP on both databases, published on the emulator: an admin
 * makes a link to a post awaiting approval; whoever holds it, without any credential,
 * sees the post and approves it (published exactly once) or rejects it (back to draft
 * with the comment); what the link decides is in the activity under its label; a
 * revoked or expired link stops at once; the public routes are rate-limited per address.
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

describe.each(testDialects())('review links on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let integrationId: string;
  let username: string;
  let editor: Record<string, string>;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, { username: 'padaria.ana' });
    integrationId = connected.body.integration.id;
    username = 'padaria.ana';
    const key = await api(
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agente', role: 'editor' },
      owner.bearer,
    );
    editor = { 'x-access-key': key.body.apiKey.key };
    await api(
      'PATCH',
      `/v1/projects/${owner.projectId}/settings`,
      { approvalRequired: true },
      owner.bearer,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const api = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    call(platform.server.url, method, path, body, headers);
  const at = (ms: number) => new Date(platform.server.clock.now() + ms).toISOString();
  /** A post of the editor's, awaiting approval, and a link to it. */
  const proposal = async (content: string, label?: string) => {
    const created = await api(
      'POST',
      '/v1/posts',
      {
        content,
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
        scheduledFor: at(DAY),
      },
      editor,
    );
    expect(created.body.post.status).toBe('awaiting_approval');
    const postId = created.body.post.id as string;
    const link = await api(
      'POST',
      `/v1/posts/${postId}/review-links`,
      { expiresInHours: 48, ...(label ? { label } : {}) },
      owner.key,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = new URL(link.body.reviewLink.url).pathname.split('/').at(-1)!;
    return { postId, link: link.body.reviewLink, token };
  };

  it('shows the post to whoever holds the link, and approves it once, named in the trail', async () => {
    const { postId, link, token } = await proposal('Pão de queijo quentinho', 'Ana, da Padaria');
    expect(link).toMatchObject({
      id: expect.stringMatching(/^rvl_/),
      postId,
      label: 'Ana, da Padaria',
      url: expect.stringMatching(/\/review\/rly_rvw_/),
    });
    expect(link.expiresAt).toBe(
      new Date(Date.parse(link.createdAt) + 48 * 3_600_000).toISOString(),
    );

    const seen = await api('POST', '/v1/review-links/lookup', { token }, {});
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.review).toMatchObject({
      post: {
        id: postId,
        status: 'awaiting_approval',
        content: 'Pão de queijo quentinho',
        accounts: [{ username }],
        mediaItems: [{ type: 'image' }],
      },
      label: 'Ana, da Padaria',
      canDecide: true,
    });

    const approved = await api(
      'POST',
      '/v1/review-links/approve',
      { token, comment: 'Perfeito!' },
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.review).toMatchObject({ post: { status: 'scheduled' }, canDecide: false });
    // A second decision through the same link finds nothing left to decide.
    expect((await api('POST', '/v1/review-links/approve', { token }, {})).body.code).toBe(
      'POST_NOT_AWAITING_APPROVAL',
    );

    await settle(platform.server);
    const posted = platform.emulator
      .published()
      .filter((item) => item.caption === 'Pão de queijo quentinho');
    expect(posted).toHaveLength(1);

    const trail = await api('GET', `/v1/posts/${postId}/activity`, undefined, owner.key);
    expect(trail.body.activity).toContainEqual(
      expect.objectContaining({
        action: 'approved',
        actor: { kind: 'review_link', id: link.id, name: 'Ana, da Padaria' },
      }),
    );
    const notes = await api('GET', `/v1/posts/${postId}/notes`, undefined, owner.key);
    expect(notes.body.notes).toEqual([
      expect.objectContaining({
        text: 'Perfeito!',
        author: expect.objectContaining({ kind: 'review_link' }),
      }),
    ]);
  });

  it('rejects back to draft with the comment as the reason', async () => {
    const { postId, token } = await proposal('Broa de milho');
    const rejected = await api(
      'POST',
      '/v1/review-links/reject',
      { token, comment: 'Prefiro uma foto de perto.' },
      {},
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const post = (await api('GET', `/v1/posts/${postId}`, undefined, owner.key)).body.post;
    expect(post).toMatchObject({ status: 'draft', rejectionReason: 'Prefiro uma foto de perto.' });
    const noComment = await api('POST', '/v1/review-links/reject', { token }, {});
    expect(noComment.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'comment' },
    });
  });

  it('is made by admins only, listed while live, and stops at once when revoked or expired', async () => {
    const { postId, link, token } = await proposal('Sonho de creme');
    const byEditor = await api(
      'POST',
      `/v1/posts/${postId}/review-links`,
      { expiresInHours: 1 },
      editor,
    );
    expect(byEditor.body.code).toBe('ROLE_REQUIRED');
    const listed = await api('GET', `/v1/posts/${postId}/review-links`, undefined, owner.key);
    expect(listed.body.reviewLinks).toEqual([
      { id: link.id, postId, label: null, createdAt: link.createdAt, expiresAt: link.expiresAt },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await api('DELETE', `/v1/review-links/${link.id}`, undefined, owner.key)).status).toBe(
      204,
    );
    const revoked = await api('POST', '/v1/review-links/lookup', { token }, {});
    expect(revoked.status).toBe(410);
    expect(revoked.body).toMatchObject({
      code: 'REVIEW_LINK_INVALID',
      details: { reason: 'revoked' },
    });
    expect((await api('DELETE', `/v1/review-links/${link.id}`, undefined, owner.key)).status).toBe(
      404,
    );

    const short = await api(
      'POST',
      `/v1/posts/${postId}/review-links`,
      { expiresInHours: 1 },
      owner.key,
    );
    const shortToken = new URL(short.body.reviewLink.url).pathname.split('/').at(-1)!;
    platform.server.clock.advance(3_600_000 + 1);
    const expired = await api('POST', '/v1/review-links/approve', { token: shortToken }, {});
    expect(expired.body).toMatchObject({
      code: 'REVIEW_LINK_INVALID',
      details: { reason: 'expired' },
    });
    expect((await api('GET', `/v1/posts/${postId}`, undefined, owner.key)).body.post.status).toBe(
      'awaiting_approval',
    );

    const unknown = await api(
      'POST',
      '/v1/review-links/lookup',
      { token: 'rly_rvw_nao-existe-este-token' },
      {},
    );
    expect(unknown.status).toBe(404);
    const outOfRange = await api(
      'POST',
      `/v1/posts/${postId}/review-links`,
      { expiresInHours: 721 },
      owner.key,
    );
    expect(outOfRange.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'expiresInHours' },
    });
  });

  it('answers 429 to an address that tries too many tokens', async () => {
    const codes: string[] = [];
    for (let attempt = 0; attempt < 65; attempt++) {
      const answer = await api(
        'POST',
        '/v1/review-links/lookup',
        { token: `rly_rvw_tentativa-${attempt}` },
        {},
      );
      codes.push(answer.body.code);
    }
    expect(codes).toContain('RATE_LIMIT_KEY');
    expect(codes.filter((code) => code === 'NOT_FOUND').length).toBeLessThanOrEqual(60);
  });
});
