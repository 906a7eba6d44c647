/**
 * Queries built once. A hot statement (the key of every request, the list pages, the
 * writes of a publication) is written as an ordinary Kysely query, but it is built and
 * compiled only the first time each shape of it runs on a dialect; later calls bind their
 * values to the compiled SQL. Building and compiling a query cost more than running a
 * small indexed SQLite query, and a publication runs some twenty of them.
 *
 * The shape of a query is its name, plus which of its values are absent (`undefined`),
 * `null`, or lists of which length: the SQL may differ with those, never with the values
 * themselves. Anything else the query builder reads that changes the SQL (a sort
 * direction, the columns an update sets) belongs in the name. A name belongs to one call
 * site, which always names its values in the same order.
 *
 * Compiled SQL is kept per dialect adapter, which a database shares with its
 * transactions, so a query inside a transaction is compiled once too and runs on the
 * transaction's connection. On PostgreSQL each compiled text also becomes a named
 * prepared statement ({@link statementName}): the server parses and plans it once per
 * connection. Outside a transaction a query runs on the driver directly
 * (`registerDirectRunner`): on PostgreSQL on any pooled connection; on SQLite only a
 * read, and only while no transaction is open on the one connection (otherwise it waits
 * its turn through Kysely like any query, so a read never sees another request's
 * uncommitted writes, and a write never joins another request's transaction).
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Db } from './schema';

const SLOT = Symbol('prepared value');

/** Stands in for a value while the query is compiled; its position in the flat values. */
interface Slot {
  readonly [SLOT]: number;
}

function slot(index: number): Slot {
  return {
    [SLOT]: index,
    // A value used by JavaScript (not handed to the query) would be baked into the SQL.
    [Symbol.toPrimitive]() {
      throw new Error('um valor de consulta preparada foi usado fora da consulta');
    },
  } as Slot;
}

const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

/** Values by name; a list stands for as many values as it has items (`in (…)`). */
type Values = Record<string, unknown>;

interface Template {
  sql: string;
  /** Constants the builder wrote itself, kept; -1 in `slots` marks them. */
  parameters: readonly unknown[];
  /**
   * For each parameter, the index of the flat value it takes, -1, or the indexes of a
   * list bound as one array parameter (`= any($1)` on PostgreSQL).
   */
  slots: ReadonlyArray<number | readonly number[]>;
}

/**
 * Runs compiled SQL straight on the driver, outside any transaction, without Kysely's
 * connection handling around it: `read` answers `undefined` when the read must wait its
 * turn after all (SQLite with a transaction open on its one connection); `write` is
 * given only where any connection may take a write at any time (a pool, PostgreSQL).
 */
export interface DirectRunner {
  read(sql: string, parameters: unknown[]): unknown[] | Promise<unknown[]> | undefined;
  write?(sql: string, parameters: unknown[]): Promise<{ rows: unknown[]; changed: number }>;
}

/** What a database's driver does beyond running SQL, for the queries compiled here. */
export interface DriverTraits {
  /** Binds a list as one array parameter (`= any($1)`). */
  readonly arrayParameters: boolean;
  /** Runs a text named by {@link statementName} as a named prepared statement. */
  readonly namedStatements: boolean;
}

const directRunners = new WeakMap<object, DirectRunner>();
/** Traits by dialect adapter, so a transaction finds its database's. */
const driverTraits = new WeakMap<object, DriverTraits>();
/** Compiled shapes by dialect adapter: one per database, shared by its transactions. */
const templates = new WeakMap<object, Map<string, Template>>();
/** Shapes differ by list lengths at most; a bound keeps a misuse from growing forever. */
const MAX_SHAPES = 500;

/**
 * Lets prepared queries on this database (not its transactions) run on the driver
 * directly, and says what the driver does beyond running SQL.
 *
 * @example
 * ```ts
 * registerDirectRunner(db, {
 *   read: (sql, parameters) => (sqlite.inTransaction ? undefined : sqlite.prepare(sql).all(parameters)),
 * }, { arrayParameters: false, namedStatements: false });
 * ```
 */
export function registerDirectRunner(
  db: Kysely<any>,
  runner: DirectRunner,
  traits: DriverTraits,
): void {
  directRunners.set(db, runner);
  driverTraits.set(db.getExecutor().adapter, traits);
}

/** Statement names by compiled text; a process names each text once, for every pool. */
const statementNames = new Map<string, string>();
/** Distinct texts named at most: beyond, statements run unnamed (parsed each time). */
const MAX_NAMED = 2_000;
let nextStatement = 0;

/**
 * The prepared-statement name of a text compiled here, or `undefined` for any other
 * query. The PostgreSQL pool runs a named text as a named statement (database.ts).
 *
 * @example
 * ```ts
 * const name = statementName(sql);
 * await client.query(name ? { name, text: sql, values } : { text: sql, values });
 * ```
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * Gives a text a new name: its statement prepared on the connections no longer fits the
 * tables (another instance altered them, and PostgreSQL refuses a cached plan whose
 * result changed), so the next run prepares it afresh under the new name.
 *
 * @example
 * ```ts
 * if (error.code === '0A000') renameStatement(sql);
 * ```
 */
