/**
 * The inbox from the terminal, as the built binary, against a real server wired to the
 * Instagram emulator: a comment written on Instagram is read with `comments sync` and
 * listed (filters, the table with its replies indented); a saved reply answers it, twice
 * and Instagram shows one reply; the thread is shown, marked, assigned, hidden (a reply is
 * then refused with a hint) and shown again; a private reply goes once; a comment is
 * deleted only with `--yes` when nobody can be asked; the account comments on its own
 * post and turns its comments off and on; mentions arrive by Meta webhook; a viewer key
 * reads but may not reply — in both languages.
 */
import { spawn } from 'node:child_process';
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
import { BIN, cliFor, freshConfigDir, type Cli, type CliResult } from '@reelay/test-support/cli';

const VERIFY_TOKEN = 'verificacao-da-cli';
const USERNAME = 'padaria.cli';
/** The default permissions and the messaging one, which private replies need. */
const SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
  'instagram_business_manage_messages',
].join(',');

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

/**
 * Runs the built binary under a real pseudo-terminal (`script`), asynchronously (the
 * server answers from this very process), typing `answer` once the question ending in
 * `[y/N]` shows. Answers the exit code and everything the terminal showed.
 */
function runInTerminal(
  args: readonly string[],
  env: Record<string, string>,
  answer: string,
): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let answered = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (!answered && output.includes('[y/N]')) {
      answered = true;
      child.stdin!.write(`${answer}\n`);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface Thread {
  id: string;
  username: string | null;
  text: string;
  status: string;
  hidden: boolean;
  deleted: boolean;
  fromSelf: boolean;
  assigneeId: string | null;
  privateReplySentAt: string | null;
  replies: Array<{ id: string; text: string; fromSelf: boolean; parentId: string }>;
}

describe('reelay comments, mentions and saved-replies', { timeout: 180_000 }, () => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let platformAccountId: string;
  let accountId: string;
  let postId: string;
  let mediaId: string;
  /** The owner's admin key. */
  let admin: Cli;
  /** A key with the viewer role. */
  let viewer: Cli;
  /** The thread written by ana.souza. */
  let commentId: string;

  const onInstagram = () => platform.emulator.comments(mediaId);
  const threads = async (args: string[] = []) =>
    (await expectExit(admin.run(['comments', 'list', ...args, '--json']), 0)).json<{
      total: number;
      comments: Thread[];
    }>();
  const thread = async (id: string) =>
    (await expectExit(admin.run(['comments', 'show', id, '--json']), 0)).json<{
      comment: Thread;
    }>().comment;

  /** Lets the emulator's webhook deliveries land, then runs the queued work. */
  async function deliverWebhooks() {
    await platform.emulator.idle();
    await settle(platform.server);
  }

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(testDialects()[0]!, {
      env: {
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
        REELAY_META_SUBSCRIBE: 'on',
        INSTAGRAM_SCOPES: SCOPES,
      },
      reelay: { workers: false },
    });
    // The app's callback URL, as saved in the App Dashboard: mentions arrive through it.
    await platform.emulator.registerWebhook({
      callbackUrl: `${platform.server.url}/v1/meta/webhooks`,
      verifyToken: VERIFY_TOKEN,
      app: 'instagram',
    });
    owner = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, { username: USERNAME });
    accountId = connected.body.integration.id;
    platformAccountId = connected.platformAccountId;
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Bolo de fubá saindo agora',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId }],
      },
      owner.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    const post = (
      await call(
        platform.server.url,
        'GET',
        `/v1/posts/${created.body.post.id}`,
        undefined,
        owner.key,
      )
    ).body.post;
    expect(post.status).toBe('published');
    postId = post.id;
    mediaId = post.platforms[0].platformPostId;
    const key = await call(
      platform.server.url,
      'POST',
      `/v1/projects/${owner.projectId}/api-keys`,
      { name: 'leitura', role: 'viewer' },
      owner.bearer,
    );
    admin = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
    viewer = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: key.body.apiKey.key,
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    for (const cli of [admin, viewer]) {
      if (cli) rmSync(cli.configDir, { recursive: true, force: true });
    }
  });

  it('reads a comment written on Instagram with comments sync, and lists it', async () => {
    platform.emulator.addComment({ mediaId, username: 'ana.souza', text: 'Quanto custa o bolo?' });
    const synced = await expectExit(admin.run(['comments', 'sync', '--lang', 'en']), 0);
    expect(synced.stdout).toMatch(/Read \d+ media on Instagram: 1 new comment\(s\)\./);

    const listed = await threads();
    expect(listed.total).toBe(1);
    expect(listed.comments[0]).toMatchObject({
      username: 'ana.souza',
      text: 'Quanto custa o bolo?',
      status: 'unread',
      hidden: false,
      fromSelf: false,
      replies: [],
    });
    commentId = listed.comments[0]!.id;
    expect(commentId).toMatch(/^cmt_/);

    const table = await expectExit(admin.run(['comments', 'list', '--lang', 'en']), 0);
    expect(table.stdout).toMatch(/^ID\s+WRITTEN \(.+\)\s+FROM\s+STATUS\s+POST\s+COMMENT$/m);
    expect(table.stdout).toMatch(
      new RegExp(
        `^${commentId}\\s+\\S+ \\S+\\s+@ana\\.souza\\s+unread\\s+${postId}\\s+Quanto custa o bolo\\?$`,
        'm',
      ),
    );
    const inPortuguese = await expectExit(admin.run(['comments', 'list', '--post', postId]), 0);
    expect(inPortuguese.stdout).toMatch(/^ID\s+ESCRITO \(.+\)\s+DE\s+STATUS\s+COMENTÁRIO$/m);
    expect(inPortuguese.stdout).toContain('não lido');

    // The filters reach the server: account by @username, status, text, date.
    expect((await threads(['--account', `@${USERNAME}`, '--status', 'unread'])).total).toBe(1);
    expect((await threads(['--status', 'hidden'])).total).toBe(0);
    expect((await threads(['-q', 'bolo'])).total).toBe(1);
    expect((await threads(['--search', 'pão'])).total).toBe(0);
    expect((await threads(['--since', '-1d'])).total).toBe(1);
    expect((await threads(['--since', '+1d'])).total).toBe(0);
    const none = await expectExit(
      admin.run(['comments', 'list', '--since', '+1d', '--lang', 'en']),
      0,
    );
    expect(none.stdout).toBe('No comments.\n');
    const bad = await expectExit(admin.run(['comments', 'list', '--status', 'lido']), 2);
    expect(bad.stderr).toContain('unread, read, replied, hidden');
  });

  it('answers with a saved reply, twice, and Instagram shows one reply', async () => {
    const saved = await expectExit(
      admin.run(['saved-replies', 'create', 'Preço', 'Oi! O bolo custa R$ 35.']),
      0,
    );
    expect(saved.stdout).toMatch(/^Resposta pronta svr_\w+ criada: Preço$/m);
    const list = await expectExit(admin.run(['saved-replies', 'list', '--lang', 'en']), 0);
    expect(list.stdout).toMatch(/^ID\s+TITLE\s+TEXT$/m);
    expect(list.stdout).toMatch(/svr_\w+\s+Preço\s+Oi! O bolo custa R\$ 35\./);

    // Neither a message nor a saved reply, both, or a saved reply that does not exist.
    const missing = await expectExit(admin.run(['comments', 'reply', commentId]), 2);
    expect(missing.stderr).toContain('informe a mensagem, ou uma resposta pronta com --saved');
    const both = await expectExit(
      admin.run(['comments', 'reply', commentId, 'Oi', '--saved', 'Preço', '--lang', 'en']),
      2,
    );
    expect(both.stderr).toContain('give the message or --saved, not both');
    const unknown = await expectExit(
      admin.run(['comments', 'reply', commentId, '--saved', 'Horário']),
      2,
    );
    expect(unknown.stderr).toContain('nenhuma resposta pronta com o título ou o id "Horário"');
    expect(unknown.stderr).toContain('reelay saved-replies list');
    expect(onInstagram()[0]!.replies).toEqual([]);

    const first = await expectExit(
      admin.run(['comments', 'reply', commentId, '--saved', 'preço', '--json']),
      0,
    );
    const reply = first.json<{ comment: Thread & { parentId: string } }>().comment;
    expect(reply).toMatchObject({
      parentId: commentId,
      text: 'Oi! O bolo custa R$ 35.',
      fromSelf: true,
    });
    // Run again, as after a lost answer: the same reply, not a second one.
    const again = await expectExit(
      admin.run(['comments', 'reply', commentId, '--saved', 'Preço', '--lang', 'en']),
      0,
    );
    expect(again.stdout).toBe(
      `Reply ${reply.id} published on Instagram, in the thread of ${commentId}.\n`,
    );
    expect(onInstagram()[0]!.replies!.map((r) => [r.text, r.self])).toEqual([
      ['Oi! O bolo custa R$ 35.', true],
    ]);

    const table = await expectExit(admin.run(['comments', 'list', '--lang', 'en']), 0);
    const lines = table.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith(commentId));
    expect(lines[at]).toMatch(/@ana\.souza\s+replied\s/);
    expect(lines[at + 1]).toMatch(
      new RegExp(
        `^└ ${reply.id}\\s+\\S+ \\S+\\s+@${USERNAME.replace('.', '\\.')}\\s+own\\s+-\\s+Oi! O bolo custa R\\$ 35\\.$`,
      ),
    );
  });

  it('shows the thread, marks it and gives it to a member', async () => {
    const shown = await expectExit(admin.run(['comments', 'show', commentId, '--lang', 'en']), 0);
    expect(shown.stdout).toMatch(new RegExp(`^Id:\\s+${commentId}$`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^Account:\\s+@${USERNAME.replace('.', '\\.')}$`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^Post:\\s+${postId}$`, 'm'));
    expect(shown.stdout).toMatch(/^From:\s+@ana\.souza$/m);
    expect(shown.stdout).toMatch(/^Status:\s+replied$/m);
    expect(shown.stdout).toMatch(/^Comment:\s+Quanto custa o bolo\?$/m);
    expect(shown.stdout).toContain('Replies:');
    expect(shown.stdout).toMatch(/\s+own\s+Oi! O bolo custa R\$ 35\./);

    const read = await expectExit(admin.run(['comments', 'read', commentId]), 0);
    expect(read.stdout).toBe(`Fio de ${commentId} marcado como lido.\n`);
    expect((await thread(commentId)).status).toBe('read');
    await expectExit(admin.run(['comments', 'unread', commentId]), 0);
    expect((await thread(commentId)).status).toBe('unread');

    const assigned = await expectExit(
      admin.run(['comments', 'assign', commentId, owner.userId, '--lang', 'en']),
      0,
    );
    expect(assigned.stdout).toBe(`Thread of ${commentId} given to ${owner.userId}.\n`);
    expect((await threads(['--assignee', owner.userId])).comments.map((c) => c.id)).toEqual([
      commentId,
    ]);
    const nobody = await expectExit(admin.run(['comments', 'assign', commentId, 'none']), 0);
    expect(nobody.stdout).toBe(`Fio de ${commentId} sem encarregado.\n`);
    expect((await thread(commentId)).assigneeId).toBeNull();
  });

  it('hides a comment, refuses a reply to it with a hint, and shows it again', async () => {
    const hidden = await expectExit(admin.run(['comments', 'hide', commentId, '--lang', 'en']), 0);
    expect(hidden.stdout).toContain('hidden on Instagram: only its author still sees it');
    expect(onInstagram()[0]!.hidden).toBe(true);
    expect((await threads(['--status', 'hidden'])).comments.map((c) => c.id)).toEqual([commentId]);
    const table = await expectExit(admin.run(['comments', 'list']), 0);
    expect(table.stdout).toMatch(new RegExp(`^${commentId}\\s+.*não lido, oculto`, 'm'));

    const refused = await expectExit(
      admin.run(['comments', 'reply', commentId, 'Oi de novo', '--lang', 'en']),
      1,
    );
    expect(refused.stderr).toContain('error [COMMENT_HIDDEN]');
    expect(refused.stderr).toContain('hint: show it again with reelay comments unhide <id>');
    const asJson = await expectExit(
      admin.run(['comments', 'reply', commentId, 'Oi de novo', '--json']),
      1,
    );
    expect(asJson.errorJson()).toMatchObject({ code: 'COMMENT_HIDDEN', statusCode: 409 });

    const shown = await expectExit(admin.run(['comments', 'unhide', commentId]), 0);
    expect(shown.stdout).toBe(`Comentário ${commentId} visível de novo para todos.\n`);
    expect(onInstagram()[0]!.hidden).toBe(false);
  });

  it('sends one private reply, then says to answer in public', async () => {
    const sent = await expectExit(
      admin.run([
        'comments',
        'private-reply',
        commentId,
        'Oi, Ana! Segue o cardápio.',
        '--lang',
        'en',
      ]),
      0,
    );
    expect(sent.stdout).toMatch(/^Private reply sent to @ana\.souza at \S+\.$/m);
    expect(onInstagram()[0]!.privateReply?.text).toBe('Oi, Ana! Segue o cardápio.');
    expect((await thread(commentId)).privateReplySentAt).not.toBeNull();

    const second = await expectExit(
      admin.run(['comments', 'private-reply', commentId, 'Mais uma coisa']),
      1,
    );
    expect(second.stderr).toContain('[PRIVATE_REPLY_UNAVAILABLE]');
    expect(second.stderr).toContain('dica: responda em público com reelay comments reply <id>');
    expect(onInstagram()[0]!.privateReply?.text).toBe('Oi, Ana! Segue o cardápio.');
  });

  it('lets a viewer key read the inbox but not reply (exit 3)', async () => {
    const listed = await expectExit(viewer.run(['comments', 'list', '--json']), 0);
    expect(listed.json<{ total: number }>().total).toBe(1);
    const refused = await expectExit(
      viewer.run(['comments', 'reply', commentId, 'Posso responder?', '--json']),
      3,
    );
    expect(refused.errorJson().code).toBe('ROLE_REQUIRED');
    expect(onInstagram()[0]!.replies).toHaveLength(1);
  });

  it('deletes a comment on Instagram only with --yes when nobody can be asked', async () => {
    platform.emulator.addComment({ mediaId, username: 'bia.spam', text: 'Ganhe seguidores já!' });
    await expectExit(admin.run(['comments', 'sync']), 0);
    const spam = (await threads(['-q', 'seguidores'])).comments[0]!;
    const onPlatform = () => onInstagram().find((comment) => comment.text === spam.text)!;

    // stdin is a pipe here, never a terminal: nothing is deleted without --yes.
    const unasked = await expectExit(admin.run(['comments', 'delete', spam.id, '--lang', 'en']), 2);
    expect(unasked.stderr).toContain(
      `no terminal to ask "Delete the comment ${spam.id} on Instagram"`,
    );
    expect(unasked.stderr).toContain('hint: use --yes');
    expect(onPlatform().deleted).toBe(false);

    // On a terminal it shows the comment and asks; anything but yes deletes nothing.
    const terminal = {
      PATH: process.env.PATH ?? '',
      HOME: admin.configDir,
      REELAY_CONFIG_DIR: admin.configDir,
      TERM: 'xterm',
      LANG: 'en_US.UTF-8',
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    };
    const declined = await runInTerminal(['comments', 'delete', spam.id], terminal, 'n');
    expect(declined.output).toContain(
      'Delete on Instagram the comment by @bia.spam: "Ganhe seguidores já!"? It cannot be undone. [y/N]',
    );
    expect(declined.output).toContain('error [NOT_CONFIRMED]: nothing was deleted');
    expect(declined.code).toBe(1);
    expect(onPlatform().deleted).toBe(false);

    const deleted = await expectExit(admin.run(['comments', 'delete', spam.id, '--yes']), 0);
    expect(deleted.stdout).toBe(
      `Comentário ${spam.id} apagado no Instagram; fica aqui como registro.\n`,
    );
    expect(onPlatform().deleted).toBe(true);
    expect((await thread(spam.id)).deleted).toBe(true);
    const table = await expectExit(admin.run(['comments', 'list', '--lang', 'en']), 0);
    expect(table.stdout).toMatch(new RegExp(`^${spam.id}\\s+.*unread, deleted`, 'm'));

    const gone = await expectExit(
      admin.run(['comments', 'reply', spam.id, 'Oi?', '--lang', 'en']),
      1,
    );
    expect(gone.stderr).toContain('error [COMMENT_DELETED]');
    expect(gone.stderr).toContain('hint: it stays here only as a record');
  });

  it("comments on the account's own post and turns its comments off and on", async () => {
    const made = await expectExit(
      admin.run(['posts', 'comment', postId, 'Sorteio encerrado, obrigado!']),
      0,
    );
    const ownId = /Comentário (cmt_\w+) publicado no post/.exec(made.stdout)?.[1];
    expect(ownId, made.stdout).toBeDefined();
    // The same command again is the same comment, not a second one.
    const again = await expectExit(
      admin.run(['posts', 'comment', postId, 'Sorteio encerrado, obrigado!', '--json']),
      0,
    );
    expect(again.json().comment.id).toBe(ownId);
    expect(onInstagram().filter((c) => c.text === 'Sorteio encerrado, obrigado!')).toHaveLength(1);
    expect(onInstagram().find((c) => c.text === 'Sorteio encerrado, obrigado!')?.self).toBe(true);
    expect((await thread(ownId!)).fromSelf).toBe(true);

    const off = await expectExit(
      admin.run(['posts', 'commenting', postId, 'off', '--lang', 'en']),
      0,
    );
    expect(off.stdout).toBe(
      `Comments turned off for post ${postId} on @${USERNAME}; the existing ones can still be read.\n`,
    );
    const refused = await expectExit(
      admin.run(['posts', 'comment', postId, 'Mais um', '--lang', 'en']),
      1,
    );
    expect(refused.stderr).toContain('error [COMMENTS_DISABLED]');
    expect(refused.stderr).toContain('hint: turn them on with reelay posts commenting <postId> on');
    const on = await expectExit(
      admin.run(['posts', 'commenting', postId, 'on', '--account', `@${USERNAME}`, '--json']),
      0,
    );
    expect(on.json()).toMatchObject({ success: true, enabled: true, accounts: [accountId] });
    const bad = await expectExit(admin.run(['posts', 'commenting', postId, 'talvez']), 2);
    expect(bad.stderr).toContain('use on ou off');

    // A post that has not gone out takes no comment.
    const scheduled = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Amanhã',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(platform.server.clock.now() + 86_400_000).toISOString(),
      },
      owner.key,
    );
    const early = await expectExit(
      admin.run(['posts', 'comment', scheduled.body.post.id, 'Cedo demais']),
      1,
    );
    expect(early.stderr).toContain('[POST_NOT_PUBLISHED]');
    expect(early.stderr).toContain('dica: só um post publicado recebe comentários');
  });

  it("lists the mentions Meta's webhooks brought", async () => {
    const empty = await expectExit(admin.run(['mentions', 'list', '--lang', 'en']), 0);
    expect(empty.stdout).toContain('No mentions yet');
    platform.emulator.addMention({
      accountId: platformAccountId,
      username: 'cliente.feliz',
      text: `Melhor bolo da cidade @${USERNAME}`,
      in: 'comment',
    });
    await deliverWebhooks();
    const listed = await expectExit(
      admin.run(['mentions', 'list', '--account', `@${USERNAME}`, '--json']),
      0,
    );
    expect(listed.json().mentions).toMatchObject([
      { integrationId: accountId, kind: 'comment', username: 'cliente.feliz' },
    ]);
    const table = await expectExit(admin.run(['mentions', 'list']), 0);
    expect(table.stdout).toMatch(
      new RegExp(
        `@${USERNAME.replace('.', '\\.')}\\s+comentário\\s+@cliente\\.feliz\\s+Melhor bolo`,
      ),
    );
  });

  it('deletes a saved reply by its title', async () => {
    const deleted = await expectExit(admin.run(['saved-replies', 'delete', 'Preço', '--json']), 0);
    expect(deleted.json()).toMatchObject({
      success: true,
      savedReplyId: expect.stringMatching(/^svr_/),
    });
    const none = await expectExit(admin.run(['saved-replies', 'list', '--lang', 'en']), 0);
    expect(none.stdout).toContain('No saved replies yet');
    const again = await expectExit(admin.run(['saved-replies', 'delete', 'Preço']), 2);
    expect(again.stderr).toContain('nenhuma resposta pronta');
  });
});
