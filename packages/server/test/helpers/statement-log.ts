/**
 * Records the SQL text of every statement either driver runs while recording is on, in
 * order: better-sqlite3's statements and pg's client queries, patched once per test file.
 * For tests that hold the database work of a path to a count or a shape.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

const statements: string[] = [];
let recording = false;
let patched = false;

function patchSqlite(): void {
  const probe = new SqliteDatabase(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = prototype[method]!;
    prototype[method] = function (this: { source: string }, ...args: unknown[]) {
      if (recording) statements.push(this.source);
      return original.apply(this, args);
    };
  }
}

function patchPostgres(): void {
  const prototype = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [query] = args;
    if (recording) {
      statements.push(typeof query === 'string' ? query : (query as { text: string }).text);
    }
    return original.apply(this, args);
  };
}

/**
 * The statement log of this test file.
 *
 * @example
 * ```ts
 * const log = statementLog();
 * log.start();
 * await worker.drain();
 * const texts = log.stop();
 * ```
 */
export function statementLog() {
  if (!patched) {
    patchSqlite();
    patchPostgres();
    patched = true;
  }
  return {
    /** Clears the log and records from now on. */
    start(): void {
      statements.length = 0;
      recording = true;
    },
    /** Stops recording; answers what was recorded. */
    stop(): string[] {
      recording = false;
      return [...statements];
    },
    /** What was recorded so far. */
    get statements(): readonly string[] {
      return statements;
    },
  };
}
