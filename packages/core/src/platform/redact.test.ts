import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('removes access_token, client_secret and code values from a URL', () => {
    const url =
      'https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=shh123&access_token=IGQVJ_short';
    expect(redactSecrets(url)).toBe(
      `https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=${REDACTED}&access_token=${REDACTED}`,
    );
    expect(redactSecrets('client_id=1&code=AQBx9&redirect_uri=x')).toBe(
      `client_id=1&code=${REDACTED}&redirect_uri=x`,
    );
  });

  it('leaves look-alike parameters such as error_code alone', () => {
    expect(redactSecrets('error_code=2207026&zipcode=123')).toBe('error_code=2207026&zipcode=123');
  });

  it('removes secrets from JSON members and authorization headers', () => {
    expect(redactSecrets('{"access_token": "IGAAabc", "user_id": "1"}')).toBe(
      `{"access_token": "${REDACTED}", "user_id": "1"}`,
    );
    expect(redactSecrets('Authorization: Bearer IGAAverylongtoken')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
  });

  it('removes every literal occurrence of the given secrets, also URL-encoded', () => {
    const token = 'IGAA+tok/en==';
    const text = `failed with ${token} and ${encodeURIComponent(token)}`;
    expect(redactSecrets(text, [token])).toBe(`failed with ${REDACTED} and ${REDACTED}`);
  });

  it('removes anything shaped like an Instagram token but not platform words like IGApiException', () => {
    expect(redactSecrets('token IGQWRabcdefghijklmnopqrstuvwxyz012 in IGApiException')).toBe(
      `token ${REDACTED} in IGApiException`,
    );
  });

  it('ignores too-short or absent secrets rather than garbling the text', () => {
    expect(redactSecrets('code 1 of 10', ['1', undefined])).toBe('code 1 of 10');
  });
});
