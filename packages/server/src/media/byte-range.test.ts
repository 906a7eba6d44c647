import { describe, expect, it } from 'vitest';
import { rangeOf } from './byte-range';

describe('rangeOf', () => {
  it('serves the whole file without a Range header', () => {
    expect(rangeOf(undefined, 1000)).toEqual({ kind: 'full' });
  });

  it('serves one closed, open-ended or suffix range', () => {
    expect(rangeOf('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(rangeOf('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(rangeOf('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(rangeOf('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('cuts a range that runs past the end', () => {
    expect(rangeOf('bytes=990-5000', 1000)).toEqual({ kind: 'partial', start: 990, end: 999 });
  });

  it('answers unsatisfiable for a start past the end or an empty suffix', () => {
    expect(rangeOf('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: several ranges, other units, bad syntax', () => {
    for (const header of ['bytes=0-1,5-9', 'items=0-1', 'bytes=abc', 'bytes=9-1', 'bytes=-']) {
      expect(rangeOf(header, 1000), header).toEqual({ kind: 'full' });
    }
  });
});
