import { describe, expect, it } from 'vitest';
import { ID_PREFIXES, idPattern, idTime, isId, newId, type IdKind } from './ids';

describe('ids', () => {
  it('prefixes every kind of id as the spec lists', () => {
    const expected: Partial<Record<IdKind, string>> = {
      project: 'proj_',
      profile: 'prf_',
      integration: 'int_',
      post: 'post_',
      target: 'tgt_',
      media: 'med_',
      apiKey: 'key_',
      event: 'evt_',
      notification: 'ntf_',
    };
    for (const [kind, prefix] of Object.entries(expected)) {
      expect(newId(kind as IdKind).startsWith(prefix!)).toBe(true);
    }
  });

  it('makes ids that sort in creation order, also within one millisecond', () => {
    const ids = [
      ...Array.from({ length: 500 }, () => newId('post', 1_700_000_000_000)),
      newId('post', 1_700_000_000_001),
      newId('post', 1_800_000_000_000),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('encodes the creation time, readable back', () => {
    expect(idTime(newId('event', 1_763_726_400_123))).toBe(1_763_726_400_123);
    expect(idTime('not-an-id')).toBeNull();
  });

  it('recognises only well-formed ids of the right kind', () => {
    const id = newId('media');
    expect(isId('media', id)).toBe(true);
    expect(isId('post', id)).toBe(false);
    expect(isId('media', id.toUpperCase())).toBe(false);
    expect(isId('media', `${id}x`)).toBe(false);
    expect(isId('media', 'med_')).toBe(false);
    expect(isId('media', 42)).toBe(false);
    expect(idPattern('post').test(`post_${'0'.repeat(26)}`)).toBe(true);
    // Crockford base32 leaves out i, l, o and u.
    expect(idPattern('post').test(`post_${'i'.repeat(26)}`)).toBe(false);
  });

  it('refuses times outside the 48-bit range', () => {
    expect(() => newId('post', -1)).toThrow(RangeError);
    expect(() => newId('post', 2 ** 48)).toThrow(RangeError);
    expect(() => newId('post', 1.5)).toThrow(RangeError);
  });

  it('lists a distinct prefix for every kind', () => {
    const prefixes = Object.values(ID_PREFIXES);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
