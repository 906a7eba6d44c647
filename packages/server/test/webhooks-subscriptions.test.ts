/**
 * The webhook subscription routes over real HTTP: creation answers the secret once,
 * list/read/update/delete, secret rotation with an overlap during which both secrets
 * sign, test deliveries to real receivers, and the SSRF guard on webhook URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { emitEvents } from './helpers/outbox';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { signedWith, startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';

const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

describe.each(testDialects())('webhook subscriptions on $name', (dialect) => {
  let server: TestServer;
  let strict: TestServer;
  let receiver: Receiver;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false, webhooks: { timeoutMs: 400 } },
    });
    strict = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
    receiver = await startReceiver();
    account = await createAccount(server.url);
  });
  afterAll(async () => {
    await server.close();
    await strict.close();
    await receiver.close();
  });

  const api = (method: string, path: string, body?: unknown, who: Account = account) =>
    call(server.url, method, path, body, who.key);
  const subscribe = (body: Record<string, unknown> = {}) =>
    api('POST', '/v1/notifications', {
      eventTypes: ALL,
      webhook: { url: receiver.url },
      ...body,
    });

  it('creates a subscription and answers its whsec_ secret in that answer only', async () => {
    const created = await subscribe({ onlyScheduledPosts: true });
    expect(created.status).toBe(201);
    const { notification } = created.body;
    expect(notification).toMatchObject({
      eventTypes: ALL,
      webhook: { url: receiver.url, previousSecretExpiresAt: null },
      profileId: null,
      onlyScheduledPosts: true,
      paused: false,
    });
    expect(notification.id).toMatch(/^ntf_/);
    expect(notification.webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const read = await api('GET', `/v1/notifications/${notification.id}`);
    expect(read.status).toBe(200);
    expect(read.body.notification.webhook).toEqual({
      url: receiver.url,
      previousSecretExpiresAt: null,
    });
    const listed = await api('GET', '/v1/notifications');
    expect(JSON.stringify(listed.body)).not.toContain(notification.webhook.secret);
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
  });

  it('stores the secret encrypted, never in clear', async () => {
    const { notification } = (await subscribe()).body;
    const row = await server.reelay.context.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', notification.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(notification.webhook.secret.slice(6));
    expect(server.reelay.context.cipher.decrypt(row.secret)).toBe(notification.webhook.secret);
  });

  it('lists subscriptions newest first, paginated with a total', async () => {
    const other = await createAccount(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      const created = await call(
        server.url,
        'POST',
        '/v1/notifications',
        { eventTypes: ['post.failed'], webhook: { url: `${receiver.url}/${i}` } },
        other.key,
      );
      ids.push(created.body.notification.id);
    }
    const page = await call(server.url, 'GET', '/v1/notifications?limit=2', undefined, other.key);
    expect(page.body.total).toBe(3);
    expect(page.body.notifications.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    const rest = await call(
      server.url,
      'GET',
      '/v1/notifications?limit=2&offset=2&sort=desc',
      undefined,
      other.key,
    );
    expect(rest.body.notifications.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
    const oldest = await call(
      server.url,
      'GET',
      '/v1/notifications?sort=asc&limit=1',
      undefined,
      other.key,
    );
    expect(oldest.body.notifications[0].id).toBe(ids[0]);
  });

  it("answers 404 for another project's subscription on every route", async () => {
    const { notification } = (await subscribe()).body;
    const stranger = await createAccount(server.url);
    const id = notification.id;
    for (const [method, path, body] of [
      ['GET', `/v1/notifications/${id}`],
      ['PATCH', `/v1/notifications/${id}`, { paused: true }],
      ['DELETE', `/v1/notifications/${id}`],
      ['POST', `/v1/notifications/${id}/rotate-secret`],
      ['GET', `/v1/notifications/${id}/deliveries`],
      ['POST', '/v1/notifications/test', { notificationId: id }],
    ] as const) {
      const answer = await api(method, path, body, stranger);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    expect((await api('GET', `/v1/notifications/${id}`)).status).toBe(200);
  });

  it('refuses bad bodies naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ eventTypes: [], webhook: { url: receiver.url } }, 'eventTypes'],
      [{ eventTypes: ['post.deleted'], webhook: { url: receiver.url } }, 'eventTypes[0]'],
      [
        { eventTypes: ['post.failed', 'post.failed'], webhook: { url: receiver.url } },
        'eventTypes',
      ],
      [{ eventTypes: ALL, webhook: { url: 'not a url' } }, 'webhook.url'],
      [{ eventTypes: ALL, webhook: { url: receiver.url }, secret: 'whsec_mine' }, ''],
      [{ eventTypes: ALL, webhook: { url: receiver.url }, profileId: 'int_1' }, 'profileId'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', '/v1/notifications', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      if (field) expect(answer.body.details.field, JSON.stringify(body)).toBe(field);
    }
    const missingProfile = await subscribe({ profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy' });
    expect(missingProfile.status).toBe(404);
    expect(missingProfile.body.message).toMatch(/Perfil/);
  });

  describe('the SSRF guard', () => {
    const refusals: Array<[string, RegExp]> = [
      ['http://hooks.example.com/x', /https/],
      ['https://127.0.0.1/hooks', /loopback/],
      ['https://localhost/hooks', /localhost resolve para um endereço de loopback/],
      ['https://10.1.2.3/hooks', /privado/],
      ['https://192.168.0.10/hooks', /privado/],
      ['https://169.254.169.254/latest/meta-data', /metadados/],
      // IPv6 literals are well-formed URLs: the address policy refuses them.
      ['https://[::1]/hooks', /loopback/],
      ['https://[::ffff:127.0.0.1]/hooks', /loopback/],
      ['https://2130706433/hooks', /loopback/],
      ['https://0x7f.1/hooks', /loopback/],
      ['https://[fe80::1]/hooks', /link-local/],
      ['https://0.0.0.0/hooks', /reservado/],
      ['https://user:secret@hooks.example.com/x', /usuário ou senha/],
    ];
    for (const [url, reason] of refusals) {
      it(`refuses ${url} with VALIDATION_ERROR naming webhook.url`, async () => {
        const strictAccount = await accountOn(strict);
        const answer = await call(
          strict.url,
          'POST',
          '/v1/notifications',
          { eventTypes: ALL, webhook: { url } },
          strictAccount.key,
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: { field: 'webhook.url' },
        });
        expect(answer.body.message).toMatch(reason);
      });
    }

    it('accepts a public https address, and refuses private ones on update and test too', async () => {
      const strictAccount = await accountOn(strict);
      const created = await call(
        strict.url,
        'POST',
        '/v1/notifications',
        { eventTypes: ALL, webhook: { url: 'https://93.184.216.34/reelay' } },
        strictAccount.key,
      );
      expect(created.status).toBe(201);
      const id = created.body.notification.id;
      const update = await call(
        strict.url,
        'PATCH',
        `/v1/notifications/${id}`,
        { webhook: { url: 'https://172.16.0.1/x' } },
        strictAccount.key,
      );
      expect(update.status).toBe(400);
      expect(update.body.details.field).toBe('webhook.url');
      const test = await call(
        strict.url,
        'POST',
        '/v1/notifications/test',
        { webhook: { url: receiver.url } },
        strictAccount.key,
      );
      expect(test.status).toBe(400);
      expect(test.body.details.field).toBe('webhook.url');
      expect(receiver.received.filter((item) => item.path === '/webhooks')).toHaveLength(0);
    });

    it('still refuses cloud metadata when private addresses are allowed', async () => {
      const answer = await subscribe({ webhook: { url: 'https://169.254.169.254/x' } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/metadados/);
    });
  });

  const accounts = new Map<TestServer, Account>();
  async function accountOn(target: TestServer): Promise<Account> {
    if (!accounts.has(target)) accounts.set(target, await createAccount(target.url));
    return accounts.get(target)!;
  }

  it('updates url, event types, filters and pause, keeping the secret', async () => {
    const { notification } = (await subscribe()).body;
    const profile = await api('POST', '/v1/profiles', { name: 'Marca' });
    server.clock.advance(1000);
    const changed = await api('PATCH', `/v1/notifications/${notification.id}`, {
      eventTypes: ['post.failed'],
      webhook: { url: `${receiver.url}/novo` },
      profileId: profile.body.profile.id,
      onlyScheduledPosts: true,
      paused: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.notification).toMatchObject({
      eventTypes: ['post.failed'],
      webhook: { url: `${receiver.url}/novo` },
      profileId: profile.body.profile.id,
      onlyScheduledPosts: true,
      paused: true,
    });
    expect(Date.parse(changed.body.notification.updatedAt)).toBeGreaterThan(
      Date.parse(changed.body.notification.createdAt),
    );
    const cleared = await api('PATCH', `/v1/notifications/${notification.id}`, {
      profileId: null,
      paused: false,
    });
    expect(cleared.body.notification).toMatchObject({ profileId: null, paused: false });
    const empty = await api('PATCH', `/v1/notifications/${notification.id}`, {});
    expect(empty.status).toBe(400);
    // The secret did not change: a test is still signed with the one from creation.
    const test = await api('POST', '/v1/notifications/test', { notificationId: notification.id });
    const arrived = receiver.received.at(-1)!;
    expect(test.body.result.delivered).toBe(true);
    expect(signedWith(arrived, notification.webhook.secret)).toBe(true);
  });

  it('deletes a subscription: it is gone, and deleting again answers 404', async () => {
    const { notification } = (await subscribe()).body;
    const removed = await api('DELETE', `/v1/notifications/${notification.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true });
    expect((await api('GET', `/v1/notifications/${notification.id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/notifications/${notification.id}`)).status).toBe(404);
    expect((await api('GET', `/v1/notifications/${notification.id}/deliveries`)).status).toBe(404);
  });

  describe('secret rotation', () => {
    it('answers a new secret once; both sign during the overlap, then only the new one', async () => {
      const { notification } = (await subscribe()).body;
      const oldSecret = notification.webhook.secret as string;
      const rotated = await api('POST', `/v1/notifications/${notification.id}/rotate-secret`, {
        overlapSeconds: 3600,
      });
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.notification.webhook.secret as string;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(oldSecret);
      expect(rotated.body.notification.webhook.previousSecretExpiresAt).toBe(
        new Date(server.clock.now() + 3_600_000).toISOString(),
      );
      expect(
        JSON.stringify((await api('GET', `/v1/notifications/${notification.id}`)).body),
      ).not.toContain(newSecret);

      await api('POST', '/v1/notifications/test', { notificationId: notification.id });
      const during = receiver.received.at(-1)!;
      expect(String(during.headers['x-service-signature']).split(',')).toHaveLength(2);
      expect(signedWith(during, newSecret)).toBe(true);
      expect(signedWith(during, oldSecret)).toBe(true);

      server.clock.advance(3_600_001);
      await api('POST', '/v1/notifications/test', { notificationId: notification.id });
      const after = receiver.received.at(-1)!;
      expect(String(after.headers['x-service-signature']).split(',')).toHaveLength(1);
      expect(signedWith(after, newSecret)).toBe(true);
      expect(signedWith(after, oldSecret)).toBe(false);
      expect(
        (await api('GET', `/v1/notifications/${notification.id}`)).body.notification.webhook
          .previousSecretExpiresAt,
      ).toBeNull();
    });

    it('overlaps 24 hours by default, 0 stops the old secret at once, and a second rotation ends the first', async () => {
      const { notification } = (await subscribe()).body;
      const first = await api('POST', `/v1/notifications/${notification.id}/rotate-secret`);
      expect(first.body.notification.webhook.previousSecretExpiresAt).toBe(
        new Date(server.clock.now() + 86_400_000).toISOString(),
      );
      const second = await api('POST', `/v1/notifications/${notification.id}/rotate-secret`, {});
      await api('POST', '/v1/notifications/test', { notificationId: notification.id });
      const twoSigned = receiver.received.at(-1)!;
      expect(signedWith(twoSigned, second.body.notification.webhook.secret)).toBe(true);
      expect(signedWith(twoSigned, first.body.notification.webhook.secret)).toBe(true);
      expect(signedWith(twoSigned, notification.webhook.secret)).toBe(false);

      const now = await api('POST', `/v1/notifications/${notification.id}/rotate-secret`, {
        overlapSeconds: 0,
      });
      expect(now.body.notification.webhook.previousSecretExpiresAt).toBeNull();
      await api('POST', '/v1/notifications/test', { notificationId: notification.id });
      const oneSigned = receiver.received.at(-1)!;
      expect(signedWith(oneSigned, now.body.notification.webhook.secret)).toBe(true);
      expect(signedWith(oneSigned, second.body.notification.webhook.secret)).toBe(false);

      const tooLong = await api('POST', `/v1/notifications/${notification.id}/rotate-secret`, {
        overlapSeconds: 8 * 86_400,
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.details.field).toBe('overlapSeconds');
    });
  });

  describe('test deliveries', () => {
    it('sends a signed, marked post.published to a subscription and answers what the receiver said', async () => {
      const { notification } = (await subscribe()).body;
      receiver.answers.push({ status: 202, body: 'recebido' });
      const answer = await api('POST', '/v1/notifications/test', {
        notificationId: notification.id,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({
        url: receiver.url,
        delivered: true,
        responseStatus: 202,
        error: null,
        responseBody: 'recebido',
        secret: null,
      });
      expect(answer.body.result.eventId).toMatch(/^evt_/);
      expect(answer.body.result.durationMs).toBeGreaterThanOrEqual(0);
      const arrived = receiver.received.at(-1)!;
      expect(arrived.method).toBe('POST');
      expect(arrived.headers['content-type']).toBe('application/json');
      expect(arrived.headers['x-service-test']).toBe('true');
      expect(arrived.headers['x-service-event-id']).toBe(answer.body.result.eventId);
      expect(arrived.headers['x-service-event-type']).toBe('post.published');
      // The real time of sending: receivers check it against their own clock.
      expect(
        Math.abs(Number(arrived.headers['x-service-timestamp']) - Date.now() / 1000),
      ).toBeLessThan(5);
      expect(signedWith(arrived, notification.webhook.secret)).toBe(true);
      expect(arrived.body).toMatchObject({
        version: '2026-09-01',
        id: answer.body.result.eventId,
        type: 'post.published',
        projectId: account.projectId,
        data: { post: { id: 'post_00000000000000000000000000', status: 'published' } },
      });
      // A test is recorded nowhere.
      const history = await api('GET', `/v1/notifications/${notification.id}/deliveries`);
      expect(history.body).toMatchObject({ total: 0, deliveries: [] });
    });

    it('tests an unsaved URL with a one-off secret returned for checking', async () => {
      const answer = await api('POST', '/v1/notifications/test', {
        webhook: { url: `${receiver.url}/avulso` },
      });
      expect(answer.body.result).toMatchObject({ delivered: true, responseStatus: 200 });
      expect(answer.body.result.secret).toMatch(/^whsec_/);
      const arrived = receiver.received.at(-1)!;
      expect(arrived.path).toBe('/webhooks/avulso');
      expect(signedWith(arrived, answer.body.result.secret)).toBe(true);
    });

    it('reports a refusing status, a receiver that hangs past the timeout, and one that is down', async () => {
      receiver.answers.push({ status: 500, body: 'erro' });
      const failing = await api('POST', '/v1/notifications/test', {
        webhook: { url: receiver.url },
      });
      expect(failing.body.result).toMatchObject({
        delivered: false,
        responseStatus: 500,
        error: 'O receptor respondeu com o status 500.',
      });

      receiver.answers.push({ status: 301 });
      const redirect = await api('POST', '/v1/notifications/test', {
        webhook: { url: receiver.url },
      });
      expect(redirect.body.result.delivered).toBe(false);
      expect(redirect.body.result.error).toMatch(/redirecionamentos não são seguidos/);

      receiver.answers.push({ hang: true });
      const started = Date.now();
      const hung = await api('POST', '/v1/notifications/test', { webhook: { url: receiver.url } });
      expect(hung.body.result).toMatchObject({ delivered: false, responseStatus: null });
      expect(hung.body.result.error).toBe('O receptor não respondeu em 400 ms.');
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);

      const down = await startReceiver();
      await down.stop();
      const refused = await api('POST', '/v1/notifications/test', { webhook: { url: down.url } });
      expect(refused.body.result).toMatchObject({ delivered: false, responseStatus: null });
      expect(refused.body.result.error).toMatch(/Conexão recusada/);
    });

    it('refuses a body with both or neither of notificationId and webhook', async () => {
      for (const body of [
        {},
        { notificationId: 'ntf_01jd8k2m3n4p5q6r7s8t9v0wxy', webhook: { url: receiver.url } },
      ]) {
        const answer = await api('POST', '/v1/notifications/test', body);
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  it('DELETE /v1/me erases the subscriptions and their deliveries', async () => {
    const owner = await createAccount(server.url);
    const created = await call(
      server.url,
      'POST',
      '/v1/notifications',
      { eventTypes: ALL, webhook: { url: receiver.url } },
      owner.key,
    );
    expect(created.status).toBe(201);
    await emitEvents(server, owner.projectId);
    await server.reelay.tasks.runDueJobs();
    const before = await server.reelay.context.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(before).toHaveLength(1);
    const erased = await call(server.url, 'DELETE', '/v1/me', undefined, {
      authorization: owner.bearer.authorization!,
    });
    expect(erased.status).toBe(204);
    const left = await server.reelay.context.db
      .selectFrom('webhook_subscriptions')
      .select('id')
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(left).toEqual([]);
    const history = await server.reelay.context.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(history).toEqual([]);
  });
});
