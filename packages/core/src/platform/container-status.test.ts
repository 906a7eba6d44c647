import { describe, expect, it } from 'vitest';
import { containerStatusError, parseStatusSubcode } from './container-status';

describe('parseStatusSubcode', () => {
  it.each([
    ['Error: Media upload has failed with error code 2207026', 2207026],
    ['Error: error code: 2207076', 2207076],
    ['ERROR: processing failed (2207077)', 2207077],
    ['Finished: Media has been uploaded and it is ready to be published.', null],
    ['In Progress: Media is still being processed.', null],
    [null, null],
  ])('reads %j as %j', (status, subcode) => {
    expect(parseStatusSubcode(status)).toBe(subcode);
  });
});

describe('containerStatusError', () => {
  it('stands for nothing while processing, finished or published', () => {
    for (const code of ['IN_PROGRESS', 'FINISHED', 'PUBLISHED'] as const) {
      expect(containerStatusError(code, null)).toBeNull();
    }
  });

  it('maps ERROR by its subcode, keeping transient ones transient', () => {
    expect(containerStatusError('ERROR', 'Error: … error code 2207085')).toMatchObject({
      code: 'INTERNAL_ERROR',
      transient: true,
    });
    expect(containerStatusError('ERROR', 'Error: … error code 2207004')).toMatchObject({
      code: 'MEDIA_INVALID',
      details: { reason: 'too_large', platformSubcode: 2207004 },
    });
  });

  it('maps EXPIRED to CONTAINER_EXPIRED and an unexplained ERROR to a container error', () => {
    expect(containerStatusError('EXPIRED', null)?.code).toBe('CONTAINER_EXPIRED');
    expect(containerStatusError('ERROR', 'Error')).toMatchObject({
      code: 'INTERNAL_ERROR',
      transient: false,
      details: { reason: 'container_error' },
    });
  });
});
