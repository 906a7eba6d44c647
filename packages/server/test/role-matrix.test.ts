/**
 * Roles, over every route that acts in a project and every kind of caller, on both
 * databases, driven by the contract table so a new route cannot skip them: each member
 * role (owner, admin, editor, viewer) by Bearer, each API key role (admin, editor,
 * viewer), and a signed-in person the project is not shared with. A caller whose role
 * meets the route's is let through (whatever the route then answers), a lesser role is
 * answered 403 `ROLE_REQUIRED` naming both roles, a person outside the project 403
 * `FORBIDDEN`, a key on a Bearer-only route 401. Roles are read per request: a changed
 * or removed membership counts on the next request with the same token.
 */
import {
  ROUTES,
  roleMeets,
  type ApiKeyRole,
  type ProjectRole,
  type RouteDefinition,
  type RouteId,
} from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startWithEmulator, type Platform } from '@reelay/test-support/with-emulator';
import { deleteMember, insertMember, updateMemberRole } from '../src/store/project-members';

const SAMPLE_ID = '01jd8k2m3n4p5q6r7s8t9v0wxy';

/** Bodies valid enough to get past validation where the role lets the caller through. */
const BODIES: Partial<Record<RouteId, unknown>> = {
  createApiKey: { name: 'matriz', role: 'viewer' },
  createProfile: { name: 'Perfil' },
  updatePost: { content: 'Outro texto' },
  updateNotification: { paused: true },
  replaceIntegrationSlots: { timezone: 'UTC', slots: [] },
  replaceProfileSlots: { timezone: 'UTC', slots: [] },
  updateProfile: { approvalRequired: null },
  rejectPost: { reason: 'Outra foto' },
  updateProjectSettings: { approvalRequired: false },
};

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The caller's role in the project; null for a person it is not shared with. */
  role: ProjectRole | null;
  kind: 'person' | 'key';
}

describe.each(testDialects())('role matrix on $name', (dialect) => {
  let platform: Platform;
  let owner: Account;
  const callers: Caller[] = [];
  const people = {} as Record<'admin' | 'editor' | 'viewer' | 'outsider', Account>;

  const db = () => platform.server.reelay.context.db;

  beforeAll(async () => {
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
    const url = platform.server.url;
    owner = await createAccount(url);
    for (const role of ['admin', 'editor', 'viewer', 'outsider'] as const) {
      people[role] = await createAccount(url);
      if (role !== 'outsider') {
        await insertMember(db(), {
          projectId: owner.projectId,
          userId: people[role].userId,
          role,
          joinedAt: Date.now(),
        });
      }
    }
    const bearer = (account: Account) => ({
      authorization: `Bearer ${account.accessToken}`,
      'x-project-id': owner.projectId,
    });
    callers.push({ name: 'owner', headers: bearer(owner), role: 'owner', kind: 'person' });
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      callers.push({ name: role, headers: bearer(people[role]), role, kind: 'person' });
    }
    callers.push({
      name: 'outsider',
      headers: bearer(people.outsider),
      role: null,
      kind: 'person',
    });
    for (const role of ['admin', 'editor', 'viewer'] as const satisfies ApiKeyRole[]) {
      const created = await call(
        url,
        'POST',
        `/v1/projects/${owner.projectId}/api-keys`,
        { name: `chave ${role}`, role },
        { authorization: `Bearer ${owner.accessToken}` },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.apiKey.role).toBe(role);
      callers.push({
        name: `${role} key`,
        headers: { 'x-access-key': created.body.apiKey.key },
        role,
        kind: 'key',
      });
    }
  });
  afterAll(async () => {
    await platform?.close();
  });

  const send = (route: RouteDefinition, headers: Record<string, string>) =>
    call(
      platform.server.url,
      route.method,
      route.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        name === 'platform'
          ? 'instagram'
          : name === 'id' && route.auth === 'bearer'
            ? owner.projectId
            : `x_${SAMPLE_ID}`,
      ),
      BODIES[route.id as RouteId],
      headers,
    );

  const withRoles = ROUTES.filter((route) => route.role !== undefined);

  it('answers every route with a role to every caller as the route and the role say', async () => {
    const answers: string[] = [];
    for (const route of withRoles) {
      for (const caller of callers) {
        const answer = await send(route, caller.headers);
        const code = answer.body?.code as string | undefined;
        let expected: string;
        if (caller.kind === 'key' && route.auth === 'bearer') expected = 'UNAUTHORIZED';
        else if (caller.role === null) expected = 'FORBIDDEN';
        else if (!roleMeets(caller.role, route.role!)) expected = 'ROLE_REQUIRED';
        else expected = 'allowed';
        const got =
          code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'ROLE_REQUIRED'
            ? code
            : answer.status >= 500
              ? `${answer.status} ${code}`
              : 'allowed';
        answers.push(`${route.id} × ${caller.name}: ${got}`);
        expect(got, `${route.id} × ${caller.name}: ${JSON.stringify(answer.body)}`).toBe(expected);
        if (expected === 'ROLE_REQUIRED') {
          expect(answer.status).toBe(403);
          expect(answer.body.details).toEqual({ role: caller.role, required: route.role });
        }
      }
    }
    expect(answers.length).toBe(withRoles.length * callers.length);
    // Every kind of answer happens: the matrix tells roles apart.
    for (const outcome of ['allowed', 'ROLE_REQUIRED', 'FORBIDDEN', 'UNAUTHORIZED']) {
      expect(
        answers.some((line) => line.endsWith(`: ${outcome}`)),
        outcome,
      ).toBe(true);
    }
  });

  it('reads the role on every request: a changed or removed membership counts at once', async () => {
    const editor = callers.find((caller) => caller.name === 'editor')!;
    const createProfile = ROUTES.find((route) => route.id === 'createProfile')!;
    expect((await send(createProfile, editor.headers)).body.code).toBe('ROLE_REQUIRED');
    await updateMemberRole(db(), owner.projectId, people.editor.userId, 'admin');
    expect((await send(createProfile, editor.headers)).status).toBe(201);
    await deleteMember(db(), owner.projectId, people.editor.userId);
    expect((await send(createProfile, editor.headers)).body.code).toBe('FORBIDDEN');
  });

  it('lists a shared project in /v1/me with its role and organization', async () => {
    const me = await call(platform.server.url, 'GET', '/v1/me', undefined, {
      authorization: `Bearer ${people.viewer.accessToken}`,
    });
    expect(me.status).toBe(200);
    expect(me.body.projects).toHaveLength(2);
    expect(me.body.projects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: people.viewer.projectId,
          role: 'owner',
          organizationId: people.viewer.organizationId,
        }),
        expect.objectContaining({
          id: owner.projectId,
          role: 'viewer',
          organizationId: owner.organizationId,
        }),
      ]),
    );
  });
});
