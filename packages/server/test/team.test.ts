/**
 * A project's team over real HTTP on both databases: invitations (a link shown once,
 * single-use, for one e-mail, valid 7 days, cancellable), signing up through one while
 * sign-up is closed, accepting one when signed in, the members list, changing roles and
 * removing members (anyone may leave; the owner stays), each change counting on the
 * member's next request; and invitations mailed through a real SMTP server.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const PASSWORD = 'correct horse battery';
const DAY_MS = 86_400_000;

describe.each(testDialects())('the team on $name', (dialect) => {
  let server: TestServer;
  let owner: Account;

  beforeAll(async () => {
    // Sign-up is closed once the first user exists: invitations open it for their e-mail.
    server = await startTestServer(dialect, {
      env: { REELAY_PUBLIC_URL: 'https://reelay.example.com' },
    });
    owner = await createAccount(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const ownerAuth = () => ({ authorization: owner.bearer.authorization! });
  const api = (method: string, path: string, body?: unknown, headers = ownerAuth()) =>
    call(server.url, method, path, body, headers);
  const project = (path = '') => `/v1/projects/${owner.projectId}${path}`;
  const invite = async (email: string, role: string) => {
    const answer = await api('POST', project('/invitations'), { email, role });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const url = answer.body.invitation.url as string;
    return { id: answer.body.invitation.id as string, url, token: url.split('/').pop()! };
  };
  const signUp = (email: string, invitationToken?: string) =>
    call(server.url, 'POST', '/v1/auth/signup', {
      email,
      password: PASSWORD,
      ...(invitationToken ? { invitationToken } : {}),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('invites by a link shown once, lets the invited e-mail sign up while sign-up is closed, and joins it', async () => {
    expect((await signUp('estranho@example.com')).body.code).toBe('FORBIDDEN');
    const invitation = await invite('Bia@Example.com', 'editor');
    expect(invitation.url).toMatch(/^https:\/\/reelay\.example\.com\/app\/invite\/rly_inv_/);
    const listed = await api('GET', project('/invitations'));
    expect(listed.body.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, email: 'bia@example.com', role: 'editor' }),
    ]);
    expect(listed.body.invitations[0]).not.toHaveProperty('url');
    expect(
      Date.parse(listed.body.invitations[0].expiresAt) -
        Date.parse(listed.body.invitations[0].createdAt),
    ).toBe(7 * DAY_MS);

    // Whoever holds the link sees what it offers, with no credential, and nothing more.
    const shown = await call(server.url, 'POST', '/v1/invitations/lookup', {
      token: invitation.token,
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.invitation).toEqual({
      email: 'bia@example.com',
      role: 'editor',
      projectName: 'Projeto principal',
      expiresAt: listed.body.invitations[0].expiresAt,
    });
    expect(
      (await call(server.url, 'POST', '/v1/invitations/lookup', { token: 'rly_inv_desconhecido' }))
        .body.code,
    ).toBe('NOT_FOUND');

    // Another e-mail cannot use it to sign up.
    const other = await signUp('caio@example.com', invitation.token);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: 'INVITATION_INVALID',
      details: { reason: 'email_mismatch' },
    });

    const bia = await signUp('bia@example.com', invitation.token);
    expect(bia.status, JSON.stringify(bia.body)).toBe(201);
    const me = await call(server.url, 'GET', '/v1/me', undefined, bearer(bia.body.accessToken));
    expect(me.body.projects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: owner.projectId,
          role: 'editor',
          organizationId: owner.organizationId,
        }),
      ]),
    );
    // Once only; and no longer pending.
    const again = await call(
      server.url,
      'POST',
      '/v1/invitations/accept',
      { token: invitation.token },
      bearer(bia.body.accessToken),
    );
    expect(again.body).toMatchObject({
      code: 'INVITATION_INVALID',
      details: { reason: 'accepted' },
    });
    expect(
      (await call(server.url, 'POST', '/v1/invitations/lookup', { token: invitation.token })).body,
    ).toMatchObject({ code: 'INVITATION_INVALID', details: { reason: 'accepted' } });
    expect((await api('GET', project('/invitations'))).body.invitations).toEqual([]);

    const members = await api('GET', project('/members'));
    expect(members.body.members.map((m: any) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      ['bia@example.com', 'editor'],
    ]);
  });

  it('lets a signed-in person accept, refuses an unknown, cancelled or expired invitation, and a wrong token', async () => {
    const caio = await createAccountThroughInvitation('caio@example.com', 'viewer');
    expect(caio.role).toBe('viewer');

    const cancelled = await invite('dani@example.com', 'viewer');
    expect((await api('DELETE', project(`/invitations/${cancelled.id}`))).status).toBe(204);
    expect((await api('DELETE', project(`/invitations/${cancelled.id}`))).status).toBe(404);
    expect((await signUp('dani@example.com', cancelled.token)).body.code).toBe('NOT_FOUND');
    expect((await signUp('dani@example.com', 'rly_inv_nao-existe-este-token')).body.code).toBe(
      'NOT_FOUND',
    );

    const late = await invite('edu@example.com', 'viewer');
    server.clock.advance(7 * DAY_MS + 1);
    try {
      const answer = await signUp('edu@example.com', late.token);
      expect(answer.body).toMatchObject({
        code: 'INVITATION_INVALID',
        details: { reason: 'expired' },
      });
    } finally {
      server.clock.advance(-(7 * DAY_MS + 1));
    }
  });

  it('changes roles and removes members, keeping the owner, each change counting at once', async () => {
    const fabi = await createAccountThroughInvitation('fabi@example.com', 'admin');
    const gabi = await createAccountThroughInvitation('gabi@example.com', 'viewer');
    const asFabi = bearer(fabi.accessToken);
    const inProject = (token: string) => ({ ...bearer(token), 'x-project-id': owner.projectId });

    // A viewer reads, does not write, and cannot change roles or remove others.
    expect(
      (await call(server.url, 'GET', '/v1/posts', undefined, inProject(gabi.accessToken))).status,
    ).toBe(200);
    const refused = await call(
      server.url,
      'POST',
      '/v1/profiles',
      { name: 'X' },
      inProject(gabi.accessToken),
    );
    expect(refused.body).toMatchObject({
      code: 'ROLE_REQUIRED',
      details: { role: 'viewer', required: 'admin' },
    });
    expect(
      (
        await api(
          'PATCH',
          project(`/members/${fabi.userId}`),
          { role: 'viewer' },
          bearer(gabi.accessToken),
        )
      ).body.code,
    ).toBe('ROLE_REQUIRED');
    expect(
      (await api('DELETE', project(`/members/${fabi.userId}`), undefined, bearer(gabi.accessToken)))
        .body.code,
    ).toBe('ROLE_REQUIRED');

    // An admin promotes the viewer; the owner keeps their role and their place.
    const promoted = await api(
      'PATCH',
      project(`/members/${gabi.userId}`),
      { role: 'editor' },
      asFabi,
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.member).toMatchObject({ userId: gabi.userId, role: 'editor' });
    expect(
      (await call(server.url, 'POST', '/v1/profiles', { name: 'X' }, inProject(gabi.accessToken)))
        .body.code,
    ).toBe('ROLE_REQUIRED');
    expect(
      (await api('PATCH', project(`/members/${owner.userId}`), { role: 'admin' }, asFabi)).body
        .code,
    ).toBe('LAST_OWNER');
    expect(
      (await api('DELETE', project(`/members/${owner.userId}`), undefined, asFabi)).body.code,
    ).toBe('LAST_OWNER');
    expect((await api('DELETE', project(`/members/${owner.userId}`))).body.code).toBe('LAST_OWNER');
    expect(
      (await api('PATCH', project(`/members/${gabi.userId}`), { role: 'owner' })).body.code,
    ).toBe('VALIDATION_ERROR');

    // Anyone may leave; the next request with the same token is refused.
    expect(
      (await api('DELETE', project(`/members/${gabi.userId}`), undefined, bearer(gabi.accessToken)))
        .status,
    ).toBe(204);
    expect(
      (await call(server.url, 'GET', '/v1/posts', undefined, inProject(gabi.accessToken))).body
        .code,
    ).toBe('FORBIDDEN');
    // An admin removes someone else; again at once.
    expect((await api('DELETE', project(`/members/${fabi.userId}`))).status).toBe(204);
    expect((await api('GET', project('/members'), undefined, asFabi)).body.code).toBe('FORBIDDEN');
    expect((await api('DELETE', project(`/members/${fabi.userId}`))).status).toBe(404);
  });

  /** Invites an e-mail, signs it up, and accepts while signed in. */
  async function createAccountThroughInvitation(email: string, role: string) {
    // Signed up first, through an invitation to another project of the owner's, then
    // accepting this one while signed in: both ways in are used.
    const first = await invite(email, 'viewer');
    const signedUp = await signUp(email, first.token);
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    const userId = signedUp.body.user.id as string;
    await api('DELETE', project(`/members/${userId}`));
    const second = await invite(email, role);
    const accepted = await call(
      server.url,
      'POST',
      '/v1/invitations/accept',
      { token: second.token },
      bearer(signedUp.body.accessToken),
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.project).toMatchObject({ id: owner.projectId, role });
    return {
      userId,
      accessToken: signedUp.body.accessToken as string,
      role: accepted.body.project.role,
    };
  }
});

