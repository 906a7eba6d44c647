import { describe, expect, it } from 'vitest';
import { captionLength, captionTags, captionWarning, checkCaption } from './caption';

describe('caption rules', () => {
  it('accepts 2,200 characters and refuses 2,201', () => {
    expect(checkCaption('a'.repeat(2200))).toBeNull();
    expect(checkCaption('a'.repeat(2201))).toBe('a legenda tem 2201 caracteres; o máximo é 2200');
  });

  it('counts an emoji as one character, not two UTF-16 units', () => {
    expect(captionLength('👋')).toBe(1);
    expect(checkCaption('👋'.repeat(2200))).toBeNull();
    expect(checkCaption('👋'.repeat(2201))).not.toBeNull();
  });

  it('refuses a 31st hashtag and a 21st mention', () => {
    const tags = (count: number, mark: string) =>
      Array.from({ length: count }, (_, index) => `${mark}tag${index}`).join(' ');
    expect(checkCaption(tags(30, '#'))).toBeNull();
    expect(checkCaption(tags(31, '#'))).toMatch(/31 hashtags/);
    expect(checkCaption(tags(20, '@'))).toBeNull();
    expect(checkCaption(tags(21, '@'))).toMatch(/21 contas/);
  });

  it('does not count e-mail addresses, entities or mid-word marks as tags', () => {
    expect(captionTags('fale com contato@empresa.com.br &#38; a#b c#d')).toEqual({
      hashtags: [],
      mentions: [],
    });
    expect(captionTags('Verão #praia, com @ana.s e #férias!')).toEqual({
      hashtags: ['#praia', '#férias'],
      mentions: ['@ana.s'],
    });
  });

  it('accepts an empty caption', () => {
    expect(checkCaption('')).toBeNull();
  });

  it('warns past the 5 hashtags Instagram announced, while still accepting up to 30', () => {
    const tags = (count: number) =>
      Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');
    expect(captionWarning(tags(5))).toBeNull();
    expect(captionWarning('sem hashtags, com @ana e a#b')).toBeNull();
    const warning = captionWarning(tags(6));
    expect(warning).toMatch(/^A legenda tem 6 hashtags: o Instagram anunciou em dezembro de 2025/);
    expect(warning).toMatch(/limite de 5 hashtags/);
    expect(checkCaption(tags(30))).toBeNull();
    expect(captionWarning(tags(30))).toMatch(/30 hashtags/);
  });
});
