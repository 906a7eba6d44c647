import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AccountError,
  isReelayError,
  MediaError,
  ReelayError,
  retryClassOf,
  type KnownErrorCode,
} from '../src';
import { createReelayError } from '../src/errors';

describe('ReelayError', () => {
  it('gives the codes callers branch on their subclass, with typed context', () => {
    const account = createReelayError({
      code: 'TOKEN_INVALID',
      statusCode: 409,
      message: 'reconecte',
      details: { accountId: 'int_01' },
    });
    expect(account).toBeInstanceOf(AccountError);
    expect((account as AccountError).accountId).toBe('int_01');
    expect(account.retry).toBe('needs-user-action');
    const media = createReelayError({
      code: 'MEDIA_INVALID',
      statusCode: 400,
      message: 'fora dos limites',
      details: { reason: 'aspect' },
    });
    expect((media as MediaError).reason).toBe('aspect');
    expect(media.name).toBe('MediaError');
  });

  it('is recognised across copies of the SDK, by a brand rather than the class', () => {
    const error = createReelayError({ code: 'NOT_FOUND', statusCode: 404, message: 'x' });
    const copy = Object.setPrototypeOf({ ...error }, Error.prototype) as object;
    Object.defineProperty(copy, Symbol.for('@reelay/sdk/error'), { value: true });
    expect(isReelayError(copy)).toBe(true);
    expect(isReelayError(new Error('x'))).toBe(false);
    expect(isReelayError({ code: 'NOT_FOUND', statusCode: 404 })).toBe(false);
  });

  it('narrows the code in TypeScript', () => {
    const error: unknown = createReelayError({ code: 'NOT_FOUND', statusCode: 404, message: 'x' });
    if (isReelayError(error, 'NOT_FOUND', 'POST_NOT_CANCELLABLE')) {
      expectTypeOf(error.code).toEqualTypeOf<'NOT_FOUND' | 'POST_NOT_CANCELLABLE'>();
    }
    expectTypeOf<'RATE_LIMIT_APP'>().toMatchTypeOf<KnownErrorCode>();
  });

  it('accepts only codes it knows, so a typo does not compile (checked by the typecheck)', () => {
    const error: unknown = createReelayError({ code: 'NOT_FOUND', statusCode: 404, message: 'x' });
    // @ts-expect-error: a misspelt code is not a KnownErrorCode
    expect(isReelayError(error, 'NOT_FOUDN')).toBe(false);
    // @ts-expect-error: neither is a lower-case one
    expect(isReelayError(error, 'not_found')).toBe(false);
    expect(isReelayError(error, 'CONNECTION_ERROR', 'NOT_FOUND')).toBe(true);
    expectTypeOf(isReelayError<'NOT_FOUND'>)
      .parameter(1)
      .toEqualTypeOf<'NOT_FOUND'>();
    // Without codes, any ReelayError matches and its code stays open to newer ones.
    if (isReelayError(error)) expectTypeOf(error.code).toEqualTypeOf<ReelayError['code']>();
  });

  it('serialises to the envelope fields plus the request id, without the stack', () => {
    const error = new ReelayError({
      code: 'INTERNAL_ERROR',
      statusCode: 500,
      message: 'Erro interno inesperado.',
      requestId: 'req-1',
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ReelayError',
      code: 'INTERNAL_ERROR',
      statusCode: 500,
      message: 'Erro interno inesperado.',
      requestId: 'req-1',
    });
  });
});

describe('retryClassOf', () => {
  it('gives the class of HTTP codes and of the codes only a target holds', () => {
    expect(retryClassOf('PLATFORM_UNAVAILABLE')).toBe('safe');
    expect(retryClassOf('MEDIA_INVALID')).toBe('do-not-retry');
    expect(retryClassOf('TOKEN_INVALID')).toBe('needs-user-action');
    expect(retryClassOf('CANCELLED')).toBe('do-not-retry');
    expect(retryClassOf('PUBLISH_UNCONFIRMED')).toBe('needs-user-action');
    expect(retryClassOf('MISSED')).toBe('needs-user-action');
  });

  it('knows nothing of codes newer than this SDK, nor of inherited names', () => {
    expect(retryClassOf('SOMETHING_NEW')).toBeUndefined();
    expect(retryClassOf('toString')).toBeUndefined();
  });
});
