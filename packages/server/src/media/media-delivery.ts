/**
 * The address the platform downloads a stored file from: the server's public `/media/…`
 * route (`REELAY_MEDIA_DELIVERY=server`), or a presigned GET URL of the bucket object
 * (`presigned`), so that a server without a public address can still publish. The
 * bucket stays private: a presigned URL opens one object, for a while.
 */
import type { MediaDelivery } from '../reelay-config';
import { publicFileUrl, type MediaRecord } from './media-record';
import type { MediaStorage } from './media-storage';

/**
 * How long a presigned URL works: enough for a container's creation and its retries
 * within one run, while a new URL is signed each time a container is created.
 */
export const PRESIGNED_URL_LIFETIME_SECONDS = 6 * 60 * 60;

/** One stored file of a media item: its storage key and its name in public URLs. */
export interface StoredFile {
  key: string;
  name: string;
}

/** The URL the platform fetches one file of a media item from. */
export type FileAddress = (record: MediaRecord, file: StoredFile) => Promise<string>;

export interface FileAddressOptions {
  delivery: MediaDelivery;
  storage: MediaStorage;
  publicUrl: string;
}

/**
 * The addressing of the configured delivery; presigned delivery needs storage that signs
 * URLs (the configuration allows it with `REELAY_STORAGE=s3` only).
 *
 * @example
 * ```ts
 * const address = createFileAddress({ delivery: 'presigned', storage, publicUrl });
 * await address(record, { key: record.storageKey, name: 'original.mp4' });
 * // 'https://media.s3.us-east-1.amazonaws.com/proj_…/med_…/original.mp4?X-Amz-Signature=…'
 * ```
 */
export function createFileAddress(options: FileAddressOptions): FileAddress {
  const { delivery, storage, publicUrl } = options;
  if (delivery === 'server') {
    return async (record, file) => publicFileUrl(publicUrl, record.publicToken, file.name);
  }
  const sign = storage.signedReadUrl?.bind(storage);
  if (!sign) throw new Error(`o armazenamento ${storage.kind} não assina URLs de leitura`);
  return (_record, file) => sign(file.key, PRESIGNED_URL_LIFETIME_SECONDS);
}
