import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeWebhookSignature,
  signWebhook,
  WEBHOOK_HEADERS,
  WebhookVerificationError,
} from './signing';
import {
  computeStandardWebhookSignature,
  STANDARD_WEBHOOK_HEADERS,
  standardWebhookKeyForm,
} from './standard-webhooks';
import { verifyWebhook } from './verify-webhook';

// Older secrets: base64url with `-` and `_`, as the server made them before it issued
// standard base64: the whole string is the key of both signatures.
const secret = 'whsec_q-3v_Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg';
const next = 'whsec_bmV4dC1zZWNyZXQtZm9yLXJvdGF0aW9u_-';
const now = 1_763_726_400;
const clock = (seconds: number) => () => seconds * 1000;
const id = 'evt_01jd8k2m3n4p5q6r7s8t9v0wxy';
const body = JSON.stringify({ id, type: 'post.published', data: { content: 'Olá ✨' } });

/** An independent computation with Node's HMAC: key = the secret's UTF-8 bytes. */
const nodeEntry = (key: string | Buffer, timestamp: number, text: string, msgId = id) =>
  `v1,${createHmac('sha256', key).update(`${msgId}.${timestamp}.${text}`).digest('base64')}`;

/** A secret as the server issues them now: `whsec_` and standard base64 of 32 bytes. */
const base64Secret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** What Standard Webhooks libraries key a `whsec_` secret with: its decoded base64. */
const decoded = (key: string) => Buffer.from(key.slice('whsec_'.length), 'base64');

/** The Standard Webhooks headers alone, as a receiver using only them sees a delivery. */
const standardOnly = (signature: string, timestamp = now, msgId = id) => ({
  'Webhook-Id': msgId,
  'Webhook-Timestamp': String(timestamp),
  'Webhook-Signature': signature,
});

async function reasonOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('Standard Webhooks signatures', () => {
  it('signs "<id>.<timestamp>.<raw body>" as v1,<base64 HMAC-SHA256> with the secret as UTF-8 key', async () => {
    const entry = await computeStandardWebhookSignature(secret, id, now, body);
    expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(entry).toBe(nodeEntry(secret, now, body));
  });

  it('verifies a delivery that carries only the Standard Webhooks headers', async () => {
    const headers = standardOnly(nodeEntry(secret, now, body));
    await expect(verifyWebhook(body, headers, secret, { now: clock(now) })).resolves.toMatchObject({
      id,
    });
    await expect(
      verifyWebhook(Buffer.from(body), new Headers(headers), secret, { now: clock(now) }),
    ).resolves.toMatchObject({ id });
  });

  it('accepts either space-separated entry while a secret is being rotated', async () => {
    const both = standardOnly(`${nodeEntry(next, now, body)} ${nodeEntry(secret, now, body)}`);
    expect(await reasonOf(verifyWebhook(body, both, secret, { now: clock(now) }))).toBe('accepted');
    expect(await reasonOf(verifyWebhook(body, both, next, { now: clock(now) }))).toBe('accepted');
    // Entries of versions it does not know are passed over.
    const mixed = standardOnly(`v1a,c29tZXRoaW5n ${nodeEntry(secret, now, body)}`);
    expect(await reasonOf(verifyWebhook(body, mixed, secret, { now: clock(now) }))).toBe(
      'accepted',
    );
  });

  it('refuses a changed body, id or timestamp, and another secret', async () => {
    const entry = nodeEntry(secret, now, body);
    const at = { now: clock(now) };
    expect(
      await reasonOf(verifyWebhook(body.replace('Olá', 'Ola'), standardOnly(entry), secret, at)),
    ).toBe('signature_mismatch');
    expect(
      await reasonOf(verifyWebhook(body, standardOnly(entry, now, 'evt_other'), secret, at)),
    ).toBe('signature_mismatch');
    expect(await reasonOf(verifyWebhook(body, standardOnly(entry, now + 1), secret, at))).toBe(
      'signature_mismatch',
    );
    expect(await reasonOf(verifyWebhook(body, standardOnly(entry), next, at))).toBe(
      'signature_mismatch',
    );
  });

  it('applies the 300 s tolerance to webhook-timestamp', async () => {
    const headers = standardOnly(nodeEntry(secret, now, body));
    expect(await reasonOf(verifyWebhook(body, headers, secret, { now: clock(now + 301) }))).toBe(
      'timestamp_too_old',
    );
    expect(await reasonOf(verifyWebhook(body, headers, secret, { now: clock(now - 301) }))).toBe(
      'timestamp_in_future',
    );
    const bad = { ...headers, 'Webhook-Timestamp': 'ontem' };
    await expect(verifyWebhook(body, bad, secret, { now: clock(now) })).rejects.toMatchObject({
      reason: 'invalid_timestamp',
      message: 'webhook-timestamp deve ser o tempo Unix em segundos.',
    });
  });

  it('names a missing Standard Webhooks header and a malformed signature', async () => {
    const headers = standardOnly(nodeEntry(secret, now, body));
    for (const name of Object.keys(headers)) {
      const without = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
      await expect(verifyWebhook(body, without, secret, { now: clock(now) })).rejects.toMatchObject(
        { reason: 'missing_header', message: `Cabeçalho ausente: ${name.toLowerCase()}.` },
      );
    }
    const hex = standardOnly(`v1,${createHmac('sha256', secret).update(body).digest('hex')}`);
    expect(await reasonOf(verifyWebhook(body, hex, secret, { now: clock(now) }))).toBe(
      'invalid_signature_format',
    );
    // Standard Webhooks separates entries with spaces, never commas.
    const commas = standardOnly(`${nodeEntry(next, now, body)},${nodeEntry(secret, now, body)}`);
    expect(await reasonOf(verifyWebhook(body, commas, secret, { now: clock(now) }))).toBe(
      'invalid_signature_format',
    );
  });

  it('checks spec §6 headers when a delivery carries both sets', async () => {
    const signed = await signWebhook({ secret, payload: body, eventId: id, timestamp: now });
    expect(signed.headers[STANDARD_WEBHOOK_HEADERS.signature]).toBe(nodeEntry(secret, now, body));
    const at = { now: clock(now) };
    expect(await reasonOf(verifyWebhook(body, signed.headers, secret, at))).toBe('accepted');
    // A broken Standard Webhooks signature beside a good §6 one: §6 decides, accepted.
    const badStandard = { ...signed.headers, [STANDARD_WEBHOOK_HEADERS.signature]: 'v1,AAAA' };
    expect(await reasonOf(verifyWebhook(body, badStandard, secret, at))).toBe('accepted');
    // A broken §6 signature beside a good Standard Webhooks one: §6 decides, refused.
    const badService = {
      ...signed.headers,
      [WEBHOOK_HEADERS.signature]: `sha256=${'0'.repeat(64)}`,
    };
    expect(await reasonOf(verifyWebhook(body, badService, secret, at))).toBe('signature_mismatch');
    // Half of §6's set present: still §6's, and its missing header is named.
    const { [WEBHOOK_HEADERS.signature]: _dropped, ...halfService } = signed.headers;
    await expect(verifyWebhook(body, halfService, secret, at)).rejects.toMatchObject({
      reason: 'missing_header',
      message: `Cabeçalho ausente: ${WEBHOOK_HEADERS.signature}.`,
    });
  });
});

