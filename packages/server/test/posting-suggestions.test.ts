/**
 * "Best time to post" over real HTTP, against the emulator, on every database: from the
 * audience's online hours when Instagram answers them, from the account's own posts when
 * it answers empty days or no longer knows the metric, else common hours.
 */
import { peakHour } from '@reelay/emulator';
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

const DAY = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

describe.each(testDialects())('posting time suggestions on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    platform.emulator.configure({ onlineFollowers: 'answer' });
    await platform?.close();
    await media?.close();
  });

  const suggest = (accountId: string, timezone = 'UTC') =>
    call(
      platform.server.url,
      'GET',
      `/v1/integrations/${accountId}/slots/suggestions?timezone=${timezone}`,
      undefined,
      owner.key,
    );

  async function connect(username: string, followersCount: number) {
    const created = platform.emulator.createAccount({ username, followersCount });
    const connected = await connectThroughPlatform(platform, owner, {
      platformAccountId: created.id,
    });
    return { id: connected.body.integration.id as string, platformId: created.id };
  }

  it("suggests each weekday's busiest hour from the audience", async () => {
    const account = await connect(`audiencia.${dialect.name}`, 5_000);
    const answer = await suggest(account.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.source).toBe('audience');
    expect(answer.body.timezone).toBe('UTC');
    expect(answer.body.suggestions).toHaveLength(7);
    for (const suggestion of answer.body.suggestions) {
      const weekday = WEEKDAYS.indexOf(suggestion.day);
      const expected = peakHour({ id: account.platformId }, weekday);
      expect(suggestion.time, suggestion.day).toBe(`${String(expected).padStart(2, '0')}:00`);
      expect(suggestion.reason).toContain('seguidores online');
    }
    // The same hours in São Paulo's clock (UTC−3).
    const local = await suggest(account.id, 'America/Sao_Paulo');
    const monday = answer.body.suggestions.find((item: any) => item.day === 'monday');
    const hour = Number(monday.time.slice(0, 2));
    const shifted = local.body.suggestions.map((item: any) => `${item.day} ${item.time}`);
    expect(shifted).toContain(
      hour >= 3
        ? `monday ${String(hour - 3).padStart(2, '0')}:00`
        : `sunday ${String(hour + 21).padStart(2, '0')}:00`,
    );
  });

  it("uses the account's posts when Instagram no longer knows the metric, else common hours", async () => {
    platform.emulator.configure({ onlineFollowers: 'removed' });
    const account = await connect(`posts.${dialect.name}`, 50);
    const none = await suggest(account.id);
    expect(none.body.source).toBe('default');
    expect(none.body.suggestions).toHaveLength(7);
    for (let index = 0; index < 5; index++) {
      const created = await call(
        platform.server.url,
        'POST',
        '/v1/posts',
        {
          content: `Post ${index}`,
          mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', index) }],
          platforms: [{ platform: 'instagram', accountId: account.id }],
        },
        owner.key,
      );
      expect(created.status).toBe(202);
      await settle(platform.server, { until: platform.server.clock.now() });
      platform.server.clock.set(platform.server.clock.now() + DAY);
    }
    const fromPosts = await suggest(account.id);
    expect(fromPosts.body.source).toBe('posts');
    expect(fromPosts.body.suggestions.length).toBeGreaterThan(0);
    expect(fromPosts.body.suggestions[0].reason).toContain('publicado');
  });
});