export function renameStatement(sql: string): void {
  if (statementNames.has(sql)) statementNames.set(sql, `reelay_${++nextStatement}`);
}

function nameStatement(db: Db, sql: string): void {
  if (statementNames.has(sql) || statementNames.size >= MAX_NAMED) return;
  if (driverTraits.get(db.getExecutor().adapter)?.namedStatements)
    statementNames.set(sql, `reelay_${++nextStatement}`);
}

/**
 * Whether the database's driver binds a list as one array parameter: a query may then
 * match a list with `= any($1)`, one statement for every length, instead of `in (…)`.
 *
 * @example
 * ```ts
 * const match = bindsArrays(db) ? sql`= any(${ids})` : sql`in (${sql.join(ids)})`;
 * ```
 */
export function bindsArrays(db: Db): boolean {
  return driverTraits.get(db.getExecutor().adapter)?.arrayParameters ?? false;
}

/** The shape of a call and its values in order. */
function flatten(name: string, values: object): { shape: string; flat: unknown[] } {
  // One letter per value (a list: its length), after the name: short, built on each call.
  let shape = `${name}|`;
  const flat: unknown[] = [];
  for (const key in values) {
    const value = (values as Values)[key];
    if (value === undefined) shape += 'u';
    else if (value === null) shape += 'n';
    else if (Array.isArray(value)) {
      shape += `${value.length},`;
      for (const item of value) flat.push(item);
    } else {
      shape += 'v';
      flat.push(value);
    }
  }
  return { shape, flat };
}

/** Each present value replaced by its stand-in, typed as the value for the builder. */
function slotted<V extends object>(values: V): V {
  let next = 0;
  const result: Values = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) result[key] = value;
    else if (Array.isArray(value)) result[key] = value.map(() => slot(next++));
    else result[key] = slot(next++);
  }
  return result as V;
}

function compileTemplate(query: Compilable<unknown>): Template {
  const compiled = query.compile();
  const slots = compiled.parameters.map((parameter) => {
    if (isSlot(parameter)) return parameter[SLOT];
    if (Array.isArray(parameter) && parameter.some(isSlot)) {
      if (!parameter.every(isSlot)) {
        throw new Error('uma lista de valores preparados não pode misturar constantes');
      }
      return parameter.map((item: Slot) => item[SLOT]);
    }
    return -1;
  });
  return { sql: compiled.sql, parameters: compiled.parameters, slots };
}

/** The compiled SQL of a call's shape, and the call's values bound to it. */
function bind<V extends object>(
  db: Db,
  name: string,
  values: V,
  build: (values: V) => Compilable<unknown>,
): { sql: string; parameters: unknown[] } {
  const { shape, flat } = flatten(name, values);
  const adapter = db.getExecutor().adapter;
  let shapes = templates.get(adapter);
  if (!shapes) templates.set(adapter, (shapes = new Map()));
  let template = shapes.get(shape);
  if (!template) {
    template = compileTemplate(build(slotted(values)));
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(shape, template);
    nameStatement(db, template.sql);
  }
  const { slots } = template;
  const parameters = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const index = slots[i]!;
    parameters[i] =
      typeof index === 'number'
        ? index === -1
          ? template.parameters[i]
          : flat[index]
        : index.map((item) => flat[item]);
  }
  return { sql: template.sql, parameters };
}

/**
 * The rows of a read, compiled once per shape and dialect.
 *
 * @example
 * ```ts
 * const [key] = await preparedRows(db, 'api-key-by-hash', { hash }, (v) =>
 *   db.selectFrom('api_keys').selectAll().where('key_hash', '=', v.hash).where('revoked_at', 'is', null),
 * );
 * ```
 */
export async function preparedRows<Row, V extends object>(
  db: Db,
  name: string,
  values: V,
  build: (values: V) => Compilable<Row>,
): Promise<Row[]> {
  const { sql, parameters } = bind(db, name, values, build);
  const rows = db.isTransaction ? undefined : directRunners.get(db)?.read(sql, parameters);
  if (rows) return (await rows) as Row[];
  return (await db.executeQuery(CompiledQuery.raw(sql, parameters))).rows as Row[];
}

/**
 * Runs a write compiled once per shape and dialect, in its turn (in the caller's
 * transaction when `db` is one); answers the rows it returned and how many it changed.
 *
 * @example
 * ```ts
 * const { changed } = await preparedWrite(trx, 'post-outcome', { id, status }, (v) =>
 *   trx.updateTable('posts').set({ status: v.status }).where('id', '=', v.id),
 * );
 * ```
 */
export async function preparedWrite<Row, V extends object>(
  db: Db,
  name: string,
  values: V,
  build: (values: V) => Compilable<Row>,
): Promise<{ rows: Row[]; changed: number }> {
  const { sql, parameters } = bind(db, name, values, build);
  const direct = db.isTransaction ? undefined : directRunners.get(db)?.write;
  if (direct) return (await direct(sql, parameters)) as { rows: Row[]; changed: number };
  const result = await db.executeQuery(CompiledQuery.raw(sql, parameters));
  return { rows: result.rows as Row[], changed: Number(result.numAffectedRows ?? 0) };
}
