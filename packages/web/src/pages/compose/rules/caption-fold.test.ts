import { describe, expect, it } from 'vitest';
import { CAPTION_FOLD_LENGTH, foldCaption } from './caption-fold';

describe('foldCaption', () => {
  it('shows a short caption whole', () => {
    expect(foldCaption('Bom dia! ☕')).toEqual({ shown: 'Bom dia! ☕', folded: false });
    expect(foldCaption('um\ndois')).toEqual({ shown: 'um\ndois', folded: false });
  });

  it('folds after two lines', () => {
    expect(foldCaption('um\ndois\ntrês')).toEqual({ shown: 'um\ndois', folded: true });
    // Empty lines after the second hide nothing.
    expect(foldCaption('um\ndois\n\n').folded).toBe(false);
  });

  it('folds after 125 characters, counting an emoji as one', () => {
    const long = '☕'.repeat(CAPTION_FOLD_LENGTH) + ' fim';
    const folded = foldCaption(long);
    expect(folded.folded).toBe(true);
    expect([...folded.shown]).toHaveLength(CAPTION_FOLD_LENGTH);
    expect(foldCaption('a'.repeat(CAPTION_FOLD_LENGTH)).folded).toBe(false);
  });
});
