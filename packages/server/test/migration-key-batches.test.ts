/**
 * Rewrites in migrations go a slice of the primary key at a time: 12,000 rows in batches
 * of 5,000 are three statements of 5,000, 5,000 and 2,000 rows, every row is rewritten
 * once, and the result is the one a single statement gives. On both dialects.
 */
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testDialects } from '@reelay/test-support/dialects';
import { loadConfig } from '../src/config';
import { openStore } from '../src/store/database';
import { batchedUpdate, forEachKeyRange, type KeyRange } from '../src/store/migrations/key-batches';

const ROWS = 12_000;
const BATCH = 5_000;

/** A table of `count` rows keyed `row-00000`, `row-00001`, …, inserted out of order. */
async function fillTable(db: Kysely<any>, count: number): Promise<void> {
  await db.schema
    .createTable('batch_rows')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('n', 'integer', (column) => column.notNull())
    .addColumn('doubled', 'integer')
    .execute();
  const rows = Array.from({ length: count }, (_, i) => {
    // Stored out of key order, so the walk must follow the key, not the insertion.
    const n = (i * 7_919) % count;
    return { id: `row-${String(n).padStart(5, '0')}`, n, doubled: null };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('batch_rows')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

describe.each(testDialects())('batched rewrites in migrations ($name)', (dialect) => {
  it('rewrites 12,000 rows as three statements of at most 5,000 rows', async () => {
    const database = await dialect.create();
    const store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    const db = store.db as unknown as Kysely<any>;
    try {
      await fillTable(db, ROWS);
      const statementSizes: number[] = [];
      const batches = await batchedUpdate(db, 'batch_rows', 'id', BATCH, (rows) => {
        const statement = rows.set({ doubled: sql`n * 2` });
        return {
          async execute() {
            const result = await statement.executeTakeFirstOrThrow();
            statementSizes.push(Number(result.numUpdatedRows));
          },
        };
      });
      expect(batches).toBe(3);
      expect(statementSizes).toEqual([5_000, 5_000, 2_000]);
      const wrong = await db
        .selectFrom('batch_rows')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where((eb) => eb.or([eb('doubled', 'is', null), eb('doubled', '!=', sql`n * 2`)]))
        .executeTakeFirstOrThrow();
      expect(Number(wrong.count)).toBe(0);
    } finally {
      await store.close();
      await database.drop();
    }
  });

  it('walks the ranges in key order, end to end, and an empty table not at all', async () => {
    const database = await dialect.create();
    const store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    const db = store.db as unknown as Kysely<any>;
    try {
      await db.schema
        .createTable('empty_rows')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .execute();
      expect(await forEachKeyRange(db, 'empty_rows', 'id', BATCH, async () => {})).toBe(0);

      await fillTable(db, ROWS);
      const ranges: KeyRange[] = [];
      await forEachKeyRange(db, 'batch_rows', 'id', BATCH, async (range) => {
        ranges.push(range);
      });
      expect(ranges).toEqual([
        { after: null, upTo: 'row-04999' },
        { after: 'row-04999', upTo: 'row-09999' },
        { after: 'row-09999', upTo: 'row-11999' },
      ]);
      await expect(forEachKeyRange(db, 'batch_rows', 'id', 0, async () => {})).rejects.toThrow(
        RangeError,
      );
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
