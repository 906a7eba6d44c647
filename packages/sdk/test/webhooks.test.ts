/**
 * Webhook helpers: the re-exported verifier, and test deliveries that verify like real
 * ones and look like spec §6 payloads.
 */
import * as core from '@reelay/core/webhooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sdk from '../src';
import {
  createTestWebhook,
  signWebhook,
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
    expect(event.data.post.id).toMatch(/^post_/);
    expect(event.data.post.links.api).toBe(
      `https://reelay.example.com/v1/posts/${event.data.post.id}`,
    );
    expect(delivery.headers[WEBHOOK_HEADERS.eventId]).toBe(event.id);
    expect(delivery.headers[WEBHOOK_HEADERS.eventType]).toBe(type);
    expect(delivery.headers[WEBHOOK_HEADERS.signature]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('fits targets to the outcome: published, partial, failed and scheduled', async () => {
    const statuses = async (type: WebhookEvent['type']) =>
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
  });

  it("declare exactly core's types, so the published declarations need no core", () => {
    expectTypeOf<sdk.WebhookVerificationReason>().toEqualTypeOf<core.WebhookVerificationReason>();
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
  });
});
