/**
 * Media given on the command line or in a CSV: a file path, an http(s) URL, or the id of
 * media uploaded before (`med_…`). Files are uploaded with a progress bar, URLs are
 * imported by the server (it downloads and inspects them, as for an upload), and every
 * medium ends up as a `{ mediaId }` item of the post.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { FetchLike, Media, MediaItemInput, Reelay } from '@reelay/sdk';
import { usageError } from './cli-error';
import { createProgressBar, formatBytes, startSpinner, type ProgressBar } from './feedback';
import { t } from './i18n';

export type MediaRef =
  | { kind: 'file'; path: string; size: number; label: string }
  | { kind: 'url'; url: string; label: string }
  | { kind: 'id'; id: string; label: string };

/**
 * Classifies one media argument; a path must name an existing file (else exit 2).
 * Relative paths resolve from `baseDir` (the CSV's folder, or the current directory).
 *
 * @example
 * ```ts
 * classifyMedia('https://cdn.example.com/a.jpg'); // { kind: 'url', … }
 * classifyMedia('med_01jd8k2m3n4p5q6r7s8t9v0wxy'); // { kind: 'id', … }
 * classifyMedia('./fotos/cafe.jpg'); // { kind: 'file', path: '/…/fotos/cafe.jpg', size: 48213, … }
 * ```
 */
export function classifyMedia(text: string, baseDir: string = process.cwd()): MediaRef {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      new URL(value);
    } catch {
      throw usageError(t('shared.invalidMediaUrl', { value }));
    }
    return { kind: 'url', url: value, label: value };
  }
  if (/^med_[A-Za-z0-9]+$/.test(value)) return { kind: 'id', id: value, label: value };
  if (value === '') throw usageError(t('shared.emptyMedia'), t('shared.emptyMediaHint'));
  const path = resolve(baseDir, value);
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw usageError(t('shared.mediaFileNotFound', { value }));
  }
  if (!stats.isFile()) throw usageError(t('shared.notAFile', { value }));
  return { kind: 'file', path, size: stats.size, label: basename(path) };
}

/**
 * A `fetch` for the SDK that reports the bytes of multipart uploads as they leave, for
 * the progress bar. The form is encoded by the runtime (`new Response(formData)`), so
 * the body and its boundary are exactly what `fetch` itself would send.
 *
 * @example
 * ```ts
 * const tracker = createUploadTracker();
 * const reelay = await projectClient(settings, { fetch: tracker.fetch });
 * tracker.watch(bar); await reelay.media.upload(path); tracker.watch(undefined);
 * ```
 */
export function createUploadTracker(): {
  fetch: FetchLike;
  watch(bar: ProgressBar | undefined): void;
} {
  let current: ProgressBar | undefined;
  const fetchWithProgress: FetchLike = async (input, init) => {
    const bar = current;
    if (!bar || !(init.body instanceof FormData)) return fetch(input, init);
    const encoded = new Response(init.body);
    const headers = new Headers(init.headers);
    headers.set('content-type', encoded.headers.get('content-type')!);
    let sent = 0;
    const counted = encoded.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          sent += chunk.byteLength;
          bar.update(sent);
          controller.enqueue(chunk);
        },
      }),
    );
    return fetch(input, { ...init, headers, body: counted, duplex: 'half' } as RequestInit);
  };
  return {
    fetch: fetchWithProgress,
    watch: (bar) => {
      current = bar;
    },
  };
}

/**
 * Uploads or imports one medium and returns the server's record. Files show a progress
 * bar (bytes); URLs a line while the server downloads them.
 *
 * @example
 * ```ts
 * const media = await uploadMedia(reelay, tracker, classifyMedia('./cafe.jpg'));
 * media.id; // 'med_…'
 * ```
 */
export async function uploadMedia(
  reelay: Reelay,
  tracker: ReturnType<typeof createUploadTracker>,
  ref: Exclude<MediaRef, { kind: 'id' }>,
  options: { progress?: boolean } = {},
): Promise<Media> {
  if (options.progress === false) {
    const { media } = await reelay.media.upload(ref.kind === 'url' ? { url: ref.url } : ref.path);
    return media;
  }
  if (ref.kind === 'url') {
    const spinner = await startSpinner(t('mediaUpload.importing', { label: ref.label }));
    try {
      const { media } = await reelay.media.upload({ url: ref.url });
      spinner.succeed(t('mediaUpload.imported', { label: ref.label, id: media.id }));
      return media;
    } catch (error) {
      spinner.fail(t('mediaUpload.failed', { label: ref.label }));
      throw error;
    }
  }
  // The multipart body is a few hundred bytes larger than the file; the bar counts the
  // file and stops at 100%.
  const bar = createProgressBar(
    t('mediaUpload.uploading', { label: ref.label }),
    ref.size,
    formatBytes,
  );
  tracker.watch(bar);
  try {
    const { media } = await reelay.media.upload(ref.path);
    bar.finish();
    return media;
  } catch (error) {
    bar.stop();
    throw error;
  } finally {
    tracker.watch(undefined);
  }
}

/**
 * Turns every media argument into a post item, uploading files and importing URLs one
 * after the other, in the order given (the order of a carousel). `progress: false` shows
 * no bar (the CSV import has its own, by row). A file is sent once per content (the same
 * bytes under two names are one upload), a URL once; with `uploaded` the media ids are
 * reused across calls too (a CSV whose rows share a picture).
 *
 * @example
 * ```ts
 * const items = await resolveMediaItems(reelay, tracker, refs); // [{ mediaId: 'med_…' }, …]
 * ```
 */
export async function resolveMediaItems(
  reelay: Reelay,
  tracker: ReturnType<typeof createUploadTracker>,
  refs: readonly MediaRef[],
  options: { progress?: boolean; uploaded?: Map<string, string> } = {},
): Promise<MediaItemInput[]> {
  const items: MediaItemInput[] = [];
  const uploaded = options.uploaded ?? new Map<string, string>();
  for (const ref of refs) {
    if (ref.kind === 'id') {
      items.push({ mediaId: ref.id });
      continue;
    }
    const source = ref.kind === 'url' ? ref.url : await contentKey(ref.path);
    let mediaId = uploaded.get(source);
    if (mediaId === undefined) {
      mediaId = (await uploadMedia(reelay, tracker, ref, options)).id;
      uploaded.set(source, mediaId);
    }
    items.push({ mediaId });
  }
  return items;
}

/** A file's identity for uploads: the SHA-256 of its bytes, so a copy is not sent twice. */
async function contentKey(path: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(path));
  return `sha256:${hash.digest('hex')}`;
}
