/**
 * The oldest supported starting point of an upgrade: a database written by the first
 * release that could publish (migrations 001–004, frozen in fixtures/oldest-release with
 * its rows), opened by today's server. Migrations run at start; then what the old server
 * stored reads back through the API as the contract says, its encrypted token and
 * webhook secret still decrypt with the same key, the post it scheduled publishes exactly
 * once when its time comes, and a new post publishes; and its schema ends up the one a new
 * database gets. And the other way: an older server refuses a database a newer one
 * migrated. On both dialects.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET, startEmulator } from '@reelay/emulator';
import { testDialects, type TestDatabase, type TestDialect } from '@reelay/test-support/dialects';
import { call } from '@reelay/test-support/http-client';
import { startTestServer } from '@reelay/test-support/test-server';
import { signedWith, startReceiver } from '@reelay/test-support/webhook-receiver';
import { sql, type Kysely } from 'kysely';
import { createManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { migrateToLatest, openStore } from '../src/store/database';
import { MIGRATIONS } from '../src/store/migrations';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'oldest-release');
const facts = JSON.parse(readFileSync(join(FIXTURE, 'fixture.json'), 'utf8'));
const MINUTE = 60_000;

/**
 * Loads the fixture's SQL into an empty database, and points the old subscription at this
 * run's receiver: the only row changed, since the old destination is not reachable here.
 */
async function loadOldDatabase(
  dialect: TestDialect['name'],
  database: TestDatabase,
  webhookUrl: string,
): Promise<void> {
  const script = readFileSync(join(FIXTURE, `${dialect}.sql`), 'utf8');
  const repoint = `update webhook_subscriptions set url = '${webhookUrl}'`;
  if (dialect === 'sqlite') {
    const sqlite = new SqliteDatabase(database.url);
    try {
      sqlite.exec(script);
      sqlite.exec(repoint);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(script);
    await client.query(repoint);
  } finally {
    await client.end();
  }
}

/** Tables, columns and indexes, as the database describes them, in a stable order. */
async function schemaOf(db: Kysely<any>, dialect: TestDialect['name']): Promise<unknown[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql`
      select type, name, tbl_name, sql from sqlite_master
      where name not like 'sqlite_%' order by type, name
    `.execute(db);
    return rows;
  }
  const columns = await sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, ordinal_position
  `.execute(db);
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
    order by indexname
  `.execute(db);
  return [...columns.rows, ...indexes.rows];
}

