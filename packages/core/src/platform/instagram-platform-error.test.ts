import { describe, expect, it } from 'vitest';
import { InstagramPlatformError } from './instagram-platform-error';

describe('InstagramPlatformError', () => {
  it('states in details whether a retry may succeed, from its transient flag', () => {
    const error = new InstagramPlatformError('INTERNAL_ERROR', {
      details: { reason: 'transport' },
      transient: true,
      outcome: 'unknown',
    });
    expect(error.details).toEqual({ reason: 'transport', transient: true });
    expect(error.toEnvelope().details).toEqual({ reason: 'transport', transient: true });
  });

  it('states it even when the call site gave no details', () => {
    const error = new InstagramPlatformError('INTERNAL_ERROR', {
      transient: false,
      outcome: 'refused',
    });
    expect(error.details).toEqual({ transient: false });
  });

  it('lets the flag win over a details value that says otherwise', () => {
    const error = new InstagramPlatformError('RATE_LIMIT_ACCOUNT', {
      details: { transient: false },
      transient: true,
      outcome: 'refused',
    });
    expect(error.details?.transient).toBe(true);
    expect(error.transient).toBe(true);
  });
});
