import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planRows } from './commands/posts-bulk';

const dir = mkdtempSync(join(tmpdir(), 'reelay-bulk-rules-'));
for (const name of ['a.jpg', 'b.jpg', 'clip.mp4']) writeFileSync(join(dir, name), 'x');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = Date.parse('2026-11-20T12:00:00Z');
const problemsOf = (row: string) =>
  planRows(`at,media,accounts,kind,caption,first_comment\n${row}\n`, {
    baseDir: dir,
    now: NOW,
  })[0]!.problems.join(' | ');

describe('posts bulk checks each row with the server composition rules', () => {
  it('accepts rows the server accepts', () => {
    expect(problemsOf('2026-12-01T10:00Z,a.jpg,@cafe,,Oi,Primeiro')).toBe('');
    expect(problemsOf('2026-12-01T10:00Z,a.jpg|clip.mp4,@cafe,carousel,Oi,')).toBe('');
    expect(problemsOf('2026-12-01T10:00Z,clip.mp4,@cafe,reel,Oi,')).toBe('');
    expect(problemsOf('2026-12-01T10:00Z,med_01jd8k2m3n4p5q6r7s8t9v0wxy,@cafe,reel,,')).toBe('');
  });

  it('refuses a first comment on a Story, as the server does', () => {
    expect(problemsOf('2026-12-01T10:00Z,a.jpg,@cafe,story,,Oi')).toContain(
      'Stories não aceitam comentários',
    );
  });

  it('refuses a caption on a Story and more than one medium', () => {
    expect(problemsOf('2026-12-01T10:00Z,a.jpg,@cafe,story,Oi,')).toContain(
      'Stories não têm legenda',
    );
    expect(problemsOf('2026-12-01T10:00Z,a.jpg|b.jpg,@cafe,story,,')).toContain(
      'um Story leva exatamente 1 mídia; recebidas 2',
    );
  });

  it('refuses a carousel of one medium and a post of eleven', () => {
    expect(problemsOf('2026-12-01T10:00Z,a.jpg,@cafe,carousel,,')).toContain(
      'um carrossel leva de 2 a 10 mídias',
    );
    expect(problemsOf(`2026-12-01T10:00Z,${Array(11).fill('a.jpg').join('|')},@cafe,,,`)).toContain(
      'um post leva no máximo 10 mídias; recebidas 11',
    );
  });

  it('refuses media whose file type does not fit the kind', () => {
    expect(problemsOf('2026-12-01T10:00Z,clip.mp4,@cafe,feed,Oi,')).toContain(
      'um vídeo único é publicado como Reel',
    );
    expect(problemsOf('2026-12-01T10:00Z,a.jpg,@cafe,reel,Oi,')).toContain(
      'um Reel exige um vídeo',
    );
  });
});
