import { describe, expect, it } from 'vitest';
import { storeFaultOf } from './store-faults';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the faults of a store', () => {
  it.each([
    ['SQLite out of room', withCode('database or disk is full', 'SQLITE_FULL'), 'full'],
    ['a file write on a full disk', withCode('ENOSPC: no space left on device', 'ENOSPC'), 'full'],
    ['a user over quota', withCode('EDQUOT: disk quota exceeded', 'EDQUOT'), 'full'],
    ['PostgreSQL out of disk', withCode('could not extend file', '53100'), 'full'],
    [
      'a backend terminated',
      withCode('terminating connection due to administrator command', '57P01'),
      'unavailable',
    ],
    [
      'PostgreSQL starting up',
      withCode('the database system is starting up', '57P03'),
      'unavailable',
    ],
    ['a connection exception', withCode('connection failure', '08006'), 'unavailable'],
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      'unavailable',
    ],
    ['a connection that ended', new Error('Connection terminated unexpectedly'), 'unavailable'],
    [
      'a pool that waited too long',
      new Error('timeout exceeded when trying to connect'),
      'unavailable',
    ],
    [
      'a client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
      'unavailable',
    ],
    ['SQLite locked past its wait', withCode('database is locked', 'SQLITE_BUSY'), 'unavailable'],
    [
      'SQLite failing to read its file',
      withCode('disk I/O error', 'SQLITE_IOERR_READ'),
      'unavailable',
    ],
  ])('knows %s', (_, error, fault) => {
    expect(storeFaultOf(error)).toBe(fault);
  });

  it('looks through causes', () => {
    const wrapped = new Error('migração falhou', {
      cause: withCode('database or disk is full', 'SQLITE_FULL'),
    });
    expect(storeFaultOf(wrapped)).toBe('full');
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint', withCode('duplicate key value violates unique constraint', '23505')],
    [
      'a SQLite constraint',
      withCode('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'),
    ],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    // A platform or webhook call that failed: fetch wraps the socket error.
    [
      'a fetch refused',
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['nothing at all', undefined],
    ['a string', 'database or disk is full'],
  ])('takes %s for no fault', (_, error) => {
    expect(storeFaultOf(error)).toBeNull();
  });
});
