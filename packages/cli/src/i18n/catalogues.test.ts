/**
 * The two catalogues say the same things: every English text is translated (not a copy
 * of the Portuguese one, and free of Portuguese words), every Portuguese text is free of
 * English sentences, and both fill in the same `{{placeholders}}`. Key parity itself is
 * checked by the type of `en.ts`; these checks catch what a type cannot.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ptBR } from './pt-BR';
import { englishWordsIn, portugueseWordsIn } from './language-words';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const PT = new Map(leaves(ptBR as Tree));
const EN = new Map(leaves(en as Tree));

/**
 * Texts that are rightly the same in both languages: a word both languages use, or a text
 * made of a value and a flag only. Anything else equal in both is an untranslated text.
 */
const SAME_IN_BOTH = new Set([
  'posts.columnStatus',
  'doctor.check_smtp',
  'posts.fieldStatus',
  'posts.columnLink',
  'config.useKeys',
  'shared.useFlag',
  // The product's name, for what the server did by itself.
  'trail.system',
  // "post" is the Portuguese word too; "#" a symbol.
  'placeholder.post',
  'series.columnPost',
  'series.columnIndex',
  // "Evergreen" is the feature's name in both.
  'slots.fieldEvergreen',
  'posts.fieldEvergreen',
]);

describe('CLI catalogues', () => {
  it('have the same keys', () => {
    expect([...EN.keys()].sort()).toEqual([...PT.keys()].sort());
  });

  it('translate every text (the same text in both is allowed only where listed)', () => {
    const same = [...PT].filter(([key, text]) => EN.get(key) === text && !SAME_IN_BOTH.has(key));
    expect(same).toEqual([]);
    // The list holds only texts that really are the same, so it cannot hide a change.
    for (const key of SAME_IN_BOTH) expect(EN.get(key), key).toBe(PT.get(key));
  });

  it('write no Portuguese in English texts', () => {
    const found = [...EN].flatMap(([key, text]) =>
      portugueseWordsIn(text).map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('write no English sentence in Portuguese texts', () => {
    const found = [...PT].flatMap(([key, text]) =>
      englishWordsIn(text).map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('fill in the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differ = [...PT].filter(
      ([key, text]) => JSON.stringify(names(text)) !== JSON.stringify(names(EN.get(key) ?? '')),
    );
    expect(differ).toEqual([]);
  });
});
