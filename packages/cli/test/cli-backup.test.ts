/**
 * `reelay backup` and `reelay restore` as subprocesses, with the server's environment:
 * a backup of a running server, a restore refused for another key (exit 3) and for an
 * existing file (exit 1) until `--force`, and on PostgreSQL without `pg_dump` on PATH the
 * command to run by hand (exit 7).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliFor, freshConfigDir } from '@reelay/test-support/cli';
import { testDialects } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';

const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-backup-'));
const reelay = cliFor(freshConfigDir());

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(reelay.configDir, { recursive: true, force: true });
});

function serverEnv(name: string, databaseUrl?: string) {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl ?? join(scratch, name, 'reelay.db'),
    REELAY_DATA_DIR: join(scratch, name, 'data'),
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_LOG_LEVEL: 'silent',
  };
}

/** Runs `reelay serve` until it answers, then `during`, then stops it. */
async function whileServing(env: Record<string, string>, during: () => Promise<void>) {
  const port = await freePort();
  const server = reelay.start(['serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...env, REELAY_PUBLIC_URL: `http://127.0.0.1:${port}` },
    timeoutMs: 60_000,
  });
  try {
    await server.waitFor('stdout', /^Reelay ouvindo em .+$/m, 30_000);
    await during();
  } finally {
    server.child.kill('SIGTERM');
    await server.done;
  }
}

// Several CLI processes and a server process each: seconds apiece on a busy machine.
describe('reelay backup and reelay restore on SQLite', { timeout: 90_000 }, () => {
  it('backs up a running server and restores it, refusing another key and an existing file', async () => {
    const source = serverEnv('source');
    const dir = join(scratch, 'backup-sqlite');
    await whileServing(source, async () => {
      const backup = await reelay.run(['backup', dir, '--json'], { env: source });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.json()).toMatchObject({
        dir,
        manifest: { dialect: 'sqlite', databaseWritten: true, media: { storage: 'local' } },
        database: { written: true },
      });
    });

    const target = { ...serverEnv('target'), REELAY_ENCRYPTION_KEY: source.REELAY_ENCRYPTION_KEY };
    const wrongKey = await reelay.run(['restore', dir, '--json'], {
      env: { ...target, REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
    });
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.errorJson()).toMatchObject({ code: 'KEY_MISMATCH' });
    expect(existsSync(target.DATABASE_URL)).toBe(false);

    const restored = await reelay.run(['restore', dir], { env: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restaurado ${dir}`);
    expect(existsSync(target.DATABASE_URL)).toBe(true);

    const again = await reelay.run(['restore', dir, '--json', '--lang', 'en'], { env: target });
    expect(again.code).toBe(1);
    expect(again.errorJson()).toMatchObject({ code: 'TARGET_EXISTS' });
    expect(again.errorJson().message).toContain('--force');
    expect((await reelay.run(['restore', dir, '--force'], { env: target })).code).toBe(0);

    // The restored copy starts.
    await whileServing(target, async () => {});
  });

  it('refuses a folder that is not a backup (exit 2)', async () => {
    const result = await reelay.run(['restore', scratch, '--json'], { env: serverEnv('none') });
    expect(result.code).toBe(2);
    expect(result.errorJson()).toMatchObject({ code: 'NOT_A_BACKUP' });
  });
});

describe.runIf(testDialects().some((dialect) => dialect.name === 'postgres'))(
  'reelay backup on PostgreSQL without pg_dump on PATH',
  { timeout: 60_000 },
  () => {
    it('writes no database, prints the pg_dump command and exits 7', async () => {
      const database = await testDialects()
        .find((dialect) => dialect.name === 'postgres')!
        .create();
      try {
        const env = serverEnv('postgres', database.url);
        const dir = join(scratch, 'backup-postgres');
        await whileServing(env, async () => {
          // Only node's own folder on PATH: no PostgreSQL programs.
          const result = await reelay.run(['backup', dir, '--lang', 'en'], {
            env: { ...env, PATH: dirname(process.execPath) },
          });
          expect(result.code, result.stderr).toBe(7);
          expect(result.stdout).toContain('pg_dump is not on PATH');
          expect(result.stdout).toContain(
            `pg_dump --format=custom --no-owner --file=${join(dir, 'database.pgdump')} --dbname="$DATABASE_URL"`,
          );
          expect(existsSync(join(dir, 'database.pgdump'))).toBe(false);
        });
      } finally {
        await database.drop();
      }
    });
  },
);
