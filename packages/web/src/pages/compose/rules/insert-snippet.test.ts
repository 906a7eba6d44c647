import { describe, expect, it } from 'vitest';
import { insertSnippet, onlyHashtags } from './insert-snippet';

describe('insertSnippet', () => {
  it('appends after a blank line when the caption had no cursor', () => {
    expect(insertSnippet('Bom dia!  ', '#café', null)).toEqual({
      value: 'Bom dia!\n\n#café',
      cursor: 15,
    });
    expect(insertSnippet('', '#café', null)).toEqual({ value: '#café', cursor: 5 });
  });

  it('puts the text at the cursor, spaced from the words around it', () => {
    expect(insertSnippet('Bom dia!', '#café', { start: 3, end: 3 })).toEqual({
      value: 'Bom #café dia!',
      cursor: 9,
    });
    expect(insertSnippet('Bom dia!', 'Olá', { start: 0, end: 0 })).toEqual({
      value: 'Olá Bom dia!',
      cursor: 3,
    });
  });

  it('replaces a selection', () => {
    expect(insertSnippet('Bom dia, gente!', 'tarde', { start: 4, end: 7 }).value).toBe(
      'Bom tarde, gente!',
    );
  });
});

describe('onlyHashtags', () => {
  it('tells a hashtag group from a caption', () => {
    expect(onlyHashtags('#café #barista\n#manhã')).toBe(true);
    expect(onlyHashtags('Bom dia #café')).toBe(false);
    expect(onlyHashtags('  ')).toBe(false);
  });
});
