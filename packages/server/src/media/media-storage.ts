/**
 * Where accepted media lives: local disk under the data folder by default, or an
 * S3-compatible bucket. Files arrive already complete on local disk (inspection needs
 * the whole file), so storing is a move (local) or one streamed PUT (S3).
 */
import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included (as in an HTTP `Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Takes a complete local file into storage under `key`; the file may be moved away. */
  put(key: string, file: string, contentType: string, size: number): Promise<void>;
  /** The object's bytes, whole or one range. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies an object to a local file. */
  download(key: string, file: string): Promise<void>;
  /** Removes an object; an absent one is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * A URL anyone holding it can GET the object from, without credentials, for
   * `lifetimeSeconds` (object storage only: local files have no address of their own).
   */
  signedReadUrl?(key: string, lifetimeSeconds: number): Promise<string>;
  close(): Promise<void>;
}

// Keys are made by the media service (`proj_…/med_…/original.png`); anything else is a
// bug, and refusing it keeps a path traversal impossible in the local backend.
const KEY = /^[a-z0-9_]+\/[a-z0-9_]+\/[a-z0-9_-]+\.[a-z0-9]+$/;

/**
 * Throws unless `key` is a key the media service makes.
 *
 * @example
 * ```ts
 * assertStorageKey('proj_01…/med_01…/original.png');
 * ```
 */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`chave de armazenamento inválida: ${key}`);
}
