/**
 * Snippets and the best times to post from the terminal, as the built binary, against a
 * real server wired to the Instagram emulator: captions and hashtag groups saved, listed
 * by kind, edited and deleted; an account's suggested times shown with their reasons in
 * both languages, and applied as its schedule with `--apply`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { cliFor, freshConfigDir, type Cli } from '@reelay/test-support/cli';

describe('reelay snippets and reelay slots suggest', { timeout: 120_000 }, () => {
  let platform: Platform;
  let owner: Account;
  let cli: Cli;
  let accountId: string;

  beforeAll(async () => {
    platform = await startWithEmulator(testDialects()[0]!, { reelay: { workers: false } });
    owner = await createAccount(platform.server.url);
    const created = platform.emulator.createAccount({
      username: 'sugestoes.cli',
      followersCount: 900,
    });
    const connected = await connectThroughPlatform(platform, owner, {
      platformAccountId: created.id,
    });
    accountId = connected.body.integration.id;
    cli = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: owner.apiKey,
    });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('saves, lists, edits and deletes captions and hashtag groups', async () => {
    const created = await cli.run([
      'snippets',
      'create',
      'hashtags',
      'Café',
      '#café #barista',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.json<{ snippet: { id: string } }>().snippet.id;
    await cli.run(['snippets', 'create', 'caption', 'Bom dia', 'Bom dia! ☕']);
    const listed = await cli.run(['snippets', 'list', '--kind', 'hashtags']);
    expect(listed.stdout).toContain('#café #barista');
    expect(listed.stdout).not.toContain('Bom dia!');
    const wrongKind = await cli.run(['snippets', 'list', '--kind', 'emoji']);
    expect(wrongKind.code).toBe(2);
    expect(wrongKind.stderr).toContain('caption');
    expect((await cli.run(['snippets', 'edit', id, '--text', '#espresso'])).code).toBe(0);
    expect((await cli.run(['snippets', 'list', '--json'])).stdout).toContain('#espresso');
    const nothing = await cli.run(['snippets', 'edit', id]);
    expect(nothing.code).toBe(2);
    expect((await cli.run(['snippets', 'delete', id])).code).toBe(0);
    expect((await cli.run(['snippets', 'list', '--kind', 'hashtags'])).stdout).toContain(
      'reelay snippets create',
    );
  });

  it('shows the suggested times with their reasons, and applies them as the schedule', async () => {
    const shown = await cli.run(
      ['slots', 'suggest', '@sugestoes.cli', '--timezone', 'America/Sao_Paulo'],
      { env: { LANG: 'en_US.UTF-8' } },
    );
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("From the hours the account's followers are online");
    expect(shown.stdout).toContain('--apply');
    const portuguese = await cli.run(['slots', 'suggest', '@sugestoes.cli']);
    expect(portuguese.stdout).toContain('seguidores da conta estão online');
    const applied = await cli.run(['slots', 'suggest', '@sugestoes.cli', '--apply', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    const { suggestions } = applied.json<{ suggestions: Array<{ day: string; time: string }> }>();
    const schedule = await cli.run(['slots', 'show', accountId, '--json']);
    const slots = schedule.json<{ schedule: { slots: Array<{ day: string; time: string }> } }>()
      .schedule.slots;
    expect(slots).toHaveLength(7);
    expect(new Set(slots.map((slot) => `${slot.day} ${slot.time}`))).toEqual(
      new Set(suggestions.map((slot) => `${slot.day} ${slot.time}`)),
    );
  });
});
