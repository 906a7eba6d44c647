/**
 * Media on local disk, under `<data folder>/media/files/<project>/<media>/<name>`.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { assertStorageKey, type MediaStorage } from './media-storage';

/**
 * Creates the local-disk backend rooted at `root`.
 *
 * @example
 * ```ts
 * const storage = createLocalStorage('/var/lib/reelay/media/files');
 * await storage.put('proj_1/med_1/original.jpg', '/tmp/upload-1', 'image/jpeg', 1234);
 * ```
 */
export function createLocalStorage(root: string): MediaStorage & { pathOf(key: string): string } {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    pathOf,
    async put(key, file) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        // Same file system (the incoming folder is under the data folder): atomic.
        await rename(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(file, `${target}.part`);
        await rename(`${target}.part`, target);
      }
    },
    async read(key, range) {
      const stream = createReadStream(pathOf(key), range ?? {});
      // Open errors (a file erased meanwhile) surface here, not mid-answer.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async download(key, file) {
      await pipeline(createReadStream(pathOf(key)), createWriteStream(file));
    },
    async remove(key) {
      const target = pathOf(key);
      await rm(target, { force: true });
      // Drop the emptied media and project folders; a folder still in use stays.
      for (const folder of [dirname(target), dirname(dirname(target))]) {
        try {
          await rmdir(folder);
        } catch {
          break;
        }
      }
    },
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async close() {},
  };
}
