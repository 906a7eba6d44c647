/**
 * The folder where uploads, URL imports and conversions are written before they are
 * stored: under the data folder (never memory), one random name per file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Temporary files older than this belong to no running request. */
const STALE_INCOMING_MS = 60 * 60_000;

export interface IncomingFolder {
  /** A fresh path for one temporary file; the folder exists once this resolves. */
  newPath(): Promise<string>;
  /** Deletes temporary files a crash left behind (older than an hour at `now`). */
  removeStale(now: number): Promise<void>;
}

/**
 * The temporary-file folder at `folder`.
 *
 * @example
 * ```ts
 * const incoming = createIncomingFolder(join(dataDir, 'media', 'incoming'));
 * const temp = await incoming.newPath(); // '…/incoming/3f9c….part'
 * ```
 */
export function createIncomingFolder(folder: string): IncomingFolder {
  return {
    async newPath() {
      await mkdir(folder, { recursive: true });
      return join(folder, `${randomBytes(12).toString('hex')}.part`);
    },

    // Temporary files left by a crash: nothing refers to them, so they go.
    async removeStale(now) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        return;
      }
      for (const name of names) {
        const path = join(folder, name);
        try {
          if (now - (await stat(path)).mtimeMs > STALE_INCOMING_MS) await rm(path, { force: true });
        } catch {
          // removed meanwhile
        }
      }
    },
  };
}
