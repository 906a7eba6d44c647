/**
 * Webhook helpers: the re-exported verifier, and test deliveries that verify like real
 * ones and look like spec §6 payloads.
 */
import { randomBytes } from 'node:crypto';
import * as core from '@reelay/core/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sdk from '../src';
import {
  computeStandardWebhookSignature,
  createTestWebhook,
  signWebhook,
  STANDARD_WEBHOOK_HEADERS,
  verifyWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_PAYLOAD_VERSION,
  WebhookVerificationError,
  type WebhookEvent,
} from '../src';

const secret = 'whsec_test_4f9a1c2b';

describe('createTestWebhook', () => {
  it.each(WEBHOOK_EVENT_TYPES)('builds a %s delivery that verifyWebhook accepts', async (type) => {
    const delivery = await createTestWebhook({ secret, type });
    const event = await verifyWebhook(delivery.body, delivery.headers, secret);
    expect(event).toEqual(delivery.event);
    expect(event).toMatchObject({ version: WEBHOOK_PAYLOAD_VERSION, type });
    expect(event.id).toMatch(/^evt_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(event.projectId).toMatch(/^proj_/);
    if (event.type === 'comment.received') {
      expect(event.data.comment.id).toMatch(/^cmt_/);
      expect(event.data.comment).toMatchObject({ fromSelf: false, status: 'unread' });
    } else {
      expect(event.data.post.id).toMatch(/^post_/);
      expect(event.data.post.links.api).toBe(
        `https://reelay.example.com/v1/posts/${event.data.post.id}`,
      );
    }
    expect(delivery.headers[WEBHOOK_HEADERS.eventId]).toBe(event.id);
    expect(delivery.headers[WEBHOOK_HEADERS.eventType]).toBe(type);
    expect(delivery.headers[WEBHOOK_HEADERS.signature]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('fits targets to the outcome: published, partial, failed and scheduled', async () => {
    const statuses = async (type: Exclude<WebhookEvent['type'], 'comment.received'>) =>
      (await createTestWebhook({ secret, type })).event.data.platforms.map(
        (target) => target.status,
      );
    expect(await statuses('post.published')).toEqual(['published']);
    expect(await statuses('post.partial')).toEqual(['published', 'failed']);
    expect(await statuses('post.failed')).toEqual(['failed']);
    expect(await statuses('post.scheduled')).toEqual(['scheduled']);
    const failed = await createTestWebhook({ secret, type: 'post.failed' });
    expect(failed.event.data.platforms[0]).toMatchObject({
      errorCode: 'TOKEN_INVALID',
      platformPostId: null,
    });
    const scheduled = await createTestWebhook({ secret, type: 'post.scheduled' });
    expect(Date.parse(scheduled.event.data.post.scheduledFor!)).toBeGreaterThan(Date.now());
  });

  it('takes the post fields, id, profile and timestamp a test needs', async () => {
    const delivery = await createTestWebhook({
      secret,
      type: 'post.published',
      id: 'evt_01jd8k2m3n4p5q6r7s8t9v0wxy',
      profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy',
      post: { id: 'post_01jd8k2m3n4p5q6r7s8t9v0wxy', content: 'Olá' },
      timestamp: 1_763_726_400,
    });
    expect(delivery.event).toMatchObject({
      id: 'evt_01jd8k2m3n4p5q6r7s8t9v0wxy',
      profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy',
      data: { post: { id: 'post_01jd8k2m3n4p5q6r7s8t9v0wxy', content: 'Olá' } },
    });
    expect(delivery.headers[WEBHOOK_HEADERS.timestamp]).toBe('1763726400');
    // An old timestamp fails the 300 s tolerance, as a replayed delivery would.
    await expect(verifyWebhook(delivery.body, delivery.headers, secret)).rejects.toMatchObject({
      reason: 'timestamp_too_old',
    });
  });

  it('names each refusal with a stable upper-case code next to its reason', async () => {
    const delivery = await createTestWebhook({ secret });
    const refusal = await verifyWebhook(delivery.body, delivery.headers, 'whsec_other').catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(WebhookVerificationError);
    expect(refusal).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_MISMATCH',
      reason: 'signature_mismatch',
    });
    const stale = await verifyWebhook('{}', {}, secret).catch((error: unknown) => error);
    expect((stale as WebhookVerificationError).code).toBe('WEBHOOK_MISSING_HEADER');
    expectTypeOf<WebhookVerificationError['code']>().toEqualTypeOf<sdk.WebhookVerificationCode>();
  });

  it('is refused with another secret, a changed body or a re-serialised body', async () => {
    const delivery = await createTestWebhook({ secret });
    const reason = (run: Promise<unknown>) =>
      run.then(
        () => 'accepted',
        (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : 'other'),
      );
    expect(await reason(verifyWebhook(delivery.body, delivery.headers, 'whsec_other'))).toBe(
      'signature_mismatch',
    );
    expect(
      await reason(verifyWebhook(delivery.body.replace('café', 'cafe'), delivery.headers, secret)),
    ).toBe('signature_mismatch');
    expect(
      await reason(
        verifyWebhook(JSON.stringify(delivery.event, null, 2), delivery.headers, secret),
      ),
    ).toBe('body_reserialized');
  });

  it('re-exports the signer the server uses', async () => {
    const signed = await signWebhook({ secret, payload: { id: 'evt_1', type: 'post.failed' } });
    await expect(verifyWebhook(signed.body, signed.headers, secret)).resolves.toMatchObject({
      id: 'evt_1',
    });
  });
});

describe('the re-exported webhook functions', () => {
  it("are core's own functions, the ones the server signs with", () => {
    expect(sdk.verifyWebhook).toBe(core.verifyWebhook);
    expect(sdk.signWebhook).toBe(core.signWebhook);
    expect(sdk.computeWebhookSignature).toBe(core.computeWebhookSignature);
    expect(sdk.WebhookVerificationError).toBe(core.WebhookVerificationError);
    expect(sdk.WEBHOOK_HEADERS).toBe(core.WEBHOOK_HEADERS);
    expect(sdk.STANDARD_WEBHOOK_HEADERS).toBe(core.STANDARD_WEBHOOK_HEADERS);
    expect(sdk.computeStandardWebhookSignature).toBe(core.computeStandardWebhookSignature);
  });

  it("declare exactly core's types, so the published declarations need no core", () => {
    expectTypeOf<sdk.WebhookVerificationReason>().toEqualTypeOf<core.WebhookVerificationReason>();
    expectTypeOf<sdk.WebhookVerificationCode>().toEqualTypeOf<core.WebhookVerificationCode>();
    expectTypeOf<sdk.RawBody>().toEqualTypeOf<core.RawBody>();
    expectTypeOf<sdk.HeadersLike>().toEqualTypeOf<core.HeadersLike>();
    expectTypeOf<sdk.VerifyWebhookOptions>().toEqualTypeOf<core.VerifyWebhookOptions>();
    expectTypeOf<sdk.SignWebhookOptions>().toEqualTypeOf<core.SignWebhookOptions>();
    expectTypeOf<sdk.SignedWebhook>().toEqualTypeOf<core.SignedWebhook>();
    expectTypeOf<sdk.WebhookCryptoOptions>().toEqualTypeOf<core.WebhookCryptoOptions>();
    expectTypeOf<core.WebhookVerificationError>().toMatchTypeOf<sdk.WebhookVerificationError>();
    expectTypeOf(core.signWebhook).toEqualTypeOf(sdk.signWebhook);
    expectTypeOf(core.computeWebhookSignature).toEqualTypeOf(sdk.computeWebhookSignature);
    expectTypeOf(core.WEBHOOK_HEADERS).toEqualTypeOf(sdk.WEBHOOK_HEADERS);
    expectTypeOf(core.STANDARD_WEBHOOK_HEADERS).toEqualTypeOf(sdk.STANDARD_WEBHOOK_HEADERS);
    expectTypeOf(core.computeStandardWebhookSignature).toEqualTypeOf(
      sdk.computeStandardWebhookSignature,
    );
  });
});

describe('the Standard Webhooks headers, against the reference library', () => {
  // The secrets the server issues now: whsec_ and standard base64, which the library's
  // default constructor reads.
  const served = `whsec_${randomBytes(32).toString('base64')}`;
  // An older one, issued before: whsec_ and base64url, here with `-` and `_`; the library
  // takes it as raw bytes.
  const older = 'whsec_q-3v_Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg';
  const only = (headers: Record<string, string>, prefix: string) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith(prefix)));
  /** The library as a receiver sets it up for each generation of secret. */
  const libraryFor = (key: string) =>
    key === older ? new Webhook(key, { format: 'raw' }) : new Webhook(key);

  it.each([
    ['a current secret, with the default constructor', served],
    ['an older secret, as raw bytes', older],
  ])('signs test deliveries that the library verifies: %s', async (_name, key) => {
    const delivery = await createTestWebhook({ secret: key, type: 'post.failed' });
    expect(delivery.headers[STANDARD_WEBHOOK_HEADERS.id]).toBe(delivery.event.id);
    expect(delivery.headers[STANDARD_WEBHOOK_HEADERS.timestamp]).toBe(
      delivery.headers[WEBHOOK_HEADERS.timestamp],
    );
    expect(libraryFor(key).verify(delivery.body, only(delivery.headers, 'webhook-'))).toEqual(
      delivery.event,
    );
  });

  it.each([
    ['a current secret', served],
    ['an older secret', older],
  ])(
    'verifies, with only the Standard Webhooks headers, what the library signs: %s',
    async (_name, key) => {
      const delivery = await createTestWebhook({ secret: key });
      const timestamp = new Date(Number(delivery.headers[WEBHOOK_HEADERS.timestamp]) * 1000);
      const signature = libraryFor(key).sign(delivery.event.id, timestamp, delivery.body);
      const headers = {
        'webhook-id': delivery.event.id,
        'webhook-timestamp': String(timestamp.getTime() / 1000),
        'webhook-signature': signature,
      };
      expect(signature).toBe(
        await computeStandardWebhookSignature(
          key,
          delivery.event.id,
          timestamp.getTime() / 1000,
          delivery.body,
        ),
      );
      await expect(verifyWebhook(delivery.body, headers, key)).resolves.toEqual(delivery.event);
      await expect(verifyWebhook(delivery.body, new Headers(headers), key)).resolves.toEqual(
        delivery.event,
      );
      // A rotation to a new secret: the library's entries for the new and the old one,
      // space-separated, each verified with its own secret.
      const next = `whsec_${randomBytes(32).toString('base64')}`;
      const newer = new Webhook(next).sign(delivery.event.id, timestamp, delivery.body);
      const rotating = { ...headers, 'webhook-signature': `${newer} ${signature}` };
      await expect(verifyWebhook(delivery.body, rotating, key)).resolves.toBeDefined();
      await expect(verifyWebhook(delivery.body, rotating, next)).resolves.toBeDefined();
      await expect(
        verifyWebhook(delivery.body, rotating, `whsec_${randomBytes(32).toString('base64')}`),
      ).rejects.toMatchObject({ reason: 'signature_mismatch' });
    },
  );

  it('checks spec §6 headers when both sets are there', async () => {
    const delivery = await createTestWebhook({ secret: served });
    const forgedService = {
      ...delivery.headers,
      [WEBHOOK_HEADERS.signature]: `sha256=${'0'.repeat(64)}`,
    };
    await expect(verifyWebhook(delivery.body, forgedService, served)).rejects.toMatchObject({
      reason: 'signature_mismatch',
    });
    const forgedStandard = {
      ...delivery.headers,
      [STANDARD_WEBHOOK_HEADERS.signature]: `v1,${Buffer.alloc(32).toString('base64')}`,
    };
    await expect(verifyWebhook(delivery.body, forgedStandard, served)).resolves.toEqual(
      delivery.event,
    );
  });
});
