import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    const table = parseCsv('at,caption\r\n+2h,"Olá, ""mundo""\nsegunda linha"\n+3h,simples\n');
    expect(table.header).toEqual(['at', 'caption']);
    expect(table.records).toEqual([
      { line: 2, fields: ['+2h', 'Olá, "mundo"\nsegunda linha'] },
      { line: 4, fields: ['+3h', 'simples'] },
    ]);
  });

  it('takes ; as the delimiter when the header uses it, as spreadsheets in Portuguese save', () => {
    const table = parseCsv('\uFEFFat;caption;media\n+2h;Bom dia, gente;a.jpg\n');
    expect(table.delimiter).toBe(';');
    expect(table.records[0]!.fields).toEqual(['+2h', 'Bom dia, gente', 'a.jpg']);
  });

  it('skips blank lines and keeps empty fields', () => {
    const table = parseCsv('a,b,c\n\n1,,3\n\n');
    expect(table.records).toEqual([{ line: 3, fields: ['1', '', '3'] }]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"aberta\n2,3\n')).toThrow(expect.objectContaining({ line: 2 }));
  });
});
