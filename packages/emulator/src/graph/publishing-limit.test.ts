import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  publish,
  publishImage,
  startTestEmulator,
  TEST_START,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const IMAGE = 'https://cdn.example.com/photo.jpg';
const HOUR = 60 * 60 * 1000;

function limit(token: string, query: Record<string, string> = { fields: 'quota_usage,config' }) {
  return call(emulator, 'GET', '/v21.0/me/content_publishing_limit', { query, token });
}

describe('the rolling 24-hour publishing quota', () => {
  it('reports usage and the default quota of 100 per 86400 s', async () => {
    const { token } = await accountWithToken(emulator);
    await publishImage(emulator, token);
    const res = await limit(token);
    expect(res.body).toEqual({
      data: [{ quota_usage: 1, config: { quota_total: 100, quota_duration: 86400 } }],
    });
  });

  it('answers only quota_usage without fields', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await limit(token, {})).body).toEqual({ data: [{ quota_usage: 0 }] });
  });

  it('refuses the publish past the quota with 9/2207042, then allows it once the first one is 24 h old', async () => {
    emulator.configure({ quotaTotal: 3 });
    const { token } = await accountWithToken(emulator);
    await publishImage(emulator, token, 'first');
    clock.advance(HOUR);
    await publishImage(emulator, token, 'second');
    await publishImage(emulator, token, 'third');
    const container = await createContainer(emulator, token, { image_url: IMAGE });
    const refused = await publish(emulator, token, container);
    expect(graphCode(refused)).toEqual({ status: 400, code: 9, subcode: 2207042 });
    expect((await limit(token)).body.data[0]).toEqual({
      quota_usage: 3,
      config: { quota_total: 3, quota_duration: 86400 },
    });

    clock.advance(23 * HOUR - 1);
    expect(graphCode(await publish(emulator, token, container)).subcode).toBe(2207042);
    clock.advance(1);
    expect((await publish(emulator, token, container)).status).toBe(200);
    expect((await limit(token)).body.data[0].quota_usage).toBe(3);
    expect(emulator.published()).toHaveLength(4);
  });

  it('counts a carousel as one post', async () => {
    emulator.configure({ quotaTotal: 1 });
    const { token } = await accountWithToken(emulator);
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const carousel = await createContainer(emulator, token, {
      media_type: 'CAROUSEL',
      children: `${a},${b}`,
    });
    expect((await publish(emulator, token, carousel)).status).toBe(200);
    expect((await limit(token)).body.data[0].quota_usage).toBe(1);
  });

  it('keeps quotas per account', async () => {
    emulator.configure({ quotaTotal: 1 });
    const first = await accountWithToken(emulator);
    const second = await accountWithToken(emulator);
    await publishImage(emulator, first.token);
    await publishImage(emulator, second.token);
    expect((await limit(second.token)).body.data[0].quota_usage).toBe(1);
  });

  it('counts from since when given, and refuses a since older than 24 h', async () => {
    const { token } = await accountWithToken(emulator);
    await publishImage(emulator, token);
    clock.advance(HOUR);
    await publishImage(emulator, token);
    const since = String(Math.floor((TEST_START + HOUR / 2) / 1000));
    expect((await limit(token, { fields: 'quota_usage', since })).body).toEqual({
      data: [{ quota_usage: 1 }],
    });
    const tooOld = String(Math.floor((TEST_START - 24 * HOUR) / 1000));
    expect(graphCode(await limit(token, { since: tooOld })).code).toBe(100);
  });

  it('refuses an unknown field and a token without the publishing permission', async () => {
    const { token } = await accountWithToken(emulator);
    expect(graphCode(await limit(token, { fields: 'quota_left' })).code).toBe(100);
    const account = emulator.createAccount({ username: 'reader' });
    const reader = emulator.mintToken(account.id, {
      scopes: ['instagram_business_basic'],
    }).access_token;
    expect(graphCode(await limit(reader)).code).toBe(10);
  });

  it('refuses a personal account, the probe for "can this account publish"', async () => {
    const { token } = await accountWithToken(emulator, { accountType: 'PERSONAL' });
    expect(graphCode(await limit(token)).code).toBe(10);
  });
});

describe('the 400-containers-per-24-hours limit', () => {
  it('refuses the container past the limit, counting a carousel of N as N + 1, until the window rolls', async () => {
    emulator.configure({ containerLimit: 5 });
    const { token } = await accountWithToken(emulator);
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    await createContainer(emulator, token, { media_type: 'CAROUSEL', children: `${a},${b}` });
    await createContainer(emulator, token, { image_url: IMAGE });
    clock.advance(HOUR);
    await createContainer(emulator, token, { image_url: IMAGE });
    const refused = await call(emulator, 'POST', '/me/media', {
      token,
      form: { image_url: IMAGE },
    });
    expect(graphCode(refused)).toEqual({ status: 400, code: 9, subcode: 2207042 });
    expect(refused.body.error.error_user_msg).toContain('media containers');
    clock.advance(23 * HOUR);
    expect(
      (await call(emulator, 'POST', '/me/media', { token, form: { image_url: IMAGE } })).status,
    ).toBe(200);
  });

  it('defaults to 400', () => {
    expect(emulator.config.containerLimit).toBe(400);
  });
});