describe('the two generations of secret', () => {
  const current = base64Secret();
  const at = { now: clock(now) };

  it('tells them apart by shape: standard base64 after whsec_, or anything else', () => {
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhookKeyForm(current)).toBe('base64');
    expect(standardWebhookKeyForm(secret)).toBe('text');
    // An older secret is 43 base64url characters, never a multiple of four: even one that
    // happens to hold no `-` or `_` is not standard base64.
    for (let i = 0; i < 200; i++) {
      expect(standardWebhookKeyForm(`whsec_${randomBytes(32).toString('base64url')}`)).toBe('text');
    }
    expect(standardWebhookKeyForm('whsec_')).toBe('text');
    expect(standardWebhookKeyForm('whsec_abc')).toBe('text');
    expect(standardWebhookKeyForm('whsec_ab=c')).toBe('text');
    expect(standardWebhookKeyForm('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=')).toBe('text');
  });

  it('keys webhook-signature of a base64 secret with its decoded bytes, X-Service-Signature with its text', async () => {
    expect(await computeStandardWebhookSignature(current, id, now, body)).toBe(
      nodeEntry(decoded(current), now, body),
    );
    expect(await computeWebhookSignature(current, now, body)).toBe(
      `sha256=${createHmac('sha256', current).update(`${now}.${body}`).digest('hex')}`,
    );
    const signed = await signWebhook({
      secret: current,
      payload: body,
      eventId: id,
      timestamp: now,
    });
    expect(signed.headers[STANDARD_WEBHOOK_HEADERS.signature]).toBe(
      nodeEntry(decoded(current), now, body),
    );
    // An older secret's entries are unchanged.
    expect(await computeStandardWebhookSignature(secret, id, now, body)).toBe(
      nodeEntry(secret, now, body),
    );
  });

  it('verifies the Standard Webhooks headers of either generation, each with its own key', async () => {
    const fromCurrent = standardOnly(nodeEntry(decoded(current), now, body));
    expect(await reasonOf(verifyWebhook(body, fromCurrent, current, at))).toBe('accepted');
    const fromOlder = standardOnly(nodeEntry(secret, now, body));
    expect(await reasonOf(verifyWebhook(body, fromOlder, secret, at))).toBe('accepted');
    // A base64 secret's text is not its key, and the entry of one secret fits no other.
    const textKeyed = standardOnly(nodeEntry(current, now, body));
    expect(await reasonOf(verifyWebhook(body, textKeyed, current, at))).toBe('signature_mismatch');
    expect(await reasonOf(verifyWebhook(body, fromCurrent, secret, at))).toBe('signature_mismatch');
  });

  it('accepts a rotation from an older secret to a base64 one on either secret', async () => {
    const both = standardOnly(
      `${nodeEntry(decoded(current), now, body)} ${nodeEntry(secret, now, body)}`,
    );
    expect(await reasonOf(verifyWebhook(body, both, current, at))).toBe('accepted');
    expect(await reasonOf(verifyWebhook(body, both, secret, at))).toBe('accepted');
    expect(await reasonOf(verifyWebhook(body, both, [current, secret], at))).toBe('accepted');
    expect(await reasonOf(verifyWebhook(body, both, base64Secret(), at))).toBe(
      'signature_mismatch',
    );
  });
});
