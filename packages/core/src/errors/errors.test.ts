import { describe, expect, it } from 'vitest';
import {
  HTTP_ERRORS,
  HTTP_ERROR_CODES,
  isHttpErrorCode,
  messageOf,
  retryClassOf,
  TARGET_ERROR_CODES,
  TARGET_ONLY_ERRORS,
} from './catalogue';
import { isReelayError, ReelayError } from './reelay-error';

// Spec §7, every table: code → HTTP status.
const SPEC_CODES: Record<string, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PROJECT_REQUIRED: 400,
  RATE_LIMIT_KEY: 429,
  PERMISSION_REQUIRED: 403,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  PLATFORM_NOT_AVAILABLE: 403,
  STATE_INVALID: 400,
  AUTHORIZATION_DENIED: 400,
  ACCOUNT_NOT_BUSINESS: 400,
  TOKEN_INVALID: 409,
  ACCOUNT_RESTRICTED: 409,
  ACCOUNT_IN_USE: 409,
  RATE_LIMIT_ACCOUNT: 409,
  RATE_LIMIT_APP: 503,
  SPAM_SUSPECTED: 409,
  MEDIA_INVALID: 400,
  MEDIA_FETCH_FAILED: 400,
  MEDIA_UNREACHABLE: 400,
  CONTAINER_EXPIRED: 409,
  CONTAINER_STUCK: 409,
  POST_NOT_CANCELLABLE: 409,
  PLATFORM_CREDENTIALS_MISSING: 500,
  SIGNED_REQUEST_INVALID: 400,
  INTERNAL_ERROR: 500,
};

describe('error catalogue', () => {
  it('holds every code of spec §7 with its HTTP status', () => {
    for (const [code, status] of Object.entries(SPEC_CODES)) {
      expect(isHttpErrorCode(code), code).toBe(true);
      expect(HTTP_ERRORS[code as keyof typeof HTTP_ERRORS].status, code).toBe(status);
    }
  });

  it('keeps the target-only codes out of HTTP answers', () => {
    for (const code of ['CANCELLED', 'PUBLISH_UNCONFIRMED', 'MISSED']) {
      expect(isHttpErrorCode(code)).toBe(false);
      expect(Object.hasOwn(TARGET_ONLY_ERRORS, code)).toBe(true);
      expect(TARGET_ERROR_CODES).toContain(code);
    }
  });

  it('classifies retries as spec §7 "Retry guidance" says', () => {
    for (const code of ['RATE_LIMIT_KEY', 'RATE_LIMIT_APP', 'INTERNAL_ERROR']) {
      expect(retryClassOf(code), code).toBe('safe');
    }
    for (const code of [
      'VALIDATION_ERROR',
      'MEDIA_INVALID',
      'MEDIA_FETCH_FAILED',
      'MEDIA_UNREACHABLE',
      'SPAM_SUSPECTED',
      'ACCOUNT_NOT_BUSINESS',
    ]) {
      expect(retryClassOf(code), code).toBe('do-not-retry');
    }
    for (const code of [
      'TOKEN_INVALID',
      'ACCOUNT_RESTRICTED',
      'AUTHORIZATION_DENIED',
      'ACCOUNT_IN_USE',
    ]) {
      expect(retryClassOf(code), code).toBe('needs-user-action');
    }
    expect(retryClassOf('SOMETHING_NEW')).toBeUndefined();
  });

  it('writes a Portuguese message for every code', () => {
    for (const code of TARGET_ERROR_CODES) {
      const message = messageOf(code);
      expect(message.length, code).toBeGreaterThan(10);
      expect(message, code).toMatch(/[a-zà-ú]/);
    }
    expect(messageOf('NOT_FOUND')).toBe('Recurso não encontrado.');
  });

  it('keeps the native body-parsing codes (spec §7)', () => {
    const native = HTTP_ERROR_CODES.filter((code) => code.startsWith('FST_ERR_CTP_'));
    expect(native).toContain('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(native).toContain('FST_ERR_CTP_EMPTY_JSON_BODY');
  });
});

describe('ReelayError', () => {
  it('carries code, status, message and details into the envelope', () => {
    const error = new ReelayError('RATE_LIMIT_ACCOUNT', {
      details: { accountId: 'int_x', quotaUsage: 100, quotaTotal: 100 },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(409);
    expect(error.retry).toBe('do-not-retry');
    expect(error.toEnvelope()).toEqual({
      statusCode: 409,
      code: 'RATE_LIMIT_ACCOUNT',
      message: HTTP_ERRORS.RATE_LIMIT_ACCOUNT.message,
      details: { accountId: 'int_x', quotaUsage: 100, quotaTotal: 100 },
    });
  });

  it('leaves details out of the envelope when there are none', () => {
    expect(new ReelayError('NOT_FOUND').toEnvelope()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Recurso não encontrado.',
    });
    expect('details' in new ReelayError('NOT_FOUND', { details: {} }).toEnvelope()).toBe(false);
  });

  it('normalises unknown throws to INTERNAL_ERROR without leaking them', () => {
    const secret = new TypeError('token=IGAAsecret123 leaked');
    const error = ReelayError.from(secret);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.cause).toBe(secret);
    expect(JSON.stringify(error.toEnvelope())).not.toContain('IGAAsecret123');
    const known = new ReelayError('NOT_FOUND');
    expect(ReelayError.from(known)).toBe(known);
    expect(ReelayError.from('a string').code).toBe('INTERNAL_ERROR');
  });

  it('is recognised also by shape, across package copies', () => {
    expect(isReelayError(new ReelayError('FORBIDDEN'))).toBe(true);
    const lookalike = Object.assign(new Error('x'), {
      name: 'ReelayError',
      code: 'FORBIDDEN',
      statusCode: 403,
    });
    expect(isReelayError(lookalike)).toBe(true);
    expect(isReelayError(new Error('x'))).toBe(false);
    expect(isReelayError({ code: 'FORBIDDEN', statusCode: 403 })).toBe(false);
  });
});
