import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  decideRetry,
  DEFAULT_RETRY,
  type AttemptOutcome,
  type RetryContext,
} from './retry-policy';

const context = (overrides: Partial<RetryContext> = {}): RetryContext => ({
  ...DEFAULT_RETRY,
  attempt: 1,
  repeatable: false,
  random: () => 0.5,
  ...overrides,
});

const error = (code: string, status: number, resetSeconds?: number): AttemptOutcome => ({
  kind: 'error',
  code,
  status,
  resetSeconds,
});

describe('the retry policy (spec §7)', () => {
  // outcome, repeatable request?, retried?
  const table: Array<[string, AttemptOutcome, boolean, boolean]> = [
    ['RATE_LIMIT_KEY on a POST', error('RATE_LIMIT_KEY', 429, 3), false, true],
    ['RATE_LIMIT_APP on a POST', error('RATE_LIMIT_APP', 503), false, true],
    ['INTERNAL_ERROR on a GET', error('INTERNAL_ERROR', 500), true, true],
    ['INTERNAL_ERROR on a POST with an idempotency key', error('INTERNAL_ERROR', 500), true, true],
    ['INTERNAL_ERROR on a POST without one', error('INTERNAL_ERROR', 500), false, false],
    ['DATABASE_UNAVAILABLE on a GET', error('DATABASE_UNAVAILABLE', 503), true, true],
    [
      'DATABASE_UNAVAILABLE on a POST without a key',
      error('DATABASE_UNAVAILABLE', 503),
      false,
      false,
    ],
    ['STORAGE_FULL on a PATCH', error('STORAGE_FULL', 503), true, true],
    ['STORAGE_FULL on a POST without a key', error('STORAGE_FULL', 503), false, false],
    ['a refused connection on a POST', { kind: 'network', beforeSending: true }, false, true],
    ['a connection lost on a GET', { kind: 'network', beforeSending: false }, true, true],
    ['a connection lost on a POST', { kind: 'network', beforeSending: false }, false, false],
    ['a timeout on a GET', { kind: 'timeout' }, true, true],
    ['a timeout on a POST', { kind: 'timeout' }, false, false],
    ["a gateway's 502 page on a GET", { kind: 'unexpected', status: 502 }, true, true],
    ["a gateway's 504 page on a POST", { kind: 'unexpected', status: 504 }, false, false],
    ['an unexpected 404 page', { kind: 'unexpected', status: 404 }, true, false],
    ['VALIDATION_ERROR', error('VALIDATION_ERROR', 400), true, false],
    ['MEDIA_INVALID', error('MEDIA_INVALID', 400), true, false],
    ['SPAM_SUSPECTED', error('SPAM_SUSPECTED', 409), true, false],
    ['TOKEN_INVALID (a person must act)', error('TOKEN_INVALID', 409), true, false],
    [
      'CONTAINER_EXPIRED (retried by the server, not the client)',
      error('CONTAINER_EXPIRED', 409),
      true,
      false,
    ],
    ['UNAUTHORIZED', error('UNAUTHORIZED', 401), true, false],
    ['a code this SDK has never seen', error('SOMETHING_NEW', 503), true, false],
  ];

  it.each(table)('%s: repeatable=%s → retry=%s', (_, outcome, repeatable, retried) => {
    expect(decideRetry(outcome, context({ repeatable })).retry).toBe(retried);
  });

  it('waits the announced x-ratelimit-reset, plus under 250 ms of jitter', () => {
    const low = decideRetry(error('RATE_LIMIT_KEY', 429, 12), context({ random: () => 0 }));
    const high = decideRetry(error('RATE_LIMIT_KEY', 429, 12), context({ random: () => 0.999 }));
    expect(low).toMatchObject({ retry: true, delayMs: 12_000 });
    expect(high).toMatchObject({ retry: true, delayMs: 12_250 });
  });

  it('does not wait for a reset longer than maxRateLimitWaitMs', () => {
    expect(
      decideRetry(error('RATE_LIMIT_KEY', 429, 61), context({ maxRateLimitWaitMs: 60_000 })),
    ).toMatchObject({ retry: false });
  });

  it('backs off exponentially when no reset is announced', () => {
    expect(decideRetry(error('RATE_LIMIT_KEY', 429), context())).toMatchObject({
      retry: true,
      delayMs: 375,
    });
  });

  it('stops once maxRetries retries were made', () => {
    const outcome = error('RATE_LIMIT_APP', 503);
    expect(decideRetry(outcome, context({ attempt: 2, maxRetries: 2 })).retry).toBe(true);
    expect(decideRetry(outcome, context({ attempt: 3, maxRetries: 2 })).retry).toBe(false);
    expect(decideRetry(outcome, context({ attempt: 1, maxRetries: 0 })).retry).toBe(false);
  });

  it('doubles the backoff ceiling each retry, up to maxDelayMs, with jitter in its upper half', () => {
    const at = (attempt: number, random: number) =>
      backoffDelay(attempt, { baseDelayMs: 500, maxDelayMs: 8_000, random: () => random });
    expect([1, 2, 3, 4, 5, 6].map((attempt) => at(attempt, 0))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 4_000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((attempt) => at(attempt, 1))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
  });

  it('says why it decided, for the logs', () => {
    expect(decideRetry(error('INTERNAL_ERROR', 500), context()).reason).toMatch(
      /may have been done/,
    );
  });
});
