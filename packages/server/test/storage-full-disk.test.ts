/**
 * A real full disk under a server process: its SQLite database, its uploads and its own
 * standard output and error all on a small file system the test mounts (a tmpfs), then
 * fills. The process stays up, writes and uploads answer 503 `STORAGE_FULL`, reads go on,
 * and once room is made the server finds it by itself; a log line that cannot be written is
 * lost without ending the process. Mounting needs privileges: without them the tmpfs part
 * is skipped with a warning (`storage-full.test.ts` covers SQLite out of room anyway).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@reelay/test-support/free-port';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { canMountSmallDisk, fillUp, mountSmallDisk, unmount } from './helpers/small-disk';

const MOUNT_BYTES = 24 * 1024 * 1024;

function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dataDir, 'reelay.db'),
    REELAY_DATA_DIR: dataDir,
    REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    REELAY_ALLOW_SIGNUP: 'true',
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_LOG_LEVEL: 'info',
  };
}

const alive = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

const png = sharp({
  create: { width: 1080, height: 1080, channels: 3, background: '#c0392b' },
})
  .png()
  .toBuffer();

async function upload(url: string, key: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png)], { type: 'image/png' }), 'a.png');
  const response = await fetch(`${url}/v1/media`, { method: 'POST', headers: key, body: form });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

if (!canMountSmallDisk)
  console.warn('tmpfs cannot be mounted here: the full-disk suite is skipped.');

describe('a server process on a full disk', () => {
  let server: ServerProcess | undefined;
  let disk: string | null = null;

  afterEach(async () => {
    await server?.kill('SIGKILL');
    if (disk) unmount(disk);
    server = undefined;
    disk = null;
  });

  it.runIf(canMountSmallDisk)(
    'stays up, answers 503 STORAGE_FULL to writes and reads on, and resumes once room is made',
    { timeout: 90_000 },
    async () => {
      disk = mountSmallDisk(MOUNT_BYTES)!;
      const dataDir = join(disk, 'data');
      mkdirSync(dataDir);
      const logPath = join(disk, 'server.log');
      const output = openSync(logPath, 'a');
      const port = await freePort();
      server = await startServerProcess(serverEnv(port, dataDir), { output });
      closeSync(output);
      const account = await createAccount(server.url);
      expect((await upload(server.url, account.key)).status).toBe(201);

      fillUp(join(disk, 'filler'));
      const seen = new Map<string, number>();
      const count = (what: string, answer: { status: number; body?: { code?: string } }) => {
        const key = `${what} ${answer.status} ${answer.body?.code ?? ''}`.trim();
        seen.set(key, (seen.get(key) ?? 0) + 1);
      };
      for (let round = 0; round < 60; round++) {
        count(
          'write',
          await call(
            server.url,
            'POST',
            '/v1/profiles',
            { name: `perfil ${round}`, description: 'x'.repeat(400) },
            account.key,
          ),
        );
        count('read', await call(server.url, 'GET', '/v1/profiles', undefined, account.key));
        if (round % 10 === 0) count('upload', await upload(server.url, account.key));
        count('health', await call(server.url, 'GET', '/healthz'));
        expect(alive(server), 'the server process exited').toBe(true);
      }
      // Every write refused as it should be (none slipped into free room: the disk is full
      // to the byte), reads answered, nothing answered 500.
      expect(Object.fromEntries(seen)).toEqual({
        'write 503 STORAGE_FULL': 60,
        'read 200': 60,
        'upload 503 STORAGE_FULL': 6,
        'health 503 STORAGE_FULL': 60,
      });

      rmSync(join(disk, 'filler'));
      await expect
        .poll(async () => (await call(server!.url, 'GET', '/healthz')).status, {
          timeout: 15_000,
        })
        .toBe(200);
      expect(
        (await call(server.url, 'POST', '/v1/profiles', { name: 'depois' }, account.key)).status,
      ).toBe(201);
      expect((await upload(server.url, account.key)).status).toBe(201);
      expect(alive(server)).toBe(true);

      // The log goes on once there is room again, and says the fault has passed.
      await expect
        .poll(() => readFileSync(logPath, 'utf8'), { timeout: 10_000 })
        .toContain('há espaço para gravar de novo');
    },
  );
});
