/**
 * `reelay members …` and `reelay invitations …` against a real server: an owner invites
 * by e-mail, the invited person signs up with the link (or accepts it once logged in),
 * roles change and people leave; `keys create --role` gives a key its role.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { cliFor, freshConfigDir, type Cli, type CliResult } from '@reelay/test-support/cli';

const password = 'correct horse battery staple';
const stamp = Date.now();
const emails = {
  ana: `ana-${stamp}@example.com`,
  bia: `bia-${stamp}@example.com`,
  carla: `carla-${stamp}@example.com`,
  davi: `davi-${stamp}@example.com`,
};

/** The streams of a run whose exit code differs from the expected one. */
async function expectExit(result: Promise<CliResult>, code: number): Promise<CliResult> {
  const done = await result;
  if (done.code !== code) {
    throw new Error(
      `exit ${done.code}, expected ${code}\n--- stdout\n${done.stdout}\n--- stderr\n${done.stderr}`,
    );
  }
  return done;
}

describe('reelay members and invitations', { timeout: 120_000 }, () => {
  let server: TestServer;
  const people: Cli[] = [];
  let ana: Cli;
  let projectId = '';

  const person = () => {
    const cli = cliFor(freshConfigDir(), { REELAY_SERVER: server.url });
    people.push(cli);
    return cli;
  };
  const stored = (cli: Cli) =>
    (
      JSON.parse(readFileSync(join(cli.configDir, 'contexts.json'), 'utf8')) as {
        contexts: Record<string, Record<string, string | undefined>>;
      }
    ).contexts.default!;
  const signup = (cli: Cli, email: string, extra: string[] = []) =>
    expectExit(
      cli.run(['signup', '--email', email, '--password-stdin', ...extra, '--json'], {
        input: password,
      }),
      0,
    );
  const members = async () =>
    (await expectExit(ana.run(['members', 'list', '--json']), 0)).json<{
      members: Array<{ userId: string; email: string; role: string }>;
    }>().members;
  const invite = async (email: string, role: string) =>
    (
      await expectExit(ana.run(['invitations', 'create', email, '--role', role, '--json']), 0)
    ).json<{ invitation: { id: string; url: string; role: string; email: string } }>().invitation;

  beforeAll(async () => {
    server = await startTestServer(testDialects()[0]!, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    ana = person();
    projectId = (await signup(ana, emails.ana)).json<{ project: { id: string } }>().project.id;
  });
  afterAll(async () => {
    await server.close();
    for (const cli of people) rmSync(cli.configDir, { recursive: true, force: true });
  });

  it('creates an invitation, showing its link once, and signs up with it', async () => {
    const created = await expectExit(
      ana.run(['invitations', 'create', emails.bia, '--role', 'editor']),
      0,
    );
    const link = /^https?:\/\/\S+\/app\/invite\/\S+$/m.exec(created.stdout)?.[0];
    expect(link, created.stdout).toBeDefined();
    expect(created.stdout).toContain(`(editor)`);
    expect(created.stderr).toContain('7 dias');

    const bia = person();
    const joined = await signup(bia, emails.bia, ['--invitation', link!]);
    // The session uses the project of the invitation, not the new user's own.
    expect(joined.json()).toMatchObject({ project: { id: projectId, role: 'editor' } });
    expect(stored(bia).project).toBe(projectId);

    const list = await members();
    expect(list.map(({ email, role }) => ({ email, role }))).toEqual(
      expect.arrayContaining([
        { email: emails.ana, role: 'owner' },
        { email: emails.bia, role: 'editor' },
      ]),
    );
    const table = await expectExit(ana.run(['members', 'list']), 0);
    expect(table.stdout).toMatch(/usuário\s+e-mail\s+nome\s+papel\s+entrou em/i);
    expect(table.stdout).toContain(emails.bia);
  });

  it('changes a role, offering only the roles the contract accepts', async () => {
    const biaId = (await members()).find((member) => member.email === emails.bia)!.userId;
    const changed = await expectExit(ana.run(['members', 'role', biaId, 'viewer']), 0);
    expect(changed.stdout).toContain(`${biaId} (${emails.bia})`);
    expect(changed.stdout).toContain('viewer');
    expect((await members()).find((member) => member.userId === biaId)!.role).toBe('viewer');

    const owner = await expectExit(ana.run(['members', 'role', biaId, 'owner']), 2);
    expect(owner.stderr).toContain('admin, editor, viewer');

    // A viewer may not invite: a matter of role, exit 3 like other refused credentials.
    const bia = people[1]!;
    const refused = await expectExit(
      bia.run(['invitations', 'create', emails.davi, '--role', 'viewer', '--json']),
      3,
    );
    expect(refused.errorJson().code).toBe('ROLE_REQUIRED');
  });

  it('lists and cancels pending invitations', async () => {
    const invitation = await invite(emails.davi, 'viewer');
    const listed = await expectExit(ana.run(['invitations', 'list', '--json']), 0);
    const pending = listed.json<{ invitations: Array<Record<string, unknown>> }>().invitations;
    expect(pending).toEqual([
      expect.objectContaining({ id: invitation.id, email: emails.davi, role: 'viewer' }),
    ]);
    // The link is shown only when the invitation is created.
    expect(pending[0]).not.toHaveProperty('url');

    const cancelled = await expectExit(ana.run(['invitations', 'cancel', invitation.id]), 0);
    expect(cancelled.stdout).toContain(invitation.id);
    const after = await expectExit(ana.run(['invitations', 'list', '--json']), 0);
    expect(after.json<{ invitations: unknown[] }>().invitations).toEqual([]);
  });

  it('accepts an invitation by its link as a signed-in user, once', async () => {
    const carla = person();
    await signup(carla, emails.carla);
    const invitation = await invite(emails.carla, 'admin');

    const accepted = await expectExit(carla.run(['invitations', 'accept', invitation.url]), 0);
    expect(accepted.stdout).toContain(projectId);
    expect(accepted.stdout).toContain(`reelay config set project ${projectId}`);
    expect((await members()).find((member) => member.email === emails.carla)?.role).toBe('admin');

    const token = invitation.url.split('/app/invite/')[1]!;
    const again = await expectExit(carla.run(['invitations', 'accept', token, '--json']), 1);
    expect(again.errorJson().code).toBe('INVITATION_INVALID');
  });

  it('removes a member, but never the owner', async () => {
    const list = await members();
    const carlaId = list.find((member) => member.email === emails.carla)!.userId;
    const anaId = list.find((member) => member.email === emails.ana)!.userId;

    const removed = await expectExit(ana.run(['members', 'remove', carlaId]), 0);
    expect(removed.stdout).toContain(carlaId);
    expect((await members()).map((member) => member.userId)).not.toContain(carlaId);

    const owner = await expectExit(ana.run(['members', 'remove', anaId, '--json']), 1);
    expect(owner.errorJson().code).toBe('LAST_OWNER');
  });

  it('gives a new API key a role and lists it', async () => {
    const created = await expectExit(
      ana.run(['keys', 'create', '--name', 'leitura', '--role', 'viewer', '--json']),
      0,
    );
    const key = created.json<{ apiKey: { id: string; role: string } }>().apiKey;
    expect(key.role).toBe('viewer');
    const listed = await expectExit(ana.run(['keys', 'list', '--json']), 0);
    expect(listed.json<{ apiKeys: Array<{ id: string; role: string }> }>().apiKeys).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: key.id, role: 'viewer' })]),
    );
    const table = await expectExit(ana.run(['keys', 'list']), 0);
    expect(table.stdout).toMatch(/prefixo\s+papel/i);
  });
});
