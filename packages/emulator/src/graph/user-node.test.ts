import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  graphCode,
  publishImage,
  startTestEmulator,
} from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const ALL_FIELDS =
  'user_id,username,name,account_type,profile_picture_url,followers_count,follows_count,media_count';

describe('GET /me and GET /{ig-user-id}', () => {
  it('answers every requested field, and the id Graph always adds', async () => {
    const { id, token } = await accountWithToken(emulator, {
      username: 'cafe.aurora',
      name: 'Café Aurora',
      accountType: 'MEDIA_CREATOR',
      followersCount: 1200,
      followsCount: 80,
      profilePictureUrl: 'https://cdn.example.com/p.jpg',
    });
    await publishImage(emulator, token);
    const res = await call(emulator, 'GET', '/v21.0/me', { query: { fields: ALL_FIELDS }, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user_id: id,
      username: 'cafe.aurora',
      name: 'Café Aurora',
      account_type: 'MEDIA_CREATOR',
      profile_picture_url: 'https://cdn.example.com/p.jpg',
      followers_count: 1200,
      follows_count: 80,
      media_count: 1,
      id,
    });
    expect(res.text.indexOf('"id"')).toBeGreaterThan(res.text.indexOf('"media_count"'));
  });

  it('answers only the fields asked for', async () => {
    const { id, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const res = await call(emulator, 'GET', `/${id}`, { query: { fields: 'username' }, token });
    expect(res.body).toEqual({ username: 'cafe.aurora', id });
  });

  it('answers just the id without fields', async () => {
    const { id, token } = await accountWithToken(emulator);
    expect((await call(emulator, 'GET', '/me', { token })).body).toEqual({ id });
  });

  it('writes account_type in title case when configured, as the docs do', async () => {
    emulator.configure({ accountTypeCase: 'title' });
    const business = await accountWithToken(emulator, { accountType: 'BUSINESS' });
    const creator = await accountWithToken(emulator, { accountType: 'MEDIA_CREATOR' });
    const type = async (token: string) =>
      (await call(emulator, 'GET', '/me', { query: { fields: 'account_type' }, token })).body
        .account_type;
    expect(await type(business.token)).toBe('Business');
    expect(await type(creator.token)).toBe('Media_Creator');
  });

  it('refuses a field the node does not have', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await call(emulator, 'GET', '/me', {
      query: { fields: 'username,ig_password' },
      token,
    });
    expect(graphCode(res)).toEqual({ status: 400, code: 100, subcode: undefined });
    expect(res.body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (ig_password) on node type (User)',
    );
  });

  it('refuses malformed field syntax', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await call(emulator, 'GET', '/me', { query: { fields: 'media{id' }, token });
    expect(graphCode(res).code).toBe(100);
  });

  it("treats another account's id as an object that does not exist for this token", async () => {
    const mine = await accountWithToken(emulator);
    const other = await accountWithToken(emulator);
    const res = await call(emulator, 'GET', `/${other.id}`, { token: mine.token });
    expect(graphCode(res)).toEqual({ status: 400, code: 100, subcode: 33 });
    expect(res.body.error.type).toBe('GraphMethodException');
    expect(res.body.error.message).toMatch(
      /^Unsupported get request\. Object with ID '\d+' does not exist/,
    );
  });

  it('answers 803 for an unknown alias, 100/33 for an unknown id and 2500 for an unknown edge', async () => {
    const { token } = await accountWithToken(emulator);
    expect(graphCode(await call(emulator, 'GET', '/someone', { token })).code).toBe(803);
    expect(graphCode(await call(emulator, 'GET', '/17841499999999999', { token })).subcode).toBe(
      33,
    );
    const edge = await call(emulator, 'GET', '/me/followers', { token });
    expect(graphCode(edge).code).toBe(2500);
    expect(edge.body.error.message).toBe('Unknown path components: /followers');
  });

  it('lists feed media on the media edge, newest first, with nested fields', async () => {
    const { token } = await accountWithToken(emulator);
    const first = await publishImage(emulator, token, 'one');
    const second = await publishImage(emulator, token, 'two');
    const res = await call(emulator, 'GET', '/me/media', {
      query: { fields: 'id,caption' },
      token,
    });
    expect(res.body.data).toEqual([
      { id: second, caption: 'two' },
      { id: first, caption: 'one' },
    ]);
    const nested = await call(emulator, 'GET', '/me', {
      query: { fields: 'media{caption}' },
      token,
    });
    expect(nested.body.media.data).toHaveLength(2);
  });

  it('answers every error with a fresh fbtrace_id, also in the x-fb-trace-id header', async () => {
    const a = await call(emulator, 'GET', '/me');
    const b = await call(emulator, 'GET', '/me');
    expect(a.body.error.fbtrace_id).toMatch(/^A[\w-]{22}$/);
    expect(a.body.error.fbtrace_id).not.toBe(b.body.error.fbtrace_id);
    expect(a.headers.get('x-fb-trace-id')).toBe(a.body.error.fbtrace_id);
  });

  it('answers malformed or oversized bodies and unknown OAuth paths in the Graph envelope', async () => {
    const { token } = await accountWithToken(emulator);
    const badJson = await fetch(`${emulator.url}/me/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"image_url":',
    });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error.code).toBe(100);
    const huge = await fetch(`${emulator.url}/me/media`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `caption=${'a'.repeat(1024 * 1024 + 1)}`,
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe(100);
    expect(graphCode(await call(emulator, 'GET', '/oauth/token', {})).code).toBe(2500);
    const post = await call(emulator, 'POST', '/oauth/authorize', { form: { client_id: 'x' } });
    expect(post.body.error.message).toBe('Unsupported request - method type: post');
  });
});
