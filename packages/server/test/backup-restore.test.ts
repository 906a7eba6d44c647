/**
 * A backup made while the server runs, restored into a fresh place, carries on: a post
 * scheduled before the backup publishes exactly once from the restored copy. A restore
 * with another encryption key, or onto a PostgreSQL database that already has Reelay's
 * tables, is refused and changes nothing. Without a usable `pg_dump` the backup writes no
 * database and hands back the command to run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';
import { BackupError, createBackup, restoreBackup } from '../src/backup';
import { createManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createReelay } from '../src/create-reelay';
import { createS3Storage } from '../src/media/s3-storage';
import { migrateToLatest, openStore } from '../src/store/database';
import { createPosts, preparePublisher, startFleet, type Fleet } from './helpers/publishing-fleet';
import { startTestBucket } from './helpers/s3-bucket';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function reelayTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    return rows[0].count as number;
  } finally {
    await client.end();
  }
}

const published = (fleet: Fleet, caption: string) =>
  fleet.emulator.published().filter((media) => media.caption === caption).length;

describe.each(testDialects())('backup and restore on $name', (dialect) => {
  it(
    'restores a running server into a fresh place, where the scheduled post publishes once',
    { timeout: 60_000 },
    async () => {
      const source = await dialect.create();
      cleanups.push(() => source.drop());
      const fleet = await startFleet(source.url);
      cleanups.push(() => fleet.close());
      const port = await freePort();
      const sourceEnv = fleet.env(port);
      const server: ServerProcess = await startServerProcess(sourceEnv);
      cleanups.push(() => server.kill('SIGKILL'));
      const publisher = await preparePublisher(server.url, fleet.emulator, 1);
      // The earliest time a post may be scheduled for: the restored server's clock is moved
      // there instead of waiting for it.
      const publishAt = new Date(Date.now() + 61_000);
      await createPosts(server.url, fleet.media, publisher, 1, 'guardado', publishAt.toISOString());

      const backupDir = join(scratch('reelay-backup-'), 'nightly');
      const backup = await createBackup(loadConfig(sourceEnv), backupDir);
      expect(backup.database.written).toBe(true);
      expect(backup.manifest).toMatchObject({
        dialect: dialect.name,
        databaseWritten: true,
        media: { storage: 'local' },
      });
      expect(backup.manifest.lastMigration).toMatch(/^\d{4}-\d{2}-\d{2}-/);
      expect(backup.manifest.media.count).toBeGreaterThan(0);
      expect(backup.manifest.keyCheck).toMatch(/^[\w-]{43}$/);
      // The key itself is nowhere in the backup's manifest.
      expect(JSON.stringify(backup.manifest)).not.toContain(sourceEnv.REELAY_ENCRYPTION_KEY);
      await server.kill('SIGTERM');
      expect(published(fleet, 'guardado 0')).toBe(0);

      const target = await dialect.create();
      cleanups.push(() => target.drop());
      const targetEnv = {
        ...fleet.env(port),
        DATABASE_URL: target.url,
        REELAY_DATA_DIR: scratch('reelay-restored-'),
      };

      // Another key: refused, and the target stays as it was.
      const otherKey = { ...targetEnv, REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
      const refused = await restoreBackup(loadConfig(otherKey), backupDir).catch((error) => error);
      expect(refused).toBeInstanceOf(BackupError);
      expect(refused.code).toBe('KEY_MISMATCH');
      expect(readdirSync(targetEnv.REELAY_DATA_DIR)).toEqual([]);
      if (dialect.name === 'postgres') expect(await reelayTables(target.url)).toBe(0);
      else expect(existsSync(target.url)).toBe(false);

      const restored = await restoreBackup(loadConfig(targetEnv), backupDir);
      expect(restored.mediaFiles).toBe(backup.manifest.media.count);

      if (dialect.name === 'postgres') {
        // A second restore onto the now filled database is refused.
        const again = await restoreBackup(loadConfig(targetEnv), backupDir).catch((error) => error);
        expect(again.code).toBe('DATABASE_NOT_EMPTY');
      } else {
        const again = await restoreBackup(loadConfig(targetEnv), backupDir).catch((error) => error);
        expect(again.code).toBe('TARGET_EXISTS');
      }

      // The restored copy starts as the server does (migrations, key check), its clock at
      // the scheduled time; its jobs run here, one round at a time.
      const clock = createManualClock(publishAt.getTime() + 1_000);
      const reelay = await createReelay(loadConfig(targetEnv), { clock, workers: false });
      cleanups.push(() => reelay.close());
      for (let round = 0; round < 40 && published(fleet, 'guardado 0') === 0; round++) {
        await reelay.tasks.runDueJobs();
        clock.advance(5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(published(fleet, 'guardado 0')).toBe(1);
      // More rounds: nothing publishes it a second time.
      for (let round = 0; round < 5; round++) {
        clock.advance(60_000);
        await reelay.tasks.runDueJobs();
      }
      expect(published(fleet, 'guardado 0')).toBe(1);
    },
  );
});

describe.runIf(testDialects().some((dialect) => dialect.name === 'postgres'))(
  'a PostgreSQL backup without a usable pg_dump',
  () => {
    it('writes no database and answers the pg_dump command to run', async () => {
      const dialect = testDialects().find((candidate) => candidate.name === 'postgres')!;
      const database = await dialect.create();
      cleanups.push(() => database.drop());
      const env = {
        DATABASE_URL: database.url,
        REELAY_DATA_DIR: scratch('reelay-nodump-'),
        REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      };
      const store = openStore({ dialect: 'postgres', connectionString: database.url });
      await migrateToLatest(store);
      await store.close();
      const dir = scratch('reelay-nodump-backup-');
      const result = await createBackup(loadConfig(env), dir, {
        programs: { pgDump: 'pg_dump-not-installed', pgRestore: 'pg_restore' },
      });
      expect(result.database).toMatchObject({ written: false, reason: 'missing' });
      if (result.database.written) throw new Error('unreachable');
      expect(result.database.command).toBe(
        `pg_dump --format=custom --no-owner --file=${join(dir, 'database.pgdump')} --dbname="$DATABASE_URL"`,
      );
      expect(result.manifest.databaseWritten).toBe(false);
      expect(existsSync(join(dir, 'database.pgdump'))).toBe(false);
    });
  },
);

describe('a backup of a server whose media are in a bucket', () => {
  it('writes the bucket listing, keys, sizes and ETags, and copies no media', async () => {
    const bucket = await startTestBucket();
    cleanups.push(() => bucket.close());
    const dataDir = scratch('reelay-s3-backup-');
    const env = {
      DATABASE_URL: join(dataDir, 'reelay.db'),
      REELAY_DATA_DIR: dataDir,
      REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...bucket.env,
    };
    const config = loadConfig(env);
    const store = openStore(config.database);
    await migrateToLatest(store);
    await store.close();
    if (config.storage.kind !== 's3') throw new Error('expected S3 storage');
    const storage = createS3Storage(config.storage);
    cleanups.push(() => storage.close());
    const file = join(dataDir, 'photo.jpg');
    writeFileSync(file, 'not really a jpeg, twenty-nine');
    // Two objects: the listing keeps every key, its size and its ETag.
    await storage.put('project_1/media_1/photo.jpg', file, 'image/jpeg', 30);
    await storage.put('project_1/media_2/photo.jpg', file, 'image/jpeg', 30);

    const dir = scratch('reelay-s3-backup-dir-');
    const result = await createBackup(config, dir);
    expect(result.manifest.media).toEqual({ storage: 's3', count: 2, bytes: 60 });
    const listing = JSON.parse(readFileSync(join(dir, 's3-objects.json'), 'utf8'));
    expect(listing.bucket).toBe('media');
    expect(listing.objects).toEqual([
      { key: 'project_1/media_1/photo.jpg', size: 30, etag: expect.stringMatching(/^\w{32}$/) },
      {
        key: 'project_1/media_2/photo.jpg',
        size: 30,
        etag: expect.stringMatching(/^\w{32}$/),
      },
    ]);
    expect(existsSync(join(dir, 'media'))).toBe(false);
  });
});
