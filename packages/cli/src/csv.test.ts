import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

// The reading itself is core's (packages/core/src/bulk/csv.test.ts); the CLI words its error.
describe('parseCsv in the CLI', () => {
  it('reads as core does', () => {
    expect(parseCsv('at,caption\n+2h,"Olá, mundo"\n').records).toEqual([
      { line: 2, fields: ['+2h', 'Olá, mundo'] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line in the CLI language', () => {
    expect(() => parseCsv('a,b\n1,"aberta\n2,3\n')).toThrow(/linha 2/);
  });
});
