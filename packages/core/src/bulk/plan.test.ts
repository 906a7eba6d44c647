import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BulkFileError, planBulkRows, rowKey } from './plan';
import { sha256Hex } from './sha256';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const HEADER = 'at,media,accounts,kind,caption,first_comment,timezone';
const plan = (rows: string) =>
  planBulkRows(`${HEADER}\n${rows}\n`, { now: NOW, checkWindow: true });

describe('sha256Hex', () => {
  it('is the SHA-256 node computes, for ASCII, accents, emoji and long texts', () => {
    for (const text of [
      '',
      'abc',
      'Olá, café ☕ 👋',
      'x'.repeat(1000),
      'a'.repeat(55),
      'b'.repeat(64),
    ]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('rowKey', () => {
  it('keeps the key earlier versions gave (node:crypto over the sorted cells)', () => {
    const cells = {
      at: '2026-12-01T10:00-03:00',
      caption: 'Oi',
      media: 'a.jpg',
      accounts: '@cafe',
    };
    const canonical = JSON.stringify([
      ['accounts', '@cafe'],
      ['at', '2026-12-01T10:00-03:00'],
      ['caption', 'Oi'],
      ['media', 'a.jpg'],
    ]);
    expect(rowKey(cells)).toBe(
      `csv-${createHash('sha256').update(canonical).digest('hex').slice(0, 40)}`,
    );
  });
});

describe('planBulkRows', () => {
  it('plans a valid row and reads its local time in its zone', () => {
    const [row] = plan(
      '2026-12-01T10:00,https://cdn.example.com/a.jpg,@cafe,,Oi,,America/Sao_Paulo',
    );
    expect(row!.problems).toEqual([]);
    expect(row!.scheduledFor!.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(row!.media).toEqual([{ kind: 'url', url: 'https://cdn.example.com/a.jpg' }]);
  });

  it('gives each problem a code and the column to fix', () => {
    const [row] = plan(`2026-02-30T10:00,fotos/a.jpg,@a|@A,nope,${'#x '.repeat(31)},,Mars/Base`);
    expect(row!.problems.map((problem) => [problem.code, problem.column])).toEqual([
      ['unknownZone', 'timezone'],
      ['invalidKind', 'kind'],
      ['captionHashtags', 'caption'],
      ['localFile', 'media'],
      ['sameAccountTwice', 'accounts'],
    ]);
  });

  it('refuses times outside the window and a Story with a caption', () => {
    const [soon, story] = plan(
      '2026-11-20T12:00Z,med_1,@cafe,,,,\n2026-12-01T10:00Z,https://x.test/a.jpg,@cafe,story,Oi,,',
    );
    expect(soon!.problems.map((problem) => problem.code)).toEqual(['scheduleTooSoon']);
    expect(story!.problems.map((problem) => problem.code)).toEqual(['storyCaption']);
  });

  it('refuses a file it cannot plan', () => {
    expect(() => planBulkRows('at,media\n')).toThrow(BulkFileError);
    expect(() => planBulkRows('at,media,accounts\n')).toThrow(
      expect.objectContaining({ problem: { code: 'noRows' } }),
    );
  });
});
