/**
 * PostgreSQL connections that run the hot statements as named prepared statements: a
 * text compiled by `prepared-queries.ts` is parsed and planned once per connection,
 * then only bound and run. Every other query goes through as Kysely sent it.
 */
import type pg from 'pg';
import { renameStatement, statementName } from './prepared-queries';

/** PostgreSQL's code for a cached plan whose result no longer fits its tables. */
const STALE_PLAN = '0A000';

/** The part of a pooled client Kysely's PostgreSQL driver uses. */
interface KyselyClient {
  query(text: unknown, values?: unknown[]): Promise<pg.QueryResult>;
  release(destroy?: boolean | Error): void;
}

function namedClient(client: pg.PoolClient): KyselyClient {
  return {
    query(text, values) {
      const name = typeof text === 'string' ? statementName(text) : undefined;
      if (name === undefined) return client.query(text as string, values);
      return client.query({ name, text: text as string, values }).catch((error: unknown) => {
        if ((error as { code?: string }).code !== STALE_PLAN) throw error;
        // Another instance altered a table since this connection prepared the text: the
        // text gets a new name, prepared afresh. Outside a transaction the query runs
        // again under it; inside one, the error has aborted the transaction, which
        // fails as on any other error (and is retried as such).
        renameStatement(text as string);
        if (client.getTransactionStatus() !== 'I') throw error;
        return client.query({ name: statementName(text as string), text: text as string, values });
      });
    },
    release: (destroy) => client.release(destroy),
  };
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
    connect: async () => namedClient(await pool.connect()),
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
