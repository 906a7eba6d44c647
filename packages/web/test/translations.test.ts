/**
 * Both languages are complete: every text key of one exists in the other, and no text
 * is left empty.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ptBR } from '../src/i18n/pt-BR';

/** `a.b.c` → text, for every text of a nested translation object. */
function flatten(texts: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [inner, text] of flatten(value as object, path)) found.set(inner, text);
    } else found.set(path, value);
  }
  return found;
}

describe('the translations', () => {
  const portuguese = flatten(ptBR);
  const english = flatten(en);

  it('have the same keys in Portuguese and in English', () => {
    const onlyPortuguese = [...portuguese.keys()].filter((key) => !english.has(key));
    const onlyEnglish = [...english.keys()].filter((key) => !portuguese.has(key));
    expect({ onlyPortuguese, onlyEnglish }).toEqual({ onlyPortuguese: [], onlyEnglish: [] });
  });

  it('leave no text empty and use the same placeholders in both languages', () => {
    for (const [key, text] of portuguese) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      const placeholders = (value: unknown) =>
        String(value)
          .match(/\{\{\w+\}\}/g)
          ?.sort() ?? [];
      expect(placeholders(english.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('finds a difference when there is one', () => {
    const changed = flatten({ ...en, extra: { text: 'x' } });
    expect([...changed.keys()].filter((key) => !portuguese.has(key))).toEqual(['extra.text']);
  });
});