describe('invitations by e-mail', () => {
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: Array<{ to: string[]; raw: string }> = [];
  let server: TestServer;
  let owner: Account;

  beforeAll(async () => {
    // A real SMTP server on loopback, the way an operator's relay would receive them.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    const sqlite = testDialects()[0]!;
    server = await startTestServer(sqlite, {
      env: {
        REELAY_PUBLIC_URL: 'https://reelay.example.com',
        REELAY_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        REELAY_SMTP_FROM: 'Reelay <convites@example.com>',
      },
    });
    owner = await createAccount(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('mails the link to the invited address, and still answers the link when the relay is down', async () => {
    const answer = await call(
      server.url,
      'POST',
      `/v1/projects/${owner.projectId}/invitations`,
      { email: 'hana@example.com', role: 'viewer' },
      { authorization: owner.bearer.authorization! },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.invitation.emailed).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['hana@example.com']);
    const message = received[0]!.raw.replace(/=\r?\n/g, '');
    expect(message).toContain('From: Reelay <convites@example.com>');
    expect(message).toContain(answer.body.invitation.url);

    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const unsent = await call(
      server.url,
      'POST',
      `/v1/projects/${owner.projectId}/invitations`,
      { email: 'ivo@example.com', role: 'viewer' },
      { authorization: owner.bearer.authorization! },
    );
    expect(unsent.status).toBe(201);
    expect(unsent.body.invitation).toMatchObject({ emailed: false });
    expect(unsent.body.invitation.url).toMatch(/\/app\/invite\/rly_inv_/);
  });
});