describe.each(testDialects())('a database of the oldest release ($name)', (dialect) => {
  it('ends with the schema a new database gets', async () => {
    const old = await dialect.create();
    const fresh = await dialect.create();
    await loadOldDatabase(dialect.name, old, 'http://127.0.0.1:9/unused');
    const upgraded = openStore(loadConfig({ DATABASE_URL: old.url }).database);
    const created = openStore(loadConfig({ DATABASE_URL: fresh.url }).database);
    try {
      await migrateToLatest(upgraded);
      await migrateToLatest(created);
      const db = (store: typeof upgraded) => store.db as unknown as Kysely<any>;
      expect(await schemaOf(db(upgraded), dialect.name)).toEqual(
        await schemaOf(db(created), dialect.name),
      );
    } finally {
      await upgraded.close();
      await created.close();
      await old.drop();
      await fresh.drop();
    }
  });

  it(
    'upgrades at start and keeps its posts, account, webhooks and schedule',
    { timeout: 60_000 },
    async () => {
      const database = await dialect.create();
      const dataDir = mkdtempSync(join(tmpdir(), 'reelay-upgrade-'));
      // The old server's media files, where it stored them.
      cpSync(join(FIXTURE, 'files'), join(dataDir, 'media', 'files'), { recursive: true });
      const receiver = await startReceiver();
      await loadOldDatabase(dialect.name, database, `${receiver.url}/reelay`);

      const scheduledFor = Date.parse(facts.scheduledFor);
      const clock = createManualClock(scheduledFor - 10 * MINUTE);
      // The same seed gives the same account and token the fixture stored, encrypted.
      const emulator = await startEmulator({
        port: 0,
        host: '127.0.0.1',
        clock,
        fetchMedia: false,
        seed: facts.emulatorSeed,
      });
      const account = emulator.createAccount({ username: facts.account.username });
      expect(account.id).toBe(facts.account.id);
      emulator.mintToken(account.id);

      const server = await startTestServer(dialect, {
        database,
        clock,
        env: {
          REELAY_DATA_DIR: dataDir,
          REELAY_ENCRYPTION_KEY: facts.encryptionKey,
          REELAY_ALLOW_PRIVATE_URLS: 'true',
          INSTAGRAM_APP_ID: DEFAULT_APP_ID,
          INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
          INSTAGRAM_AUTHORIZE_URL: emulator.url,
          INSTAGRAM_API_URL: emulator.url,
          INSTAGRAM_GRAPH_URL: emulator.url,
        },
      });
      const key = { 'x-access-key': facts.apiKey };
      const get = (path: string) => call(server.url, 'GET', path, undefined, key);
      try {
        // Every migration of today ran on top of the old four.
        const applied = await server.reelay.context.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
          Object.keys(MIGRATIONS).sort(),
        );

        // The old rows, through the API.
        const list = await get('/v1/posts?limit=20');
        expect(list.status).toBe(200);
        expect(list.body.total).toBe(4);
        expect(list.body.posts.map((post: { id: string }) => post.id).sort()).toEqual(
          Object.values(facts.posts).sort(),
        );
        const published = await get(`/v1/posts/${facts.posts.published}`);
        expect(published.body.post).toMatchObject({
          id: facts.posts.published,
          status: 'published',
          content: 'Publicado pela versão antiga #cafe',
          platforms: [
            {
              platform: 'instagram',
              status: 'published',
              platformPostId: '17900000000000001',
              platformPostUrl: 'https://www.instagram.com/p/Fx0ldRe1/',
            },
          ],
        });
        expect((await get(`/v1/posts/${facts.posts.failed}`)).body.post).toMatchObject({
          status: 'failed',
          platforms: [{ status: 'failed', errorCode: 'MEDIA_INVALID' }],
        });
        expect((await get(`/v1/posts/${facts.posts.cancelled}`)).body.post).toMatchObject({
          status: 'cancelled',
          platforms: [{ status: 'cancelled', errorCode: 'CANCELLED' }],
        });
        expect((await get(`/v1/posts/${facts.posts.scheduled}`)).body.post).toMatchObject({
          status: 'scheduled',
          scheduledFor: facts.scheduledFor,
        });

        const integrations = await get('/v1/connect/integrations');
        expect(integrations.status).toBe(200);
        expect(integrations.body.integrations).toMatchObject([
          {
            id: facts.integrationId,
            platform: 'instagram',
            platformUserId: facts.account.id,
            displayName: facts.account.username,
            profileId: facts.profileId,
            authStatus: 'active',
          },
        ]);
        // The old token decrypts with the same key and works on the platform.
        const health = await get(`/v1/integrations/${facts.integrationId}/health`);
        expect(health.body.health).toMatchObject({ healthy: true, checkedLive: true });

        const subscription = await get(`/v1/notifications/${facts.subscriptionId}`);
        expect(subscription.status).toBe(200);
        const deliveries = await get(`/v1/notifications/${facts.subscriptionId}/deliveries`);
        expect(deliveries.status).toBe(200);
        expect(
          deliveries.body.deliveries.map((delivery: { status: string }) => delivery.status),
        ).toEqual(['delivered', 'delivered']);

        // The media library links the old posts to their media (a backfill of migration 010).
        const media = await get(`/v1/media/${facts.mediaId}`);
        expect(media.status).toBe(200);
        expect(media.body.media.posts.map((post: { id: string }) => post.id).sort()).toEqual(
          Object.values(facts.posts).sort(),
        );
        // The old password still signs in, and the project's owner became its `owner`
        // member (a backfill of migration 014).
        const login = await call(server.url, 'POST', '/v1/auth/login', {
          email: facts.email,
          password: facts.password,
        });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        const me = await call(server.url, 'GET', '/v1/me', undefined, {
          authorization: `Bearer ${login.body.accessToken}`,
        });
        expect(me.status).toBe(200);
        expect(me.body.projects).toMatchObject([{ id: facts.projectId, role: 'owner' }]);
        const members = await server.reelay.context.db
          .selectFrom('project_members')
          .select(['project_id', 'user_id', 'role'])
          .execute();
        expect(members).toEqual([
          { project_id: facts.projectId, user_id: me.body.user.id, role: 'owner' },
        ]);

        // The post the old server scheduled publishes once, when its time comes.
        const caption = 'Agendado pela versão antiga para depois da atualização';
        const publishedOnce = () =>
          emulator.published().filter((media) => media.caption === caption).length;
        expect(publishedOnce()).toBe(0);
        clock.advance(11 * MINUTE);
        await expect
          .poll(async () => (await get(`/v1/posts/${facts.posts.scheduled}`)).body.post.status, {
            timeout: 20_000,
          })
          .toBe('published');
        clock.advance(10 * MINUTE);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(publishedOnce()).toBe(1);
        // Its webhook is signed with the old subscription's secret, which still decrypts.
        await expect
          .poll(() =>
            receiver.received.filter(
              (hook) =>
                hook.body?.type === 'post.published' &&
                hook.body?.data?.post?.id === facts.posts.scheduled,
            ),
          )
          .toHaveLength(1);
        const hook = receiver.received.find((hook) => hook.body?.type === 'post.published')!;
        expect(signedWith(hook, facts.webhookSecret)).toBe(true);

        // A new post, on the old account and the old media, publishes too.
        const created = await call(
          server.url,
          'POST',
          '/v1/posts',
          {
            content: 'Primeiro post depois da atualização',
            mediaItems: [{ mediaId: facts.mediaId }],
            platforms: [{ platform: 'instagram', accountId: facts.integrationId }],
          },
          key,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(202);
        await expect
          .poll(async () => (await get(`/v1/posts/${created.body.post.id}`)).body.post.status, {
            timeout: 20_000,
          })
          .toBe('published');
        expect(
          emulator.published().filter((media) => media.caption?.startsWith('Primeiro post')),
        ).toHaveLength(1);
      } finally {
        await server.close();
        await emulator.close();
        await receiver.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('is refused by an older version once a newer one migrated it', async () => {
    const database = await dialect.create();
    const store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      await migrateToLatest(store);
      // What a newer version leaves: the record of a migration this version lacks.
      await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-001-later', '2099-01-01T00:00:00.000Z')`.execute(
        store.db,
      );
      await expect(migrateToLatest(store)).rejects.toThrow(
        'o banco de dados foi migrado por uma versão mais nova do Reelay (migração 2099-01-01-001-later',
      );
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
