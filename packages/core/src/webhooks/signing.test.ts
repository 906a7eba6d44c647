import { createHmac, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeWebhookSignature,
  signWebhook,
  WEBHOOK_HEADERS,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './signing';
import { verifyWebhook } from './verify-webhook';

const secret = 'whsec_test_4f9a1c2b';
const now = 1_763_726_400; // seconds
const clock = (seconds: number) => () => seconds * 1000;
const event = {
  version: '2026-09-01',
  id: 'evt_01jd8k2m3n4p5q6r7s8t9v0wxy',
  type: 'post.published',
  data: { post: { id: 'post_1', content: 'Olá, mundo ✨' } },
};

/** An independent computation of spec §6 with Node's own HMAC. */
function nodeSignature(key: string, timestamp: number | string, body: string | Buffer): string {
  return 'sha256=' + createHmac('sha256', key).update(`${timestamp}.`).update(body).digest('hex');
}

async function reasonOf(run: Promise<unknown>): Promise<WebhookVerificationReason> {
  try {
    await run;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  throw new Error('expected a WebhookVerificationError');
}

describe('webhook signatures (spec §6)', () => {
  it('computes sha256= lowercase hex HMAC of "<timestamp>.<raw body>", as Node crypto does', async () => {
    const body = JSON.stringify(event);
    const signature = await computeWebhookSignature(secret, now, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signature).toBe(nodeSignature(secret, now, body));
  });

  it('signs a payload into the body, the four delivery headers and the Standard Webhooks ones', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    expect(signed.body).toBe(JSON.stringify(event));
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.eventId]: event.id,
      [WEBHOOK_HEADERS.eventType]: 'post.published',
      [WEBHOOK_HEADERS.timestamp]: String(now),
      [WEBHOOK_HEADERS.signature]: nodeSignature(secret, now, signed.body),
      'webhook-id': event.id,
      'webhook-timestamp': String(now),
      'webhook-signature':
        'v1,' +
        createHmac('sha256', secret).update(`${event.id}.${now}.${signed.body}`).digest('base64'),
    });
  });

  it('adds no Standard Webhooks headers when the payload has no event id', async () => {
    const signed = await signWebhook({ secret, payload: '{"a":1}', timestamp: now });
    expect(Object.keys(signed.headers).sort()).toEqual([
      'content-type',
      WEBHOOK_HEADERS.signature,
      WEBHOOK_HEADERS.timestamp,
    ]);
  });

  it('verifies a delivery signed with Node crypto, from a Fetch Headers or a Node headers object', async () => {
    const body = JSON.stringify(event);
    const headers = {
      'X-Service-Timestamp': String(now),
      'X-Service-Signature': nodeSignature(secret, now, body),
    };
    await expect(verifyWebhook(body, headers, secret, { now: clock(now) })).resolves.toEqual(event);
    await expect(
      verifyWebhook(Buffer.from(body), new Headers(headers), secret, { now: clock(now) }),
    ).resolves.toEqual(event);
    const arrayBuffer = new TextEncoder().encode(body).buffer;
    await expect(verifyWebhook(arrayBuffer, headers, secret, { now: clock(now) })).resolves.toEqual(
      event,
    );
  });

  it('accepts an explicit Web Crypto implementation', async () => {
    const signed = await signWebhook({
      secret,
      payload: event,
      timestamp: now,
      subtle: webcrypto.subtle as SubtleCrypto,
    });
    await expect(
      verifyWebhook(signed.body, signed.headers, secret, {
        now: clock(now),
        subtle: webcrypto.subtle as SubtleCrypto,
      }),
    ).resolves.toEqual(event);
  });

  it('verifies the raw bytes, even ones that are not valid UTF-8 text', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const headers = {
      'x-service-timestamp': String(now),
      'x-service-signature': nodeSignature(secret, now, body),
    };
    await expect(verifyWebhook(body, headers, secret, { now: clock(now) })).resolves.toBeDefined();
  });

  it('accepts timestamps up to 300 s away in either direction and refuses 301', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    await expect(
      verifyWebhook(signed.body, signed.headers, secret, { now: clock(now + 300) }),
    ).resolves.toBeDefined();
    await expect(
      verifyWebhook(signed.body, signed.headers, secret, { now: clock(now - 300) }),
    ).resolves.toBeDefined();
    expect(
      await reasonOf(verifyWebhook(signed.body, signed.headers, secret, { now: clock(now + 301) })),
    ).toBe('timestamp_too_old');
    expect(
      await reasonOf(verifyWebhook(signed.body, signed.headers, secret, { now: clock(now - 301) })),
    ).toBe('timestamp_in_future');
  });

  it('names a re-serialised body', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    const pretty = JSON.stringify(JSON.parse(signed.body), null, 2);
    expect(await reasonOf(verifyWebhook(pretty, signed.headers, secret, { now: clock(now) }))).toBe(
      'body_reserialized',
    );
  });

  it('names a parsed object passed instead of the raw body', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    expect(
      await reasonOf(
        verifyWebhook(JSON.parse(signed.body), signed.headers, secret, { now: clock(now) }),
      ),
    ).toBe('body_not_raw');
  });

  it('names a wrong secret', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    expect(
      await reasonOf(
        verifyWebhook(signed.body, signed.headers, 'whsec_other', { now: clock(now) }),
      ),
    ).toBe('signature_mismatch');
    expect(
      await reasonOf(
        verifyWebhook(signed.body, signed.headers, 'rly_live_apikey', { now: clock(now) }),
      ),
    ).toBe('invalid_secret');
  });

  it('refuses a body changed by one byte and a signature over another timestamp', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    const tampered = signed.body.replace('mundo', 'munda');
    expect(
      await reasonOf(verifyWebhook(tampered, signed.headers, secret, { now: clock(now) })),
    ).toBe('signature_mismatch');
    const replayed = { ...signed.headers, [WEBHOOK_HEADERS.timestamp]: String(now + 1) };
    expect(await reasonOf(verifyWebhook(signed.body, replayed, secret, { now: clock(now) }))).toBe(
      'signature_mismatch',
    );
  });

  it('names missing and malformed headers', async () => {
    const signed = await signWebhook({ secret, payload: event, timestamp: now });
    const without = (name: string) =>
      Object.fromEntries(Object.entries(signed.headers).filter(([key]) => key !== name));
    expect(
      await reasonOf(verifyWebhook(signed.body, without(WEBHOOK_HEADERS.signature), secret)),
    ).toBe('missing_header');
    expect(
      await reasonOf(verifyWebhook(signed.body, without(WEBHOOK_HEADERS.timestamp), secret)),
    ).toBe('missing_header');
    const upper = {
      ...signed.headers,
      [WEBHOOK_HEADERS.signature]: signed.headers[WEBHOOK_HEADERS.signature]!.toUpperCase(),
    };
    expect(await reasonOf(verifyWebhook(signed.body, upper, secret, { now: clock(now) }))).toBe(
      'invalid_signature_format',
    );
    const bareHex = {
      ...signed.headers,
      [WEBHOOK_HEADERS.signature]: signed.headers[WEBHOOK_HEADERS.signature]!.slice(7),
    };
    expect(await reasonOf(verifyWebhook(signed.body, bareHex, secret, { now: clock(now) }))).toBe(
      'invalid_signature_format',
    );
    const milliseconds = { ...signed.headers, [WEBHOOK_HEADERS.timestamp]: 'abc' };
    expect(
      await reasonOf(verifyWebhook(signed.body, milliseconds, secret, { now: clock(now) })),
    ).toBe('invalid_timestamp');
  });

  it('accepts either secret and either signature while a secret is being rotated', async () => {
    const next = 'whsec_next_88';
    const signedOld = await signWebhook({ secret, payload: event, timestamp: now });
    const signedNew = await signWebhook({ secret: next, payload: event, timestamp: now });
    await expect(
      verifyWebhook(signedOld.body, signedOld.headers, [next, secret], { now: clock(now) }),
    ).resolves.toBeDefined();
    const both = {
      ...signedOld.headers,
      [WEBHOOK_HEADERS.signature]: `${signedNew.headers[WEBHOOK_HEADERS.signature]},${signedOld.headers[WEBHOOK_HEADERS.signature]}`,
    };
    await expect(
      verifyWebhook(signedOld.body, both, secret, { now: clock(now) }),
    ).resolves.toBeDefined();
    await expect(
      verifyWebhook(signedOld.body, both, next, { now: clock(now) }),
    ).resolves.toBeDefined();
  });
});
