/**
 * Reads built once. A hot read (the key of every request, the list pages) is written as
 * an ordinary Kysely query, but it is built and compiled only the first time each shape
 * of it runs on a database; later calls bind their values to the compiled SQL. Building
 * and compiling a query cost more than running a small indexed SQLite query.
 *
 * The shape of a read is its name, plus which of its values are absent (`undefined`),
 * `null`, or lists of which length: the SQL may differ with those, never with the values
 * themselves. Anything else the query builder reads that changes the SQL (a sort
 * direction) belongs in the name. A name belongs to one call site, which always names
 * its values in the same order.
 *
 * On SQLite the compiled statement runs on the connection at once, unless a transaction
 * is open on it: then it waits its turn through Kysely like any query, so a read never
 * sees another request's uncommitted writes. Inside a transaction the query is built as
 * usual and runs in it.
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
  /** For each parameter, the index of the flat value it takes, or -1. */
  slots: readonly number[];
}

/** Runs a compiled read at once, or answers `undefined` when it must wait its turn. */
export type DirectReader = (sql: string, parameters: unknown[]) => unknown[] | undefined;

const directReaders = new WeakMap<object, DirectReader>();
const templates = new WeakMap<object, Map<string, Template>>();
/** Shapes differ by list lengths at most; a bound keeps a misuse from growing forever. */
const MAX_SHAPES = 500;

/**
 * Lets prepared reads on this database run on its connection directly (SQLite).
 *
 * @example
 * ```ts
 * registerDirectReader(db, (sql, parameters) =>
 *   sqlite.inTransaction ? undefined : sqlite.prepare(sql).all(parameters));
 * ```
 */
export function registerDirectReader(db: Kysely<any>, reader: DirectReader): void {
  directReaders.set(db, reader);
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
      throw new Error('uma lista de valores preparados só pode ser usada em `in (…)`');
    }
    return -1;
  });
  return { sql: compiled.sql, parameters: compiled.parameters, slots };
}

/**
 * The rows of a read, compiled once per shape and database.
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
  if (db.isTransaction) return (await db.executeQuery(build(values))).rows;
  const { shape, flat } = flatten(name, values);
  let shapes = templates.get(db);
  if (!shapes) templates.set(db, (shapes = new Map()));
  let template = shapes.get(shape);
  if (!template) {
    template = compileTemplate(build(slotted(values)));
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(shape, template);
  }
  const { slots } = template;
  const parameters = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const index = slots[i]!;
    parameters[i] = index === -1 ? template.parameters[i] : flat[index];
  }
  const rows = directReaders.get(db)?.(template.sql, parameters);
  if (rows) return rows as Row[];
  return (await db.executeQuery(CompiledQuery.raw(template.sql, parameters))).rows as Row[];
}
