import { isHttpUrl } from '../http/is-http-url';
import { isJpeg, isMp4OrMov, SNIFF_BYTES } from './media-sniff';

/** What a URL should hold. */
export type MediaKind = 'image' | 'video';

/** Largest image the platform downloads (reference §3: 8 MiB, error 36000/2207004). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

// Meta's crawler announces itself this way; some hosts treat it specially.
const USER_AGENT = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/**
 * Fetches media URLs the way the platform does, for real, and tells which publishing
 * subcode (if any) a container made from them fails with: 2207052 when the URL cannot be
 * fetched or answers non-2xx, 2207003 when it takes too long, 2207004 for an image over
 * 8 MiB, 2207005 for an image that is not JPEG, 2207026 for a video that is not MP4/MOV.
 *
 * Fetches in flight are tracked so that tests can wait for them (`idle`) and so that
 * closing the emulator cancels them.
 */
export class MediaFetcher {
  readonly #closing = new AbortController();
  readonly #pending = new Set<Promise<unknown>>();

  /** The failure subcode for `url`, or `undefined` when the media is acceptable. */
  check(url: string, kind: MediaKind, timeoutMs: number): Promise<number | undefined> {
    const task = fetchAndSniff(
      url,
      kind,
      AbortSignal.any([this.#closing.signal, AbortSignal.timeout(timeoutMs)]),
    );
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
    return task;
  }

  /** Resolves once no fetch is running. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** Cancels every fetch. */
  close(): void {
    this.#closing.abort();
  }
}

async function fetchAndSniff(
  url: string,
  kind: MediaKind,
  signal: AbortSignal,
): Promise<number | undefined> {
  if (!isHttpUrl(url)) return 2207052;
  try {
    const response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { 'user-agent': USER_AGENT },
    });
    if (!response.ok || response.body === null) {
      await response.body?.cancel().catch(() => {});
      return 2207052;
    }
    const declared = Number(response.headers.get('content-length'));
    if (kind === 'image' && declared > MAX_IMAGE_BYTES) {
      await response.body.cancel().catch(() => {});
      return 2207004;
    }
    const { head, size } = await readHead(
      response.body,
      kind === 'image' ? MAX_IMAGE_BYTES + 1 : SNIFF_BYTES,
    );
    if (kind === 'image') {
      if (size > MAX_IMAGE_BYTES) return 2207004;
      return isJpeg(head) ? undefined : 2207005;
    }
    return isMp4OrMov(head) ? undefined : 2207026;
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 2207003 : 2207052;
  }
}

/** Reads the first bytes and counts the rest, stopping (and cancelling) after `limit` bytes. */
async function readHead(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ head: Uint8Array; size: number }> {
  const head = new Uint8Array(SNIFF_BYTES);
  let size = 0;
  const reader = body.getReader();
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size < SNIFF_BYTES) head.set(value.subarray(0, SNIFF_BYTES - size), size);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return { head: head.subarray(0, Math.min(size, SNIFF_BYTES)), size };
}
