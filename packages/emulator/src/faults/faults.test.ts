import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  publish,
  startTestEmulator,
} from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const IMAGE = 'https://cdn.example.com/photo.jpg';

function addFault(fault: Record<string, unknown>) {
  return call(emulator, 'POST', '/_emulator/faults', { json: fault });
}

describe('POST /_emulator/faults', () => {
  it('fails the next matching request with the given code, subcode and status, in the Graph envelope', async () => {
    const { token } = await accountWithToken(emulator);
    const added = await addFault({
      path: '/media_publish',
      status: 500,
      code: 2,
      subcode: 2207001,
      isTransient: true,
    });
    expect(added.status).toBe(201);
    const container = await createContainer(emulator, token, { image_url: IMAGE });
    const res = await publish(emulator, token, container);
    expect(res.status).toBe(500);
    expect(Object.keys(res.body.error)).toEqual([
      'message',
      'type',
      'code',
      'error_subcode',
      'is_transient',
      'error_user_title',
      'error_user_msg',
      'fbtrace_id',
    ]);
    expect(res.body.error).toMatchObject({
      type: 'OAuthException',
      code: 2,
      error_subcode: 2207001,
      is_transient: true,
    });
    // Nothing was published, and the fault is used up.
    expect(emulator.published()).toEqual([]);
    expect((await publish(emulator, token, container)).status).toBe(200);
  });

  it('fills a quota error from the subcode alone', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: 'media_publish', subcode: 2207042 });
    const res = await publish(
      emulator,
      token,
      await createContainer(emulator, token, { image_url: IMAGE }),
    );
    expect(graphCode(res)).toEqual({ status: 400, code: 9, subcode: 2207042 });
    expect(res.body.error.message).toBe('Application request limit reached');
  });

  it('takes a custom message and type, for throttling or token errors', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({
      path: '/me',
      code: 190,
      subcode: 463,
      message: 'Session has expired',
      times: 2,
    });
    const first = await call(emulator, 'GET', '/me', { token });
    const second = await call(emulator, 'GET', '/me', { token });
    expect(graphCode(first)).toEqual({ status: 400, code: 190, subcode: 463 });
    expect(first.body.error.message).toBe('Session has expired');
    expect(first.body.error.fbtrace_id).not.toBe(second.body.error.fbtrace_id);
    expect((await call(emulator, 'GET', '/me', { token })).status).toBe(200);
  });

  it('consumes one use per matching request and lists what is left', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/me', code: 4, times: 3 });
    await call(emulator, 'GET', '/me', { token });
    const pending = (await call(emulator, 'GET', '/_emulator/faults')).body.data;
    expect(pending).toEqual([
      expect.objectContaining({ path: '/me', code: 4, remaining: 2, id: expect.any(String) }),
    ]);
    await call(emulator, 'GET', '/me', { token });
    await call(emulator, 'GET', '/me', { token });
    expect((await call(emulator, 'GET', '/_emulator/faults')).body.data).toEqual([]);
  });

  it('only fails requests acting for the given account', async () => {
    const target = await accountWithToken(emulator);
    const bystander = await accountWithToken(emulator);
    await addFault({ path: '/media', account: target.id, code: 2 });
    expect(
      (
        await call(emulator, 'POST', '/me/media', {
          token: bystander.token,
          form: { image_url: IMAGE },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(emulator, 'POST', '/me/media', {
          token: target.token,
          form: { image_url: IMAGE },
        })
      ).status,
    ).toBe(400);
  });

  it('only fails requests with the given method', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/media', method: 'post', code: 2 });
    expect((await call(emulator, 'GET', '/me/media', { token })).status).toBe(200);
    expect(
      (await call(emulator, 'POST', '/me/media', { token, form: { image_url: IMAGE } })).status,
    ).toBe(400);
  });

  it('adds latency and then answers normally', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/me', latencyMs: 150 });
    const started = performance.now();
    const res = await call(emulator, 'GET', '/me', { token });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('hangs: the request never answers, so the client times out', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/media_publish', hang: true });
    const container = await createContainer(emulator, token, { image_url: IMAGE });
    await expect(
      call(emulator, 'POST', '/me/media_publish', {
        token,
        form: { creation_id: container },
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow(/aborted|timeout/i);
    expect(emulator.published()).toEqual([]);
  });

  it('drops the connection without an answer', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/me', drop: true });
    await expect(call(emulator, 'GET', '/me', { token })).rejects.toThrow(/fetch failed/);
    expect((await call(emulator, 'GET', '/me', { token })).status).toBe(200);
  });

  it("answers a text body instead of a Graph error: a proxy's page, or a success that is not JSON", async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/me', body: '<html><h1>502 Bad Gateway</h1></html>' });
    await addFault({ path: '/me', status: 200, body: 'ok' });
    const page = await call(emulator, 'GET', '/me', { token });
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toBe('<html><h1>502 Bad Gateway</h1></html>');
    const notJson = await call(emulator, 'GET', '/me', { token });
    expect(notJson).toMatchObject({ status: 200, text: 'ok', body: undefined });
    expect((await call(emulator, 'GET', '/me', { token })).body).toMatchObject({
      id: expect.any(String),
    });
  });

  it('with after, publishes for real and then answers an error: the client cannot know it worked', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/media_publish', after: true, status: 500, code: 1 });
    const container = await createContainer(emulator, token, { image_url: IMAGE });
    const res = await publish(emulator, token, container);
    expect(graphCode(res)).toEqual({ status: 500, code: 1, subcode: undefined });
    expect(emulator.published()).toHaveLength(1);
    const status = await call(emulator, 'GET', `/${container}`, {
      query: { fields: 'status_code' },
      token,
    });
    expect(status.body.status_code).toBe('PUBLISHED');
  });

  it('with after, publishes for real and then drops or hangs', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/media_publish', after: true, drop: true });
    await addFault({ path: '/media_publish', after: true, hang: true });
    const first = await createContainer(emulator, token, { image_url: IMAGE });
    const second = await createContainer(emulator, token, { image_url: IMAGE });
    await expect(publish(emulator, token, first)).rejects.toThrow();
    await expect(
      call(emulator, 'POST', '/me/media_publish', {
        token,
        form: { creation_id: second },
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(emulator.published().map((m) => m.containerId)).toEqual([first, second]);
  });

  it('with after and latency, publishes and answers late', async () => {
    const { token } = await accountWithToken(emulator);
    await addFault({ path: '/media_publish', after: true, latencyMs: 2_000 });
    const container = await createContainer(emulator, token, { image_url: IMAGE });
    let answered = false;
    const late = publish(emulator, token, container).finally(() => (answered = true));
    // Published first, answered later: polled, so a busy machine cannot make it flaky.
    await expect.poll(() => emulator.published().length, { interval: 20 }).toBe(1);
    expect(answered).toBe(false);
    expect((await late).status).toBe(200);
  });

  it('applies to the OAuth token endpoint too', async () => {
    await addFault({ path: '/oauth/access_token', status: 503, code: 2 });
    const res = await call(emulator, 'POST', '/oauth/access_token', { form: { client_id: 'x' } });
    expect(graphCode(res)).toEqual({ status: 503, code: 2, subcode: undefined });
  });

  it('never applies to the control API', async () => {
    await addFault({ path: '/_emulator', code: 2 });
    expect((await call(emulator, 'GET', '/_emulator/accounts')).status).toBe(200);
  });

  it('clears one fault or all of them', async () => {
    const one = (await addFault({ path: '/a' })).body;
    await addFault({ path: '/b' });
    expect((await call(emulator, 'DELETE', `/_emulator/faults/${one.id}`)).status).toBe(200);
    expect(
      (await call(emulator, 'GET', '/_emulator/faults')).body.data.map(
        (f: { path: string }) => f.path,
      ),
    ).toEqual(['/b']);
    await call(emulator, 'DELETE', '/_emulator/faults');
    expect((await call(emulator, 'GET', '/_emulator/faults')).body.data).toEqual([]);
    expect((await call(emulator, 'DELETE', `/_emulator/faults/${one.id}`)).status).toBe(404);
  });

  it.each([
    [{ code: 2 }, 'path'],
    [{ path: '/me', times: 0 }, 'times'],
    [{ path: '/me', status: 42 }, 'status'],
    [{ path: '/me', hang: 'yes' }, 'hang'],
    [{ path: '/me', explode: true }, 'explode'],
  ])('refuses a malformed fault %o', async (fault, word) => {
    const res = await addFault(fault);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(word);
  });

  it('adds none of a list when one of them is malformed', async () => {
    const res = await call(emulator, 'POST', '/_emulator/faults', {
      json: [{ path: '/a' }, { path: '/b', times: -1 }],
    });
    expect(res.status).toBe(400);
    expect((await call(emulator, 'GET', '/_emulator/faults')).body.data).toEqual([]);
  });

  it('adds several faults at once from an array', async () => {
    const res = await call(emulator, 'POST', '/_emulator/faults', {
      json: [{ path: '/a' }, { path: '/b', times: 2 }],
    });
    expect(res.body.data.map((f: { remaining: number }) => f.remaining)).toEqual([1, 2]);
  });
});
