/**
 * Every row of every table of a server's database, as the database itself lists its
 * tables and columns (sqlite_master, information_schema through Kysely's introspection):
 * checks built on it cover a table added later without being told about it.
 */
import { sql, type Kysely } from 'kysely';

export interface TableRows {
  table: string;
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/**
 * Reads every table but Kysely's own migration bookkeeping.
 *
 * @example
 * ```ts
 * const tables = await readAllTables(server.reelay.context.db);
 * ```
 */
export async function readAllTables(db: Kysely<any>): Promise<TableRows[]> {
  const tables: TableRows[] = [];
  for (const table of await db.introspection.getTables()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(
      table.name,
    )}`.execute(db);
    tables.push({ table: table.name, columns: table.columns.map((c) => c.name), rows });
  }
  return tables.sort((a, b) => a.table.localeCompare(b.table));
}

/** Columns that hold the id of another row, by the schema's naming (`user_id`, `owner_id`…). */
export const isReferenceColumn = (column: string) => column.endsWith('_id');

/**
 * The ids of a user's graph: the user, then every row (with an `id`) whose reference
 * columns name an id already found, until nothing new is found.
 *
 * @example
 * ```ts
 * const ids = idsReachedFrom(await readAllTables(db), userId);
 * ```
 */
export function idsReachedFrom(tables: readonly TableRows[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { columns, rows } of tables) {
      if (!columns.includes('id')) continue;
      const references = columns.filter(isReferenceColumn);
      for (const row of rows) {
        const id = String(row.id);
        if (ids.has(id)) continue;
        if (references.some((column) => ids.has(String(row[column])))) {
          ids.add(id);
          grew = true;
        }
      }
    }
  }
  return ids;
}

/**
 * `table.column` of every reference column holding one of the ids, with how many rows.
 *
 * @example
 * ```ts
 * expect(referencesTo(await readAllTables(db), erasedIds)).toEqual([]);
 * ```
 */
export function referencesTo(tables: readonly TableRows[], ids: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const { table, columns, rows } of tables) {
    for (const column of columns.filter(isReferenceColumn)) {
      const count = rows.filter((row) => ids.has(String(row[column]))).length;
      if (count > 0) found.push(`${table}.${column} (${count})`);
    }
  }
  return found;
}

/** Whether a value, read as text, contains one of the ids. */
export const mentionsAny = (value: unknown, ids: ReadonlySet<string>) =>
  value !== null && value !== undefined && [...ids].some((id) => String(value).includes(id));

/**
 * `table.column` of every value that contains one of the ids, with how many rows, sorted:
 * an assertion on it names the leftovers when it fails.
 *
 * @example
 * ```ts
 * expect(mentionsOf(await readAllTables(db), erasedIds)).toEqual([]);
 * ```
 */
export function mentionsOf(tables: readonly TableRows[], ids: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const { table, columns, rows } of tables) {
    for (const column of columns) {
      const count = rows.filter((row) => mentionsAny(row[column], ids)).length;
      if (count > 0) found.push(`${table}.${column} (${count})`);
    }
  }
  return found;
}

/**
 * The rows of each table that contain one of the ids in any column, as sorted JSON, for
 * comparing a user's data before and after something that must not touch it.
 *
 * @example
 * ```ts
 * expect(rowsMentioning(after, keptIds)).toEqual(rowsMentioning(before, keptIds));
 * ```
 */
export function rowsMentioning(
  tables: readonly TableRows[],
  ids: ReadonlySet<string>,
): Record<string, string[]> {
  const byTable: Record<string, string[]> = {};
  for (const { table, rows } of tables) {
    const mentioning = rows
      .filter((row) => Object.values(row).some((value) => mentionsAny(value, ids)))
      .map((row) => JSON.stringify(row))
      .sort();
    if (mentioning.length > 0) byTable[table] = mentioning;
  }
  return byTable;
}
