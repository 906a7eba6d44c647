import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

describe.each(testDialects())('OAuth state used once on $name', (dialect) => {
  let platform: Platform;
  let account: Account;

  beforeAll(async () => {
    platform = await startWithEmulator(dialect, {
      env: { REELAY_REDIRECT_ORIGINS: 'https://app.example.com' },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(() => platform.close());

  const url = () => platform.server.url;
  const replay = (callback: URL) => call(url(), 'GET', `${callback.pathname}${callback.search}`);

  it('refuses a replayed callback with 400 STATE_INVALID, within the 10 minutes', async () => {
    const first = await connectThroughPlatform(platform, account, { username: 'uma.vez' });
    expect(first.status).toBe(200);
    platform.server.clock.advance(60_000);
    const again = await replay(first.callbackUrl);
    expect(again).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'STATE_INVALID',
        message: expect.stringMatching(/já foi usado/),
      },
    });
  });

  it('sends a browser replaying the callback back to the redirectUrl with STATE_INVALID', async () => {
    const first = await connectThroughPlatform(platform, account, {
      redirectUrl: 'https://app.example.com/done',
    });
    expect(new URL(first.headers.get('location')!).searchParams.get('status')).toBe('connected');
    const again = await replay(first.callbackUrl);
    expect(again.status).toBe(302);
    const back = new URL(again.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://app.example.com/done');
    expect(back.searchParams.get('error')).toBe('STATE_INVALID');
    expect(back.searchParams.get('integrationId')).toBeNull();
  });

  it('lets only one of two simultaneous callbacks with one state through', async () => {
    const start = await call(url(), 'GET', '/v1/connect/instagram', undefined, account.key);
    const authorize = new URL(start.body.url);
    authorize.searchParams.set(
      'account',
      platform.emulator.createAccount({ username: 'corrida' }).id,
    );
    authorize.searchParams.set('decision', 'allow');
    const callback = new URL(
      (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
    );
    const answers = await Promise.all([replay(callback), replay(callback), replay(callback)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect(answer.body.code).toBe('STATE_INVALID');
    }
  });

  it('forgets used states once they could no longer pass anyway', async () => {
    const db = platform.server.reelay.context.db;
    await connectThroughPlatform(platform, account, { username: 'antiga' });
    expect(
      Number(
        (
          await db
            .selectFrom('oauth_state_uses')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    platform.server.clock.advance(21 * 60_000);
    await connectThroughPlatform(platform, account, { username: 'recente' });
    const left = await db.selectFrom('oauth_state_uses').selectAll().execute();
    expect(left).toHaveLength(1);
    expect(Number(left[0]!.expires_at)).toBeGreaterThan(platform.server.clock.now());
  });
});
