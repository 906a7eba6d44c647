import type { Request } from 'polka';
import { describe, expect, it } from 'vitest';
import { listIntegrationsQuerySchema, listPostsQuerySchema } from '@reelay/core';
import { queryReader } from '../src/http/route-input';

/** A request as Polka hands it over: the raw query string and its parsed pairs. */
function request(search: string): Request {
  return {
    search,
    query: Object.fromEntries(new URLSearchParams(search.slice(1))),
  } as unknown as Request;
}

describe('queryReader', () => {
  it('parses the same query string the same way every time, each caller with its own copy', () => {
    const read = queryReader(listIntegrationsQuerySchema);
    const first = read(request('?limit=5&sort=asc'));
    expect(first).toEqual({ limit: 5, offset: 0, sort: 'asc' });
    first.limit = 99;
    const second = read(request('?limit=5&sort=asc'));
    expect(second).toEqual({ limit: 5, offset: 0, sort: 'asc' });
    second.offset = 7;
    expect(read(request('?limit=5&sort=asc'))).toEqual({ limit: 5, offset: 0, sort: 'asc' });
    expect(read(request(''))).toEqual({ limit: 20, offset: 0, sort: 'desc' });
  });

  it('refuses a bad query string every time it comes', () => {
    const read = queryReader(listIntegrationsQuerySchema);
    for (let i = 0; i < 2; i++) {
      expect(() => read(request('?limit=0'))).toThrow(
        expect.objectContaining({ code: 'VALIDATION_ERROR' }),
      );
    }
  });

  it('never hands the same date object to two callers', () => {
    const read = queryReader(listPostsQuerySchema);
    const search = '?from=2026-11-01T00:00:00Z';
    const first = read(request(search)) as { from: Date };
    first.from.setTime(0);
    const second = read(request(search)) as { from: Date };
    expect(second.from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
