/**
 * Opens the database named by the configuration: SQLite (WAL) by default, PostgreSQL for
 * `postgres://` URLs. One migration set and one repository layer serve both.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DatabaseSettings } from '../config';
import { MIGRATIONS } from './migrations';
import { namingStatements, poolRunner } from './named-statements';
import { registerDirectRunner } from './prepared-queries';
import type { Database } from './schema';

type Dialect = DatabaseSettings['dialect'];

/**
 * What the database engine allows, named by use. Code that differs between engines asks
 * these, never the engine's name, so each difference is decided here once.
 */
export interface StoreCapabilities {
  /**
   * `SELECT … FOR UPDATE / FOR SHARE` holds rows until the transaction ends. Without it
   * (SQLite) a write transaction already excludes every other writer, so no lock is needed.
   */
  readonly rowLocks: boolean;
  /** `FOR UPDATE SKIP LOCKED`: claimers pass over rows another transaction holds. */
  readonly skipLocked: boolean;
  /**
   * Data-modifying `WITH`: several writes in one statement, one round trip. Where a
   * statement costs no round trip (SQLite, in process) separate statements do as well.
   */
  readonly writingCtes: boolean;
  /**
   * Several instances may share this database, so counters kept in it (rate limits) are
   * the ones every instance sees; a single-instance database keeps them in memory.
   */
  readonly sharedRateLimits: boolean;
  /**
   * Several server instances may share this database (a server on its network), so what
   * each instance keeps on its own disk is not seen by the others. A SQLite file serves
   * one instance.
   */
  readonly sharedByInstances: boolean;
}

const CAPABILITIES: Record<Dialect, StoreCapabilities> = {
  sqlite: {
    rowLocks: false,
    skipLocked: false,
    writingCtes: false,
    sharedRateLimits: false,
    sharedByInstances: false,
  },
  postgres: {
    rowLocks: true,
    skipLocked: true,
    writingCtes: true,
    sharedRateLimits: true,
    sharedByInstances: true,
  },
};

export interface Store {
  readonly db: Kysely<Database>;
  /** What this database allows; see {@link StoreCapabilities}. */
  readonly capabilities: StoreCapabilities;
  close(): Promise<void>;
}

/** How long a query waits for a PostgreSQL connection before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

// PostgreSQL answers BIGINT and COUNT(*) as strings; every bigint here is a millisecond
// time or a count, far below 2^53, so numbers are safe and match SQLite.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
};

/**
 * SQLite runs DDL inside transactions, though Kysely's adapter does not claim it; saying
 * so makes every migration and its record commit together, so a failed upgrade leaves
 * the database as it was.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * SQLite ends a transaction itself when a statement fails for want of room (`SQLITE_FULL`)
 * or of memory; Kysely's `rollback` then fails with "cannot rollback - no transaction is
 * active", and that error replaces the real one. A rollback with no transaction open is
 * skipped, so the failure that ended the transaction is the one reported.
 */
class RollbackOnlyOpenDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ReelaySqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new RollbackOnlyOpenDriver(this.config, this.sqlite);
  }
}

/**
 * Wraps a SQLite connection so each distinct SQL text is prepared once. Kysely prepares
 * every query it runs, and preparing costs more than running a small indexed query; the
 * queries of a server are a small fixed set, so a bounded cache keeps them all. The
 * cache's `prepare` is also handed out alone, for prepared queries to call directly.
 */
function cachingStatements(
  sqlite: SqliteDatabase.Database,
  capacity = 1000,
): { connection: SqliteDatabase.Database; prepare(sql: string): SqliteDatabase.Statement } {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepareOnce = sqlite.prepare.bind(sqlite);
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepareOnce(sql);
      if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
  const connection = new Proxy(sqlite, {
    get: (target, property, receiver) =>
      property === 'prepare' ? prepare : Reflect.get(target, property, receiver),
  });
  return { connection, prepare };
}

/**
 * Opens a store. The caller runs {@link migrateToLatest} before use.
 *
 * @example
 * ```ts
 * const store = openStore({ dialect: 'sqlite', filename: './data/reelay.db' });
 * await migrateToLatest(store);
 * ```
 */
export function openStore(
  settings: DatabaseSettings,
  options: { poolSize?: number; onConnectionError?: (error: Error) => void } = {},
): Store {
  if (settings.dialect === 'sqlite') {
    if (settings.filename !== ':memory:')
      mkdirSync(dirname(settings.filename), { recursive: true });
    const sqlite = new SqliteDatabase(settings.filename);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL is durable against process crashes under WAL; only an OS crash may lose the
    // last transactions, which the pipeline tolerates by re-reading platform state.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const { connection, prepare } = cachingStatements(sqlite);
    const db = new Kysely<Database>({
      dialect: new ReelaySqliteDialect({ database: connection }, sqlite),
    });
    // Outside a transaction a read sees only committed rows, so it need not queue.
    registerDirectRunner(
      db,
      {
        read: (text, parameters) =>
          sqlite.inTransaction ? undefined : (prepare(text).all(parameters) as unknown[]),
      },
      { arrayParameters: false, namedStatements: false },
    );
    return { db, capabilities: CAPABILITIES.sqlite, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: options.poolSize ?? 10,
    types: pgTypes,
    // While the database is down, a query waits at most this long for a connection and
    // fails (the caller answers 503 and retries), instead of queueing without end.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose peer vanished without closing it (a host gone, a network cut)
    // is found out by TCP keepalives rather than never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection can be cut off at any moment (a database restart, a failover, an
  // administrator's pg_terminate_backend). pg then emits 'error' on the connection's
  // client, and an 'error' event nobody listens to ends the process. The pool listens
  // only while a client sits idle, not while a query or a transaction holds it, so every
  // client gets a listener of its own for its whole life. The query that was running
  // fails on its own; the pool drops the broken client when it is released.
  let closing = false;
  const report = (error: Error) => {
    if (!closing) options.onConnectionError?.(error);
  };
  pool.on('connect', (client) => client.on('error', report));
  // An idle client's error reaches the pool too: it was reported by the client already.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: namingStatements(pool) as unknown as pg.Pool }),
  });
  registerDirectRunner(db, poolRunner(pool), { arrayParameters: true, namedStatements: true });
  return {
    db,
    capabilities: CAPABILITIES.postgres,
    close: () => {
      closing = true;
      return db.destroy();
    },
  };
}

/**
 * Runs every pending migration, all in one transaction (on SQLite too, see
 * {@link TransactionalDdlSqliteAdapter}), so a failure leaves the database as it was.
 * Safe when several instances start at once: Kysely holds a migration lock. A database
 * holding a migration this version does not list (a newer version migrated it) is
 * refused.
 *
 * @example
 * ```ts
 * await migrateToLatest(store);
 * ```
 */
export async function migrateToLatest(store: Store): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = UNKNOWN_MIGRATION.exec(message)?.[1];
    if (unknown) {
      // A newer version migrated this database: running on it would misread its rows.
      throw new Error(
        `o banco de dados foi migrado por uma versão mais nova do Reelay (migração ${unknown}, desconhecida desta versão); inicie a versão mais nova ou restaure o backup feito antes da atualização`,
        { cause: error },
      );
    }
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`migração ${failed ? `${failed} ` : ''}falhou: ${message}`, { cause: error });
  }
}

/** Kysely's refusal of a database holding a migration this version does not list. */
const UNKNOWN_MIGRATION = /previously executed migration (\S+) is missing/;
