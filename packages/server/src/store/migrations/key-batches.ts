/**
 * Rewrites of existing rows in migrations, a slice of the table at a time: the rows are
 * walked in primary-key order and each statement touches at most one batch, a range
 * `key > after AND key <= upTo`.
 *
 * Why: a backfill written as one statement (`UPDATE t SET …`, `INSERT … SELECT … FROM t`)
 * touches every row at once. On a table of millions of rows that one statement holds all
 * of its work in memory together (the rows a migration reads into the process, SQLite's
 * statement journal, PostgreSQL's per-statement trigger and constraint queue) and shows no
 * progress until it ends. In batches, each statement stays the size of a batch whatever
 * the size of the table, and finding the next range reads one key, not the whole table.
 *
 * What it does not change: every pending migration still runs inside the one transaction
 * `migrateToLatest` opens (on both dialects), so that a failed upgrade leaves the
 * database exactly as it was. The rows a backfill changed stay locked until that
 * transaction commits; see docs/upgrading.md for what this means for long upgrades.
 *
 * A batched rewrite gives the same result as the single statement only when each row's
 * new value depends on that row alone (or on other tables the migration does not
 * change), never on rows of another batch: use it for such rewrites only.
 */
import { sql, type Kysely } from 'kysely';

/** Rows per statement when a migration does not say otherwise. */
export const DEFAULT_BATCH_SIZE = 5_000;

/** One slice of a table: keys greater than `after` (all when `null`) up to `upTo` included. */
export interface KeyRange {
  readonly after: string | number | null;
  readonly upTo: string | number;
}

/**
 * Calls `visit` once per slice of at most `batchSize` rows of `table`, in key order, and
 * answers how many slices there were. `keyColumn` must be unique (the primary key).
 *
 * @example
 * ```ts
 * await forEachKeyRange(db, 'posts', 'id', 200, async ({ after, upTo }) => {
 *   const rows = await db.selectFrom('posts').selectAll()
 *     .where('id', '>', after ?? '').where('id', '<=', upTo).execute();
 *   // … write what these rows need
 * });
 * ```
 */
export async function forEachKeyRange(
  db: Kysely<any>,
  table: string,
  keyColumn: string,
  batchSize: number,
  visit: (range: KeyRange) => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, not ${batchSize}`);
  }
  let after: string | number | null = null;
  let batches = 0;
  for (;;) {
    const upTo = await lastKeyOfBatch(db, table, keyColumn, after, batchSize);
    if (upTo === null) return batches;
    await visit({ after, upTo });
    batches++;
    after = upTo;
  }
}

/**
 * The key closing the next batch: the `batchSize`-th key after `after`, or the table's
 * last key when fewer rows are left; `null` when none is left. Walks at most `batchSize`
 * entries of the key's index and reads one key, never the rows themselves.
 */
async function lastKeyOfBatch(
  db: Kysely<any>,
  table: string,
  keyColumn: string,
  after: string | number | null,
  batchSize: number,
): Promise<string | number | null> {
  let rest = db.selectFrom(table).select(sql.ref(keyColumn).as('key'));
  if (after !== null) rest = rest.where(keyColumn, '>', after);
  const full = await rest
    .orderBy(keyColumn)
    .limit(1)
    .offset(batchSize - 1)
    .executeTakeFirst();
  if (full) return full.key as string | number;
  let tail = db.selectFrom(table).select((eb) => eb.fn.max(keyColumn).as('key'));
  if (after !== null) tail = tail.where(keyColumn, '>', after);
  const last = await tail.executeTakeFirst();
  return (last?.key as string | number | null | undefined) ?? null;
}

/**
 * Runs an `UPDATE` of `table` one key range at a time: `update` gets the statement
 * already limited to the range and adds its `set` (and any further `where`). Answers how
 * many batches ran.
 *
 * @example
 * ```ts
 * await batchedUpdate(db, 'posts', 'id', DEFAULT_BATCH_SIZE, (posts) =>
 *   posts.set({ timezone: 'UTC' }).where('timezone', 'is', null),
 * );
 * ```
 */
export async function batchedUpdate(
  db: Kysely<any>,
  table: string,
  keyColumn: string,
  batchSize: number,
  update: (rows: ReturnType<Kysely<any>['updateTable']>) => { execute(): Promise<unknown> },
): Promise<number> {
  return forEachKeyRange(db, table, keyColumn, batchSize, async ({ after, upTo }) => {
    let rows = db.updateTable(table).where(keyColumn, '<=', upTo);
    if (after !== null) rows = rows.where(keyColumn, '>', after);
    await update(rows).execute();
  });
}
