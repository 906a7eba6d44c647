/**
 * Which failures of the database (or of the disk under it) are faults of the
 * infrastructure rather than of the request or the code: the database went away, or there
 * is no room left to write. Both pass by themselves, so callers answer 503 and retry
 * later instead of failing work for good. The error texts and codes of both databases
 * (and of Node's file system) are read here once.
 */

/**
 * - `unavailable`: the database cannot be reached or dropped the connection (a restart,
 *   a failover, an administrator ending sessions, a network cut).
 * - `full`: the database or the disk under it has no room left to write.
 */
export type StoreFault = 'unavailable' | 'full';

// PostgreSQL SQLSTATEs (appendix A): class 08 is "connection exception"; these others end
// sessions or refuse them while the server shuts down, starts or is overloaded.
const POSTGRES_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);
const POSTGRES_FULL = new Set([
  '53100', // disk_full
  '53200', // out_of_memory
]);
// Node's socket errors on a connection to the database. `pg` rejects with them as they
// are, while fetch wraps them in a `TypeError('fetch failed')`: only an error that is one
// itself counts, so a platform or webhook call that failed is never taken for the database.
const SOCKET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// `pg` reports a lost or unusable connection with plain errors, known by their text.
const PG_CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];
// better-sqlite3 sets the extended result code (SQLITE_FULL, SQLITE_IOERR_WRITE, …).
const SQLITE_FULL = new Set(['SQLITE_FULL']);
const SQLITE_UNAVAILABLE = /^SQLITE_(IOERR|CANTOPEN|BUSY|LOCKED|READONLY_DBMOVED)/;
// The file system (uploads on local storage, the SQLite file's folder).
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

function faultOfOne(error: unknown, outermost: boolean): StoreFault | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SQLITE_FULL.has(code) || DISK_FULL.has(code) || POSTGRES_FULL.has(code)) return 'full';
    if (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.has(code)) return 'unavailable';
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    if (outermost && SOCKET_UNAVAILABLE.has(code)) return 'unavailable';
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && PG_CONNECTION_TEXTS.some((text) => message.includes(text))) {
    return 'unavailable';
  }
  return null;
}

/**
 * The fault behind an error, looking through its `cause` chain and inside an
 * `AggregateError` (a connection attempt to every address of a host); `null` for an
 * error that is not one.
 *
 * @example
 * ```ts
 * storeFaultOf(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })); // 'full'
 * storeFaultOf(new Error('Connection terminated unexpectedly')); // 'unavailable'
 * storeFaultOf(new TypeError('x is undefined')); // null
 * ```
 */
export function storeFaultOf(error: unknown): StoreFault | null {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    const fault = faultOfOne(current, current === error);
    if (fault) return fault;
    if (current instanceof AggregateError) pending.push(...current.errors);
    if (typeof current === 'object') pending.push((current as { cause?: unknown }).cause);
  }
  return null;
}
