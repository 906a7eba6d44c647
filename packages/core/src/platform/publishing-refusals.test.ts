import { describe, expect, it } from 'vitest';
import { explainCaptionRefusal } from './caption-refusal';
import { InstagramPlatformError } from './instagram-platform-error';
import { mapPlatformError } from './map-platform-error';
import { isObjectUnavailable, transientOnRead } from './read-errors';

const graph = (error: Record<string, unknown>) => JSON.stringify({ error });
const tags = (count: number) =>
  Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');

describe('a VIDEO container published on its own (100/2207089)', () => {
  it('is a non-transient INTERNAL_ERROR that names the cause', () => {
    const error = mapPlatformError(graph({ code: 100, error_subcode: 2207089 }), 400);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.details?.reason).toBe('video_container_alone');
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/vídeo de carrossel sozinho/);
  });
});

describe('100/33 on reads', () => {
  const unavailable = mapPlatformError(
    graph({
      message: "Unsupported get request. Object with ID '17890' does not exist",
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
      fbtrace_id: 'A33',
    }),
    400,
  );

  it('is mapped as a refusal that is not transient on its own', () => {
    expect(unavailable.transient).toBe(false);
    expect(isObjectUnavailable(unavailable)).toBe(true);
  });

  it('becomes a transient INTERNAL_ERROR on a read, keeping the platform facts', () => {
    const read = transientOnRead(unavailable) as InstagramPlatformError;
    expect(read).toBeInstanceOf(InstagramPlatformError);
    expect(read.code).toBe('INTERNAL_ERROR');
    expect(read.transient).toBe(true);
    expect(read.details).toMatchObject({
      reason: 'object_unavailable',
      transient: true,
      platformCode: 100,
      platformSubcode: 33,
      fbtraceId: 'A33',
    });
  });

  it('leaves every other error alone', () => {
    const other = mapPlatformError(graph({ code: 100, error_subcode: 2207023 }), 400);
    expect(transientOnRead(other)).toBe(other);
    const plain = new Error('x');
    expect(transientOnRead(plain)).toBe(plain);
  });
});

describe('a caption refused for its hashtags', () => {
  const refusal = mapPlatformError(
    graph({
      message: 'Invalid parameter',
      code: 36004,
      error_subcode: 2207010,
      error_user_msg: 'The caption has more than 5 hashtags.',
    }),
    400,
  );

  it('is a VALIDATION_ERROR on content with guidance when the caption passes the 5-hashtag cap', () => {
    const explained = explainCaptionRefusal(refusal, `Oi ${tags(7)}`) as InstagramPlatformError;
    expect(explained.code).toBe('VALIDATION_ERROR');
    expect(explained.transient).toBe(false);
    expect(explained.details).toMatchObject({
      field: 'content',
      reason: 'hashtag_cap',
      hashtags: 7,
      limit: 5,
      platformCode: 36004,
      platformSubcode: 2207010,
    });
    expect(explained.message).toMatch(/7 hashtags/);
    expect(explained.message).toMatch(/no máximo 5/);
  });

  it('stays the caption error when the caption has 5 hashtags or fewer, or breaks the old limits', () => {
    expect(explainCaptionRefusal(refusal, tags(5))).toBe(refusal);
    expect(explainCaptionRefusal(refusal, tags(31))).toBe(refusal);
    expect(explainCaptionRefusal(refusal, `${tags(6)} ${'x'.repeat(2200)}`)).toBe(refusal);
  });

  it('leaves other platform errors alone', () => {
    const quota = mapPlatformError(graph({ code: 9, error_subcode: 2207042 }), 400);
    expect(explainCaptionRefusal(quota, tags(10))).toBe(quota);
  });
});
