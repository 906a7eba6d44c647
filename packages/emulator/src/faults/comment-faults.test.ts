import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  graphCode,
  publishImage,
  startTestEmulator,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

function addFault(fault: Record<string, unknown>) {
  return call(emulator, 'POST', '/_emulator/faults', { json: fault });
}

function usageOf(headers: Headers) {
  const header = headers.get('x-business-use-case-usage');
  expect(header).not.toBeNull();
  return JSON.parse(header!) as Record<string, Array<Record<string, unknown>>>;
}

async function commented() {
  const account = await accountWithToken(emulator, { username: 'cafe.aurora' });
  const mediaId = await publishImage(emulator, account.token);
  const { id } = emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
  return { ...account, mediaId, commentId: id };
}

describe('Business Use Case usage', () => {
  it('reports the share of the 24-hour budget used on every call on an account', async () => {
    emulator.configure({ businessUseCaseCallLimit: 10 });
    const { id, token, mediaId } = await commented();
    // Two calls so far (container, publish); this one is the third.
    const res = await call(emulator, 'GET', `/v25.0/${mediaId}/comments`, { token });
    expect(usageOf(res.headers)).toEqual({
      [id]: [
        {
          type: 'instagram',
          call_count: 30,
          total_cputime: 30,
          total_time: 30,
          estimated_time_to_regain_access: 0,
        },
      ],
    });
    clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await call(emulator, 'GET', '/me', { token });
    expect(usageOf(later.headers)[id]![0]!.call_count).toBe(10);
    // The OAuth endpoints and control routes are outside it.
    const control = await call(emulator, 'GET', '/_emulator/accounts');
    expect(control.headers.get('x-business-use-case-usage')).toBeNull();
  });

  it('throttles at the budget with throttleAtCallLimit, until the oldest call leaves the window', async () => {
    emulator.configure({
      businessUseCaseCallLimit: 3,
      throttleAtCallLimit: true,
      rateLimitCode: 4,
    });
    const { id, token } = await accountWithToken(emulator);
    for (let i = 0; i < 3; i++) {
      expect((await call(emulator, 'GET', '/me', { token })).status).toBe(200);
      clock.advance(60 * 60 * 1000);
    }
    const refused = await call(emulator, 'GET', '/me', { token });
    expect(graphCode(refused)).toEqual({ status: 400, code: 4 });
    expect(refused.body.error.is_transient).toBe(true);
    expect(usageOf(refused.headers)[id]![0]).toMatchObject({
      call_count: 100,
      estimated_time_to_regain_access: 21 * 60,
    });
    clock.advance(21 * 60 * 60 * 1000);
    expect((await call(emulator, 'GET', '/me', { token })).status).toBe(200);
  });
});

describe('comment faults', () => {
  it('answers the rate-limit error with the usage header at 100 %', async () => {
    const { id, token, mediaId } = await commented();
    await addFault({ path: '/comments', kind: 'rate-limit', regainAccessMinutes: 15 });
    const res = await call(emulator, 'GET', `/${mediaId}/comments`, { token });
    expect(graphCode(res)).toEqual({ status: 400, code: 80002 });
    expect(res.body.error).toMatchObject({
      message:
        'There have been too many calls to this Instagram account. Wait a bit and try again.',
      is_transient: true,
    });
    expect(usageOf(res.headers)).toEqual({
      [id]: [
        {
          type: 'instagram',
          call_count: 100,
          total_cputime: 100,
          total_time: 100,
          estimated_time_to_regain_access: 15,
        },
      ],
    });
    expect((await call(emulator, 'GET', `/${mediaId}/comments`, { token })).status).toBe(200);
    emulator.configure({ rateLimitCode: 17, businessUseCaseType: 'instagram_business' });
    await addFault({ path: '/comments', kind: 'rate-limit' });
    const other = await call(emulator, 'GET', `/${mediaId}/comments`, { token });
    expect(graphCode(other).code).toBe(17);
    expect(usageOf(other.headers)[id]![0]).toMatchObject({
      type: 'instagram_business',
      estimated_time_to_regain_access: 60,
    });
  });

  it('answers a read or a reply as if the comment had been deleted', async () => {
    const { token, commentId } = await commented();
    await addFault({ path: `/${commentId}`, kind: 'comment-deleted', times: 2 });
    const read = await call(emulator, 'GET', `/v25.0/${commentId}`, { token });
    expect(graphCode(read)).toEqual({ status: 400, code: 100, subcode: 33 });
    expect(read.body.error.message).toContain(`Object with ID '${commentId}' does not exist`);
    expect(read.body.error.type).toBe('GraphMethodException');
    const reply = await call(emulator, 'POST', `/v25.0/${commentId}/replies`, {
      token,
      form: { message: 'oi' },
    });
    expect(reply.body.error.message).toMatch(/^Unsupported post request/);
    // A fault changes nothing: the comment is still there.
    expect((await call(emulator, 'GET', `/${commentId}`, { token })).status).toBe(200);
    emulator.configure({ deletedCommentError: 'no-subcode' });
    await addFault({ path: `/${commentId}`, kind: 'comment-deleted' });
    expect(graphCode(await call(emulator, 'GET', `/${commentId}`, { token }))).toEqual({
      status: 400,
      code: 100,
    });
  });

  it('refuses a reply as if the comment were hidden', async () => {
    const { token, mediaId, commentId } = await commented();
    await addFault({ path: '/replies', method: 'POST', kind: 'comment-hidden' });
    const res = await call(emulator, 'POST', `/${commentId}/replies`, {
      token,
      form: { message: 'oi' },
    });
    expect(graphCode(res).code).toBe(100);
    expect(res.body.error.message).toBe('(#100) You cannot reply to a hidden comment');
    expect(emulator.comments(mediaId)[0]!.replies).toEqual([]);
  });

  it('refuses an unknown kind', async () => {
    const res = await addFault({ path: '/x', kind: 'comment-vanished' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('kind');
  });
});
