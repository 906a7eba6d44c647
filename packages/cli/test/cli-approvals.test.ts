/**
 * Drafts and approvals from the terminal, as the built binary, against a real server wired
 * to the Instagram emulator: a draft shows what it lacks, is completed with `posts edit`
 * and submitted; with approval on, an editor key's post awaits an admin, who rejects it
 * with a reason or approves it (`--now` once its time passed) and it publishes on the
 * emulator; an editor may not approve (exit 3); the project's and a profile's setting are
 * read and changed — in both languages.
 */
import { rmSync } from 'node:fs';
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
import { cliFor, freshConfigDir, type Cli, type CliResult } from '@reelay/test-support/cli';

const DAY = 86_400_000;

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

describe('reelay drafts and approvals', { timeout: 120_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let accountId: string;
  /** The owner: an admin key for posts, and a session for the project's setting. */
  let admin: Cli;
  /** A key with the editor role. */
  let editor: Cli;

  const image = () => media.image(1080, 1350);
  const published = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption).length;
  const postOf = (result: CliResult) =>
    result.json<{ post: { id: string; status: string } }>().post;
  /** An editor's post with a time, through the CLI. */
  const editorPost = async (caption: string) =>
    postOf(
      await expectExit(
        editor.run([
          'posts',
          'create',
          caption,
          '-m',
          image(),
          '-a',
          accountId,
          '--at',
          '+1d',
          '--json',
        ]),
        0,
      ),
    );

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    accountId = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const key = await call(
      platform.server.url,
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'agente', role: 'editor' },
      owner.bearer,
    );
    admin = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
      REELAY_ACCESS_TOKEN: owner.accessToken,
      REELAY_PROJECT: owner.projectId,
    });
    editor = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: key.body.apiKey.key,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    for (const cli of [admin, editor]) {
      if (cli) rmSync(cli.configDir, { recursive: true, force: true });
    }
  });

  it('saves a draft showing what it lacks, completes it with posts edit and submits it', async () => {
    const draft = await expectExit(
      editor.run(['posts', 'draft', 'Rascunho pela CLI', '--lang', 'en']),
      0,
    );
    const id = /Draft saved: (post_\w+)/.exec(draft.stdout)?.[1];
    expect(id, draft.stdout).toBeDefined();
    expect(draft.stdout).toMatch(/Status:\s+draft/);
    expect(draft.stdout).toContain('Missing before submitting:');
    expect(draft.stdout).toContain('platforms (--account):');
    expect(draft.stdout).toContain('mediaItems (--media):');
    expect(draft.stdout).toContain(`reelay posts edit ${id}`);

    const listed = await expectExit(
      editor.run(['posts', 'list', '--status', 'draft', '--json']),
      0,
    );
    expect(listed.json<{ posts: Array<{ id: string }> }>().posts.map((post) => post.id)).toContain(
      id,
    );
    const table = await expectExit(editor.run(['posts', 'list', '--status', 'draft']), 0);
    expect(table.stdout).toContain('rascunho');

    // Incomplete: refused, naming what is missing.
    const incomplete = await expectExit(editor.run(['posts', 'submit', id!, '--json']), 1);
    expect(incomplete.errorJson().code).toBe('VALIDATION_ERROR');

    const edited = await expectExit(
      editor.run(['posts', 'edit', id!, '-m', image(), '-a', accountId, '--at', '+1d']),
      0,
    );
    expect(edited.stdout).toContain(`Post ${id} alterado.`);
    expect(edited.stdout).not.toContain('Falta para enviar');
    expect(edited.stdout).toContain(`Pronto: envie com reelay posts submit ${id}.`);
    const nothing = await expectExit(editor.run(['posts', 'edit', id!]), 2);
    expect(nothing.stderr).toContain('nada a alterar');

    const submitted = await expectExit(editor.run(['posts', 'submit', id!]), 0);
    expect(submitted.stdout).toContain(`Post ${id} enviado: agendado para`);
    expect(submitted.stdout).toMatch(/Status:\s+agendado/);

    const again = await expectExit(editor.run(['posts', 'submit', id!]), 1);
    expect(again.stderr).toContain('[POST_NOT_DRAFT]');
    expect(again.stderr).toContain('reelay posts show <id>');
    await expectExit(admin.run(['posts', 'cancel', id!]), 0);

    // A draft's time can be taken away, and a draft discarded.
    const timed = postOf(
      await expectExit(editor.run(['posts', 'draft', '--at', '+2h', '--json']), 0),
    );
    const untimed = await expectExit(
      editor.run(['posts', 'edit', timed.id, '--unschedule', '--json']),
      0,
    );
    expect(untimed.json().post).toMatchObject({ status: 'draft', scheduledFor: null });
    const discarded = await expectExit(editor.run(['posts', 'cancel', timed.id, '--json']), 0);
    expect(postOf(discarded).status).toBe('cancelled');
  });

  it("shows and changes the project's approval setting, with a session", async () => {
    const off = await expectExit(admin.run(['approval', 'show', '--lang', 'en']), 0);
    expect(off.stdout).toContain(`Approval not required: in project ${owner.projectId}`);
    expect(off.stdout).toContain('reelay profiles approval <id> on|off|project');

    const on = await expectExit(admin.run(['approval', 'set', 'on']), 0);
    expect(on.stdout).toContain('Aprovação exigida');
    const shown = await expectExit(admin.run(['approval', 'show', '--json']), 0);
    expect(shown.json()).toEqual({ success: true, settings: { approvalRequired: true } });

    const bad = await expectExit(admin.run(['approval', 'set', 'talvez']), 2);
    expect(bad.stderr).toContain('configuração inválida: "talvez"');
    expect(bad.stderr).toContain('use on ou off');
    // The setting takes a session: a key alone is not enough (exit 3).
    const keyOnly = await expectExit(editor.run(['approval', 'show', '--json']), 3);
    expect(keyOnly.errorJson().code).toBe('CREDENTIALS_MISSING');
  });

  it("holds an editor's post for an admin, who rejects it with a reason", async () => {
    const created = await expectExit(
      editor.run([
        'posts',
        'create',
        'Recusado pela CLI',
        '-m',
        image(),
        '-a',
        accountId,
        '--at',
        '+1d',
      ]),
      0,
    );
    const id = /(post_\w+)/.exec(created.stdout)![1]!;
    expect(created.stdout).toContain(`Post aguardando a aprovação de um admin: ${id}`);
    expect(created.stdout).toMatch(/Status:\s+aguardando aprovação/);

    const waiting = await expectExit(
      admin.run(['posts', 'list', '--status', 'awaiting_approval', '--lang', 'en']),
      0,
    );
    expect(waiting.stdout).toContain(id);
    expect(waiting.stdout).toContain('awaiting approval');

    await expectExit(admin.run(['posts', 'reject', id]), 2);
    const rejected = await expectExit(
      admin.run(['posts', 'reject', id, '--reason', 'Troque a foto.']),
      0,
    );
    expect(rejected.stdout).toContain(
      `Post ${id} recusado: voltou a rascunho. Motivo: Troque a foto.`,
    );
    const shown = await expectExit(editor.run(['posts', 'show', id, '--lang', 'en']), 0);
    expect(shown.stdout).toMatch(/Status:\s+draft/);
    expect(shown.stdout).toMatch(/Rejected because:\s+Troque a foto\./);
    const activity = await expectExit(admin.run(['posts', 'activity', id]), 0);
    expect(activity.stdout).toContain('recusou');

    const twice = await expectExit(
      admin.run(['posts', 'reject', id, '--reason', 'De novo', '--json']),
      1,
    );
    expect(twice.errorJson().code).toBe('POST_NOT_AWAITING_APPROVAL');

    // Submitted again by the editor, it waits again, and the CLI says so plainly.
    const resubmitted = await expectExit(editor.run(['posts', 'submit', id, '--lang', 'en']), 0);
    expect(resubmitted.stdout).toContain(`Post ${id} now awaits an admin's approval`);
    await expectExit(admin.run(['posts', 'cancel', id]), 0);
  });

  it('does not wait with --wait for a post that awaits approval', async () => {
    const result = await expectExit(
      editor.run([
        'posts',
        'create',
        'Sem espera',
        '-m',
        image(),
        '-a',
        accountId,
        '--wait',
        '--json',
      ]),
      1,
    );
    expect(postOf(result).status).toBe('awaiting_approval');
    expect(result.errorJson().code).toBe('POST_AWAITING_APPROVAL');
    await expectExit(admin.run(['posts', 'cancel', postOf(result).id]), 0);
  });

  it("lets a profile decide for its accounts' posts", async () => {
    const created = await expectExit(admin.run(['profiles', 'create', 'Cliente', '--json']), 0);
    const profileId = created.json<{ profile: { id: string } }>().profile.id;

    const on = await expectExit(admin.run(['profiles', 'approval', profileId, 'on']), 0);
    expect(on.stdout).toContain(`Perfil ${profileId} (Cliente): os posts de editores`);
    const list = await expectExit(admin.run(['profiles', 'list', '--lang', 'en']), 0);
    expect(list.stdout).toMatch(/APPROVAL/);
    expect(list.stdout).toMatch(new RegExp(`${profileId}\\s+Cliente\\s+-\\s+required`));

    const project = await expectExit(
      admin.run(['profiles', 'approval', profileId, 'project', '--json']),
      0,
    );
    expect(project.json().profile).toMatchObject({ id: profileId, approvalRequired: null });
    const off = await expectExit(
      admin.run(['profiles', 'approval', profileId, 'off', '--lang', 'en']),
      0,
    );
    expect(off.stdout).toContain("need no approval, whatever the project's setting");
    const bad = await expectExit(admin.run(['profiles', 'approval', profileId, 'sim']), 2);
    expect(bad.stderr).toContain('use on, off, ou project');

    // Only admins change a profile.
    const refused = await expectExit(
      editor.run(['profiles', 'approval', profileId, 'on', '--json']),
      3,
    );
    expect(refused.errorJson().code).toBe('ROLE_REQUIRED');
  });

  it('approves with --now a post whose time passed while it waited, and it publishes', async () => {
    const caption = 'Aprovado pela CLI';
    const { id, status } = await editorPost(caption);
    expect(status).toBe('awaiting_approval');

    // Only admins approve: a matter of role, exit 3.
    const byEditor = await expectExit(editor.run(['posts', 'approve', id, '--json']), 3);
    expect(byEditor.errorJson()).toMatchObject({ code: 'ROLE_REQUIRED' });
    const both = await expectExit(admin.run(['posts', 'approve', id, '--now', '--at', '+1h']), 2);
    expect(both.stderr).toContain('use --at ou --now, não os dois');

    platform.server.clock.advance(2 * DAY);
    await settle(platform.server);
    expect(published(caption)).toBe(0);

    const late = await expectExit(admin.run(['posts', 'approve', id, '--lang', 'en']), 1);
    expect(late.stderr).toContain('[APPROVAL_TIME_PASSED]');
    expect(late.stderr).toContain('approve it with --now to publish now, or with --at <when>');

    const approved = await expectExit(
      admin.run(['posts', 'approve', id, '--now', '--note', 'Pode ir!']),
      0,
    );
    expect(approved.stdout).toContain(`Post ${id} aprovado: publicando agora.`);
    await settle(platform.server);
    expect(published(caption)).toBe(1);
    const shown = await expectExit(admin.run(['posts', 'show', id, '--json']), 0);
    expect(postOf(shown).status).toBe('published');
    const notes = await expectExit(admin.run(['posts', 'notes', id]), 0);
    expect(notes.stdout).toContain('Pode ir!');
    const activity = await expectExit(admin.run(['posts', 'activity', id, '--lang', 'en']), 0);
    expect(activity.stdout).toContain('approved');
  });
});
