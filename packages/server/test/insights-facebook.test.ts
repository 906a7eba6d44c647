/**
 * Insights of an account connected with Facebook Login: asked on the Facebook host with
 * the account's own token, on every database.
 */
import { FACEBOOK_PREFIX } from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import type { Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

const HOUR = 3_600_000;

describe.each(testDialects())('insights through Facebook Login on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let integrationId: string;
  let platformAccountId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithFacebook(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    const { person, accountIds } = facebookPerson(platform.emulator, [
      `fb.metricas.${dialect.name}`,
    ]);
    platformAccountId = accountIds[0]!;
    const connected = await connectThroughFacebook(platform, owner, { personId: person.id });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    integrationId = connected.body.integration.id;
    expect(connected.body.integration.loginMode).toBe('facebook');
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const url = () => platform.server.url;
  const facebookReads = () =>
    platform.emulator
      .requests({ path: '/insights' })
      .filter((request) => request.path.startsWith(`/${FACEBOOK_PREFIX}/`));

  it("reads a post's metrics and the account's days on the Facebook host", async () => {
    const created = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Pelo Facebook',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
      },
      owner.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    platform.server.clock.set(platform.server.clock.now() + HOUR);

    const post = await call(
      url(),
      'GET',
      `/v1/posts/${created.body.post.id}/insights`,
      undefined,
      owner.key,
    );
    expect(post.status).toBe(200);
    expect(post.body.platforms[0]).toMatchObject({ reason: null, errorCode: null });
    expect(post.body.platforms[0].metrics.reach).toBeGreaterThan(0);

    const account = await call(
      url(),
      'GET',
      `/v1/integrations/${integrationId}/insights`,
      undefined,
      owner.key,
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.insights.days).toHaveLength(7);

    const reads = facebookReads();
    expect(reads).toHaveLength(3);
    expect(reads[1]!.path).toContain(`/${platformAccountId}/insights`);
    expect(platform.emulator.requests({ path: '/insights' })).toHaveLength(3);
  });
});
