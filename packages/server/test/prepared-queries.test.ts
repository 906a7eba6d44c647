import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migrateToLatest, openStore, type Store } from '../src/store/database';
import { preparedRows, preparedWrite } from '../src/store/prepared-queries';
import { listPosts, targetsOfListedPosts, type PostFilters } from '../src/store/posts';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';

const PROJECT = 'prj_prepared';

function profileRow(id: string, createdAt: number, deletedAt: number | null = null) {
  return {
    id,
    project_id: PROJECT,
    name: `Perfil ${id}`,
    description: null,
    created_at: createdAt,
    deleted_at: deletedAt,
  };
}

/** A user and the organization they own, `usr_<name>` and `org_<name>`. */
async function insertOwner(db: Store['db'], name: string, now: number) {
  await db
    .insertInto('users')
    .values({
      id: `usr_${name}`,
      email: `${name}@example.com`,
      name: null,
      password_hash: null,
      oidc_subject: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('organizations')
    .values({
      id: `org_${name}`,
      owner_user_id: `usr_${name}`,
      name: 'Org',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe.each(testDialects())('prepared queries on $name', (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await dialect.create();
    store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    await migrateToLatest(store);
    const now = Date.now();
    await insertOwner(store.db, 'prepared', now);
    await store.db
      .insertInto('projects')
      .values({
        id: PROJECT,
        organization_id: 'org_prepared',
        name: 'Projeto',
        environment: 'live',
        created_at: now,
      })
      .execute();
    await store.db
      .insertInto('profiles')
      .values([
        profileRow('pro_a', 1),
        profileRow('pro_b', 2),
        profileRow('pro_c', 3, 10),
        profileRow('pro_d', 4),
      ])
      .execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** A read with each kind of value: a plain one, an optional one, a list and a limit. */
  const read = (
    db: Store['db'],
    values: {
      projectId: string;
      deletedAt: number | null | undefined;
      ids: string[];
      limit: number;
    },
  ) =>
    preparedRows(db, 'test-profiles', values, (v) => {
      let query = db.selectFrom('profiles').select('id').where('project_id', '=', v.projectId);
      if (v.deletedAt === null) query = query.where('deleted_at', 'is', null);
      else if (v.deletedAt !== undefined) query = query.where('deleted_at', '=', v.deletedAt);
      return query.where('id', 'in', v.ids).orderBy('created_at', 'desc').limit(v.limit);
    });
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);

  it('answers what the built query answers, for every shape and value, called again and again', async () => {
    const all = ['pro_a', 'pro_b', 'pro_c', 'pro_d'];
    for (let round = 0; round < 2; round++) {
      expect(
        await ids(read(store.db, { projectId: PROJECT, deletedAt: null, ids: all, limit: 10 })),
      ).toEqual(['pro_d', 'pro_b', 'pro_a']);
      expect(
        await ids(read(store.db, { projectId: PROJECT, deletedAt: null, ids: all, limit: 2 })),
      ).toEqual(['pro_d', 'pro_b']);
      expect(
        await ids(
          read(store.db, { projectId: PROJECT, deletedAt: undefined, ids: all, limit: 10 }),
        ),
      ).toEqual(['pro_d', 'pro_c', 'pro_b', 'pro_a']);
      expect(
        await ids(read(store.db, { projectId: PROJECT, deletedAt: 10, ids: all, limit: 10 })),
      ).toEqual(['pro_c']);
      expect(
        await ids(
          read(store.db, {
            projectId: PROJECT,
            deletedAt: undefined,
            ids: ['pro_a', 'pro_c'],
            limit: 10,
          }),
        ),
      ).toEqual(['pro_c', 'pro_a']);
      expect(
        await ids(read(store.db, { projectId: 'prj_other', deletedAt: null, ids: all, limit: 10 })),
      ).toEqual([]);
    }
  });

  it('runs inside a transaction, seeing its own writes', async () => {
    await store.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('profiles').values(profileRow('pro_t', 5)).execute();
        expect(
          await ids(read(trx, { projectId: PROJECT, deletedAt: null, ids: ['pro_t'], limit: 10 })),
        ).toEqual(['pro_t']);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(
      await ids(read(store.db, { projectId: PROJECT, deletedAt: null, ids: ['pro_t'], limit: 10 })),
    ).toEqual([]);
  });

  it("never sees another transaction's uncommitted writes", async () => {
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx.insertInto('profiles').values(profileRow('pro_u', 6)).execute();
      inserted();
      await held;
      throw new Error('roll back');
    });
    await written;
    // The transaction is open and paused: the read must not answer its row, now or later.
    const during = read(store.db, {
      projectId: PROJECT,
      deletedAt: null,
      ids: ['pro_u'],
      limit: 10,
    });
    finish();
    await transaction.catch(() => {});
    expect(await ids(during)).toEqual([]);
  });

  it('writes in its turn, inside a transaction too, and counts the rows it changed', async () => {
    const rename = (db: Store['db'], id: string, name: string) =>
      preparedWrite(db, 'test-rename', { name, id }, (v) =>
        db.updateTable('profiles').set({ name: v.name }).where('id', '=', v.id),
      );
    const nameOf = async (id: string) =>
      (
        await store.db
          .selectFrom('profiles')
          .select('name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).name;
    expect((await rename(store.db, 'pro_a', 'Primeiro')).changed).toBe(1);
    expect((await rename(store.db, 'pro_missing', 'Nenhum')).changed).toBe(0);
    await store.db
      .transaction()
      .execute(async (trx) => {
        expect((await rename(trx, 'pro_a', 'Desfeito')).changed).toBe(1);
        expect(
          await ids(read(trx, { projectId: PROJECT, deletedAt: null, ids: ['pro_a'], limit: 1 })),
        ).toEqual(['pro_a']);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await nameOf('pro_a')).toBe('Primeiro');
    await rename(store.db, 'pro_a', 'Perfil pro_a');
  });

  it('refuses a value the builder uses in JavaScript instead of handing it to the query', async () => {
    await expect(
      preparedRows(store.db, 'test-misuse', { limit: 5 }, (v) =>
        store.db
          .selectFrom('profiles')
          .select('id')
          .limit(v.limit + 1),
      ),
    ).rejects.toThrow(/fora da consulta/);
  });

  it('lists posts with every filter, page and sort, as the list route asks', async () => {
    const posts = [
      {
        id: 'pst_1',
        kind: 'feed',
        status: 'scheduled',
        at: 1500,
        account: 'int_1',
        profile: 'pro_a',
      },
      { id: 'pst_2', kind: 'reel', status: 'failed', at: 2500, account: 'int_2', profile: null },
      { id: 'pst_3', kind: 'feed', status: 'scheduled', at: null, account: 'int_1', profile: null },
    ] as const;
    for (const [index, post] of posts.entries()) {
      const createdAt = (index + 1) * 1000;
      await store.db
        .insertInto('posts')
        .values({
          id: post.id,
          project_id: PROJECT,
          kind: post.kind,
          content: 'Olá',
          timezone: 'UTC',
          scheduled_for: post.at,
          was_scheduled: post.at === null ? 0 : 1,
          media_items: '[]',
          idempotency_key: null,
          request_hash: null,
          status: post.status,
          published_at: null,
          evergreen: 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      await store.db
        .insertInto('post_targets')
        .values({
          id: `tgt_${index}`,
          post_id: post.id,
          project_id: PROJECT,
          integration_id: post.account,
          profile_id: post.profile,
          options: '{}',
          status: post.status,
          scheduled_for: post.at,
          error_code: null,
          error_message: null,
          warning_message: null,
          platform_post_id: null,
          platform_post_url: null,
          published_at: null,
          revision: 0,
          children_ids: '[]',
          container_id: null,
          container_created_at: null,
          container_ready_at: null,
          publish_attempted_at: null,
          comment_id: null,
          attempts: 0,
          created_at: createdAt,
          updated_at: createdAt,
        } as never)
        .execute();
    }
    const page: { limit: number; offset: number; sort: 'asc' | 'desc' } = {
      limit: 20,
      offset: 0,
      sort: 'desc',
    };
    const listed = async (filters: PostFilters, asked = page) => {
      const { total, rows } = await listPosts(store.db, PROJECT, filters, asked);
      return { total, ids: rows.map((row) => row.id) };
    };
    for (let round = 0; round < 2; round++) {
      expect(await listed({})).toEqual({ total: 3, ids: ['pst_3', 'pst_2', 'pst_1'] });
      expect(await listed({ status: 'scheduled' })).toEqual({ total: 2, ids: ['pst_3', 'pst_1'] });
      expect(await listed({ kind: 'reel' })).toEqual({ total: 1, ids: ['pst_2'] });
      expect(await listed({ accountId: 'int_1' })).toEqual({ total: 2, ids: ['pst_3', 'pst_1'] });
      expect(await listed({ profileId: 'pro_a' })).toEqual({ total: 1, ids: ['pst_1'] });
      expect(await listed({ profileId: null })).toEqual({ total: 2, ids: ['pst_3', 'pst_2'] });
      expect(await listed({ from: 2000 })).toEqual({ total: 2, ids: ['pst_3', 'pst_2'] });
      expect(await listed({ to: 2000, status: undefined })).toEqual({ total: 1, ids: ['pst_1'] });
      expect(await listed({}, { limit: 1, offset: 1, sort: 'asc' })).toEqual({
        total: 3,
        ids: ['pst_2'],
      });
      const targets = await targetsOfListedPosts(store.db, ['pst_1', 'pst_3']);
      expect([...targets].map(([id, found]) => [id, found.map((target) => target.id)])).toEqual([
        ['pst_1', ['tgt_0']],
        ['pst_3', ['tgt_2']],
      ]);
    }
  });
});

describe.each(testDialects().filter((dialect) => dialect.name === 'postgres'))(
  'named statements on $name',
  (dialect) => {
    let database: TestDatabase;
    let store: Store;
    let other: Store;

    beforeAll(async () => {
      database = await dialect.create();
      const settings = loadConfig({ DATABASE_URL: database.url }).database;
      // One connection, so each read runs where the statement was prepared.
      store = openStore(settings, { poolSize: 1 });
      other = openStore(settings);
      await migrateToLatest(store);
    });
    afterAll(async () => {
      await store.close();
      await other.close();
      await database.drop();
    });

    const columns = async (db: Store['db']) =>
      Object.keys(
        (
          await preparedRows(db, 'test-whole-row', { id: 'ignored' }, (v) =>
            db.selectFrom('organizations').selectAll().where('id', '<>', v.id),
          )
        )[0] ?? {},
      );

    it('still answer after another instance adds a column, with the column', async () => {
      await insertOwner(store.db, 'named', Date.now());
      const before = await columns(store.db);
      expect(before).not.toContain('added_later');
      // An upgrade on another instance alters the table this connection prepared against.
      await other.db.schema.alterTable('organizations').addColumn('added_later', 'text').execute();
      expect(await columns(store.db)).toEqual([...before, 'added_later']);
      // Inside a transaction the stale statement fails the transaction, as any error
      // would; the next run has a fresh statement.
      await other.db.schema.alterTable('organizations').dropColumn('added_later').execute();
      await expect(store.db.transaction().execute((trx) => columns(trx))).rejects.toMatchObject({
        code: '0A000',
      });
      expect(await store.db.transaction().execute((trx) => columns(trx))).toEqual(before);
    });
  },
);
