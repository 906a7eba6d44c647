/**
 * What `reelay.media.upload()` accepts and how each kind becomes a request body: bytes go
 * as `multipart/form-data` (field `file`), a URL goes as JSON `{ url }` for the server to
 * import (spec §4 "POST /v1/media": direct uploads up to 50 MB, larger videos by URL).
 *
 * Reading a path needs `node:fs`, which browsers lack; it is reached only when a path is
 * given, through `process.getBuiltinModule` (Node 22+, Bun, Deno) or a dynamic import
 * that bundlers leave alone, so a browser bundle never includes it.
 */

/**
 * Media to upload:
 * - a file path (`'./cafe.jpg'`, or a `file:` URL): Node, Bun and Deno;
 * - a `Blob` or `File`;
 * - bytes (`Uint8Array`, `ArrayBuffer`);
 * - a stream: a web `ReadableStream` or a Node `Readable` (any async iterable of bytes);
 * - `{ url }` (or an `http(s)` `URL`): the server downloads it.
 *
 * @example
 * ```ts
 * const sources: MediaSource[] = ['./cafe.jpg', file, createReadStream('reel.mp4'), { url: 'https://cdn.example.com/v.mp4' }];
 * ```
 */
export type MediaSource =
  | string
  | URL
  | { path: string | URL }
  | { url: string | URL }
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>;

/**
 * Largest direct upload (spec §8): 50 MB, counted as the platform counts, 1 MB = 2^20 bytes.
 *
 * @example
 * ```ts
 * const source = file.size > DIRECT_UPLOAD_MAX_BYTES ? { url: publicUrlOf(file) } : file;
 * ```
 */
export const DIRECT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
};

export type UploadBody =
  | { kind: 'json'; body: { url: string } }
  | { kind: 'form'; form: FormData; /** Bytes of the file. */ size: number };

interface FsModule {
  openAsBlob?: (path: string | URL, options?: { type?: string }) => Promise<Blob>;
  promises: {
    readFile(path: string | URL): Promise<Uint8Array>;
    stat(path: string | URL): Promise<{ isFile(): boolean }>;
  };
}

async function loadFs(): Promise<FsModule> {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process?.getBuiltinModule;
  const builtin = typeof getBuiltin === 'function' ? getBuiltin('node:fs') : undefined;
  if (builtin) return builtin as FsModule;
  // A specifier in a variable: bundlers do not try to resolve it for browsers.
  const specifier = 'node:fs';
  try {
    return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as FsModule;
  } catch {
    throw new TypeError(
      'Este ambiente não lê arquivos por caminho (node:fs indisponível); envie um Blob, um File ou um stream.',
    );
  }
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || 'upload';
}

/** The media type of a file name, from its extension; `undefined` when unknown. */
export function guessMediaType(filename: string): string | undefined {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[extension];
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | null)?.getReader === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array | string> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

function tooLarge(): RangeError {
  return new RangeError(
    `O stream passa de ${DIRECT_UPLOAD_MAX_BYTES / 1024 / 1024} MB, o máximo de um envio direto; importe vídeos maiores por URL com media.upload({ url }).`,
  );
}

async function collect(chunks: AsyncIterable<Uint8Array | string>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  let size = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > DIRECT_UPLOAD_MAX_BYTES) throw tooLarge();
    parts.push(bytes);
  }
  return parts;
}

async function* readStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stop the producer when the upload gives up early (too large, aborted).
    await reader.cancel().catch(() => {});
  }
}

function isStreamOrBytes(source: MediaSource): boolean {
  return (
    isBlob(source) ||
    source instanceof ArrayBuffer ||
    ArrayBuffer.isView(source) ||
    isReadableStream(source) ||
    isAsyncIterable(source)
  );
}

// Streams come first: a Node file stream has a `path`, an HTTP request a `url`, and
// neither means "read that file" or "import that address".
function urlOf(source: MediaSource): string | undefined {
  if (source instanceof URL) return /^https?:$/.test(source.protocol) ? source.href : undefined;
  if (typeof source === 'object' && !isStreamOrBytes(source) && 'url' in source) {
    return String(source.url);
  }
  return undefined;
}

