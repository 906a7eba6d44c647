import { describe, expect, it } from 'vitest';
import { REDACTED_CREDENTIAL, redactCredentials } from './credential-redaction';

describe('redactCredentials', () => {
  it('removes API keys, webhook secrets, bearer values and JWTs wherever they appear', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJl';
    expect(
      redactCredentials(
        `k=rly_live_abcdefgh1234 s=whsec_abcdefgh1234 Authorization: Bearer abc.def "${jwt}"`,
        [],
      ),
    ).toBe('k=[redacted] s=[redacted] Authorization: Bearer [redacted] "[redacted]"');
  });

  it('removes a webhook secret of either generation whole: base64 and base64url', () => {
    const base64 = 'whsec_q+3v/Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg+/ab=';
    const base64url = 'whsec_q-3v_Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg-_ab';
    expect(redactCredentials(`novo ${base64}, antigo ${base64url}.`, [])).toBe(
      'novo [redacted], antigo [redacted].',
    );
  });

  it('removes the literal secrets it is given, but not values too short to be one', () => {
    expect(
      redactCredentials('token xyz-opaque-token, pin 12345', ['xyz-opaque-token', '12345']),
    ).toBe(`token ${REDACTED_CREDENTIAL}, pin 12345`);
    expect(redactCredentials('a', [undefined, ''])).toBe('a');
  });

  it('leaves masked keys and bare prefixes readable', () => {
    expect(redactCredentials('use rly_live_…9a0q or whsec_…', [])).toBe(
      'use rly_live_…9a0q or whsec_…',
    );
  });
});
