/**
 * Small file systems a test fills up for real: a tmpfs mounted at a new folder, and a
 * private PostgreSQL cluster whose data lives on one. Mounting needs privileges (root, as
 * in CI); where the test may not mount, `mountSmallDisk` answers `null` and the suites
 * that need a real disk are skipped with a warning.
 */
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@reelay/test-support/free-port';

/**
 * Mounts a tmpfs of `bytes` at a new folder, or answers `null` where this process may not.
 *
 * @example
 * ```ts
 * const disk = mountSmallDisk(16 * 1024 * 1024);
 * if (disk) { fillUp(join(disk, 'filler')); unmount(disk); }
 * ```
 */
export function mountSmallDisk(bytes: number): string | null {
  const folder = mkdtempSync(join(tmpdir(), 'reelay-small-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder], {
    stdio: 'ignore',
  });
  if (mounted.status === 0) return folder;
  rmSync(folder, { recursive: true, force: true });
  return null;
}

export function unmount(folder: string): void {
  spawnSync('umount', [folder], { stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
}

/** Whether this process may mount a tmpfs (tried once, on a throwaway folder). */
export const canMountSmallDisk: boolean = (() => {
  const probe = mountSmallDisk(1024 * 1024);
  if (probe) unmount(probe);
  return probe !== null;
})();

/** Writes a file until the file system has no room left, to the byte. */
export function fillUp(path: string): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (let size = chunk.length; size >= 1;) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch {
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
}

function postgresBin(name: string): string | null {
  const listed = spawnSync(
    'sh',
    ['-c', `ls -d /usr/lib/postgresql/*/bin/${name} | sort -V | tail -n 1`],
    {
      encoding: 'utf8',
    },
  );
  const path = listed.stdout.trim();
  return listed.status === 0 && path ? path : null;
}

export interface PrivatePostgres {
  /** A database of the cluster, for `DATABASE_URL`. */
  url: string;
  /** The folder the cluster's disk is mounted at (fill it up to make the disk full). */
  disk: string;
  close(): void;
}

/**
 * Starts a PostgreSQL cluster of its own on a tmpfs of `bytes`, run as the `postgres`
 * user, on a free port; answers `null` where that cannot be done (no mount, no binaries).
 * The shared server on 5432 is never touched.
 *
 * @example
 * ```ts
 * const cluster = await startPrivatePostgres(96 * 1024 * 1024);
 * fillUp(join(cluster.disk, 'filler')); // the database's disk is full
 * cluster.close();
 * ```
 */
export async function startPrivatePostgres(bytes: number): Promise<PrivatePostgres | null> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (!initdb || !pgCtl || owner.status !== 0) return null;
  const disk = mountSmallDisk(bytes);
  if (!disk) return null;
  const uid = Number(owner.stdout.trim());
  chownSync(disk, uid, uid);
  const data = join(disk, 'data');
  // runuser lives in /usr/sbin, which a minimal PATH may leave out.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((path) => existsSync(path));
  const asPostgres = (command: string, args: string[]) =>
    spawnSync(runuser ?? 'runuser', ['-u', 'postgres', '--', command, ...args], {
      encoding: 'utf8',
    });
  const close = () => {
    asPostgres(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
    unmount(disk);
  };
  // One-megabyte WAL segments and a small WAL keep the cluster within a small disk.
  const created = asPostgres(initdb, [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--wal-segsize=1',
    '--no-sync',
  ]);
  if (created.status !== 0) {
    unmount(disk);
    throw new Error(`initdb failed: ${created.stderr}`);
  }
  const port = await freePort();
  const started = asPostgres(pgCtl, [
    '-D',
    data,
    '-w',
    '-l',
    join(disk, 'postgres.log'),
    '-o',
    `-p ${port} -k ${disk} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=8MB -c min_wal_size=2MB -c max_wal_size=4MB`,
    'start',
  ]);
  if (started.status !== 0) {
    close();
    throw new Error(`the private PostgreSQL did not start: ${started.stderr}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, disk, close };
}