function pathOf(source: MediaSource): string | URL | undefined {
  if (typeof source === 'string') return source;
  if (source instanceof URL) return source.protocol === 'file:' ? source : undefined;
  if (typeof source === 'object' && !isStreamOrBytes(source) && 'path' in source) {
    return source.path;
  }
  return undefined;
}

/**
 * Turns a media source into the body of `POST /v1/media`. Bytes are read once, into a
 * Blob, so an automatic retry can send them again; a path becomes a Blob backed by the
 * file, read while sending.
 *
 * @example
 * ```ts
 * const body = await toUploadBody('./cafe.jpg', {});
 * // { kind: 'form', form: FormData { file: File('cafe.jpg', image/jpeg) } }
 * ```
 */
export async function toUploadBody(
  source: MediaSource,
  options: { filename?: string | undefined; contentType?: string | undefined },
): Promise<UploadBody> {
  const url = urlOf(source);
  if (url !== undefined) return { kind: 'json', body: { url } };

  let blob: Blob;
  let name = options.filename;
  const path = pathOf(source);
  if (path !== undefined) {
    if (typeof path === 'string' && /^https?:\/\//i.test(path)) {
      throw new TypeError(
        `"${path}" é uma URL, não um caminho: use media.upload({ url: '${path}' }) para importar.`,
      );
    }
    const fs = await loadFs();
    const fileName = baseName(typeof path === 'string' ? path : decodeURIComponent(path.pathname));
    name ??= fileName;
    const type = options.contentType ?? guessMediaType(fileName) ?? '';
    // Stat first: openAsBlob reports a missing file only as "Unable to open file as blob".
    if (!(await fs.promises.stat(path)).isFile()) {
      throw new TypeError(`${String(path)} não é um arquivo.`);
    }
    blob = fs.openAsBlob
      ? await fs.openAsBlob(path, { type })
      : new Blob([(await fs.promises.readFile(path)) as Uint8Array<ArrayBuffer>], { type });
  } else if (isBlob(source)) {
    blob = source;
    name ??= (source as Partial<File>).name || undefined;
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    const bytes =
      source instanceof ArrayBuffer
        ? new Uint8Array(source)
        : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  } else if (isReadableStream(source)) {
    blob = new Blob((await collect(readStream(source))) as Uint8Array<ArrayBuffer>[]);
  } else if (isAsyncIterable(source)) {
    blob = new Blob((await collect(source)) as Uint8Array<ArrayBuffer>[]);
  } else {
    throw new TypeError(
      'media.upload aceita um caminho, um Blob ou File, bytes, um stream ou { url }.',
    );
  }

  const filename = name ?? 'upload';
  const type =
    options.contentType ?? (blob.type || guessMediaType(filename) || 'application/octet-stream');
  const file = blob.type === type ? blob : new Blob([blob], { type });
  const form = new FormData();
  form.append('file', file, filename);
  return { kind: 'form', form, size: file.size };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The headers of an `XMLHttpRequest` answer, as a `Headers`. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` for one upload that reports how much of the body was sent: `fetch` cannot,
 * `XMLHttpRequest` can. `undefined` where the runtime has no `XMLHttpRequest` (Node, Bun,
 * Deno). `XMLHttpRequest` follows redirects, which `fetch` is told not to; an answer from
 * elsewhere than the address asked is refused, and callers keep API keys away from it.
 *
 * @example
 * ```ts
 * const send = progressFetch(({ loaded, total }) => console.log(`${loaded}/${total}`)) ?? fetch;
 * await send(url, { method: 'POST', body: form });
 * ```
 */
export function progressFetch(
  onProgress: (progress: { loaded: number; total: number }) => void,
): ((url: string, init: RequestInit) => Promise<Response>) | undefined {
  const Xhr = (globalThis as { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest;
  if (typeof Xhr !== 'function') return undefined;
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const xhr = new Xhr();
      const onAbort = () => xhr.abort();
      xhr.open(init.method ?? 'GET', url);
      xhr.responseType = 'blob';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        if (xhr.responseURL && xhr.responseURL !== url) {
          reject(new TypeError(`o envio foi redirecionado para ${xhr.responseURL}`));
          return;
        }
        resolve(
          new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      // The same failures fetch reports as a TypeError; an abort rejects with its reason.
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
      xhr.onloadend = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
