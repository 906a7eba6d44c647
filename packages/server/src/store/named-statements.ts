/**
 * PostgreSQL connections that run the hot statements as named prepared statements: a
 * text compiled by `prepared-queries.ts` is parsed and planned once per connection,
 * then only bound and run. Every other query goes through as Kysely sent it.
 */
import type pg from 'pg';
import { renameStatement, statementName, type DirectRunner } from './prepared-queries';

/** PostgreSQL's code for a cached plan whose result no longer fits its tables. */
const STALE_PLAN = '0A000';

/**
 * Runs a named text on a client (or the pool). When another instance altered a table
 * since the connection prepared the text, the text gets a new name, prepared afresh:
 * outside a transaction the query runs again under it; inside one, the error has aborted
 * the transaction, which fails as on any other error (and is retried as such).
 */
function runNamed(
  on: pg.ClientBase | pg.Pool,
  name: string,
  text: string,
  values: unknown[] | undefined,
): Promise<pg.QueryResult> {
  return on.query({ name, text, values }).catch((error: unknown) => {
    if ((error as { code?: string }).code !== STALE_PLAN) throw error;
    renameStatement(text);
    // The pool's query never runs inside a transaction.
    if ('getTransactionStatus' in on && on.getTransactionStatus() !== 'I') throw error;
    return on.query({ name: statementName(text), text, values });
  });
}

/** A pooled client as Kysely's PostgreSQL driver uses it: `query` and `release`. */
class NamingClient {
  constructor(private readonly client: pg.PoolClient) {}

  query(text: unknown, values?: unknown[]): Promise<pg.QueryResult> {
    const name = typeof text === 'string' ? statementName(text) : undefined;
    if (name === undefined) return this.client.query(text as string, values);
    return runNamed(this.client, name, text as string, values);
  }

  release(destroy?: boolean | Error): void {
    this.client.release(destroy);
  }
}

/**
 * The pool as Kysely's `PostgresDialect` takes it, each client handing named texts to
 * PostgreSQL as prepared statements.
 *
 * @example
 * ```ts
 * const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) });
 * ```
 */
export function namingStatements(pool: pg.Pool) {
  return {
    connect: async () => new NamingClient(await pool.connect()),
    end: () => pool.end(),
    get options() {
      return pool.options;
    },
    // Kysely makes its control client (to cancel a query) from the pool's class.
    get Client() {
      return (pool as pg.Pool & { Client: unknown }).Client;
    },
  };
}

/**
 * Prepared queries outside a transaction straight on the pool, as named statements:
 * no Kysely connection handling around a statement every request runs.
 *
 * @example
 * ```ts
 * registerDirectRunner(db, poolRunner(pool));
 * ```
 */
export function poolRunner(pool: pg.Pool): DirectRunner {
  const run = (text: string, values: unknown[]) => {
    const name = statementName(text);
    return name === undefined ? pool.query(text, values) : runNamed(pool, name, text, values);
  };
  return {
    read: async (text, values) => (await run(text, values)).rows,
    write: async (text, values) => {
      const result = await run(text, values);
      return { rows: result.rows, changed: result.rowCount ?? 0 };
    },
  };
}
