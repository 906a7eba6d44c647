/**
 * Resumable video upload (reference §2 "Resumable video upload (rupload)"): a container
 * created with `upload_type=resumable` receives its video's bytes from Reelay, in chunks
 * sent to the upload host, so the platform never has to download the file. The bytes are
 * read range by range from a source the caller gives; the whole file is never in memory.
 *
 * The host acknowledges bytes as they arrive. After a failure the upload resumes at the
 * offset the host acknowledges (`GET` on the upload address, an emulator behaviour the
 * reference does not document); a host that cannot say is started again from byte 0.
 */
import type { Readable } from 'node:stream';
import { request } from 'undici';
import * as z from 'zod';
import { InstagramPlatformError } from './instagram-platform-error';
import { parseJsonKeepingIds } from './json-with-ids';
import { observePlatformCall, type PlatformTransport } from './platform-http';
import { transportError } from './transport-error';

/**
 * Bytes sent per upload request: large enough that a reel takes a few requests, small
 * enough that a lost connection costs little and a chunk fits a slow uplink's timeout.
 *
 * @example
 * ```ts
 * await client.uploadVideo({ accessToken, containerId, source, chunkBytes: DEFAULT_UPLOAD_CHUNK_BYTES });
 * ```
 */
export const DEFAULT_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

// The production upload host lives with the other base URLs, where clients are configured.
export { DEFAULT_UPLOAD_URL } from './instagram-client-options';

/**
 * Failed chunk requests one `uploadVideo` call survives (re-reading the acknowledged
 * offset after each) before it gives up; the caller's own retries take it from there.
 */
export const UPLOAD_ATTEMPTS_PER_CALL = 3;

/** The slowest uplink a chunk is given time for, on top of the call timeout. */
const MIN_UPLOAD_BYTES_PER_SECOND = 128 * 1024;

/** Bytes `start` to `end` of a file, both included (as in an HTTP `Range`). */
export interface UploadRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Where a video's bytes come from: its size, and a stream of any range of it.
 *
 * @example
 * ```ts
 * const source: VideoByteSource = { size, read: (range) => storage.read(key, range) };
 * ```
 */
export interface VideoByteSource {
  readonly size: number;
  read(range: UploadRange): Promise<Readable | AsyncIterable<Uint8Array>>;
}

export interface UploadVideoInput {
  readonly accessToken: string;
  readonly containerId: string;
  readonly source: VideoByteSource;
  /** Bytes per request; default {@link DEFAULT_UPLOAD_CHUNK_BYTES}. */
  readonly chunkBytes?: number;
}

/** What an upload did: where it started (0, or the acknowledged offset it resumed at). */
export interface UploadVideoResult {
  readonly resumedAt: number;
  readonly chunks: number;
}

const debugInfoSchema = z.object({
  debug_info: z.object({
    retriable: z.boolean().optional(),
    type: z.string().optional(),
    message: z.string().optional(),
  }),
});
const offsetSchema = z.object({ offset: z.number().int().nonnegative() });
const chunkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  offset: z.number().int().nonnegative().optional(),
});

/** The address of a container's upload: `{base}/ig-api-upload/{version}/{container}`. */
export function uploadAddress(base: string, version: string | null, containerId: string): URL {
  return new URL(`${base}/ig-api-upload/${version ?? 'v25.0'}/${containerId}`);
}

/** The host's refusal, as a Reelay error. */
function uploadRefusal(status: number, text: string): InstagramPlatformError {
  let info: z.infer<typeof debugInfoSchema>['debug_info'] | undefined;
  try {
    info = debugInfoSchema.parse(parseJsonKeepingIds(text)).debug_info;
  } catch {
    info = undefined;
  }
  const details = {
    reason: 'upload_refused',
    status,
    ...(info?.type ? { type: info.type } : {}),
    ...(info?.message ? { platformMessage: info.message } : {}),
  };
  if (status === 401 || info?.type === 'OAuthException') {
    return new InstagramPlatformError('TOKEN_INVALID', {
      message: 'O Instagram recusou o token no envio do vídeo; reconecte a conta.',
      details,
      transient: false,
      outcome: 'refused',
    });
  }
  if (status === 404) {
    // The container is gone or expired: a new one is made (as for `CONTAINER_EXPIRED`).
    return new InstagramPlatformError('CONTAINER_EXPIRED', {
      message: 'A sessão de envio do vídeo não existe mais no Instagram.',
      details: { ...details, reason: 'upload_session_gone' },
      transient: true,
      outcome: 'refused',
    });
  }
  return new InstagramPlatformError('INTERNAL_ERROR', {
    message: 'O Instagram recusou um trecho do vídeo enviado.',
    details,
    transient: info?.retriable !== false || status >= 500,
    outcome: 'refused',
  });
}

async function readText(body: AsyncIterable<Buffer>, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sends a video's bytes to a resumable container, resuming at the offset the host
 * acknowledges. Throws `InstagramPlatformError`: `TOKEN_INVALID` for a refused token,
 * `CONTAINER_EXPIRED` when the upload session is gone, otherwise `INTERNAL_ERROR`
 * (transient unless the host says it is not) once {@link UPLOAD_ATTEMPTS_PER_CALL}
 * attempts failed.
 *
 * @example
 * ```ts
 * await uploadVideoBytes(transport, uploadAddress(base, 'v25.0', id), {
 *   accessToken, containerId: id, source: { size, read: (range) => storage.read(key, range) },
 * });
 * ```
 */
export async function uploadVideoBytes(
  transport: PlatformTransport,
  address: URL,
  input: UploadVideoInput,
): Promise<UploadVideoResult> {
  const { accessToken, source } = input;
  const chunkBytes = input.chunkBytes ?? DEFAULT_UPLOAD_CHUNK_BYTES;
  if (!Number.isSafeInteger(source.size) || source.size <= 0) {
    throw new TypeError('source.size must be a positive integer');
  }
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes <= 0) {
    throw new TypeError('chunkBytes must be a positive integer');
  }
  const secrets = [accessToken];
  const authorization = `OAuth ${accessToken}`;
  const { timeouts } = transport;

  /** The acknowledged offset, or `null` when the host cannot say. */
  async function acknowledged(): Promise<number | null> {
    try {
      return await observePlatformCall(transport, 'GET', address, async (answer) => {
        let status: number;
        let text: string;
        try {
          const response = await request(address, {
            method: 'GET',
            dispatcher: transport.dispatcher,
            headersTimeout: timeouts.headersMs,
            bodyTimeout: timeouts.bodyMs,
            signal: AbortSignal.timeout(timeouts.totalMs),
            headers: { authorization, accept: 'application/json' },
          });
          status = answer.status = response.statusCode;
          text = await readText(response.body, transport.maxResponseBytes);
        } catch (thrown) {
          throw transportError(thrown, secrets);
        }
        if (status !== 200) throw uploadRefusal(status, text);
        const parsed = offsetSchema.safeParse(parseJsonKeepingIds(text));
        return parsed.success && parsed.data.offset <= source.size ? parsed.data.offset : null;
      });
    } catch (error) {
      // A refused token or a session that is gone ends the upload; anything else only
      // means the host cannot say where it is, and the upload starts over from 0.
      if (
        error instanceof InstagramPlatformError &&
        (error.code === 'TOKEN_INVALID' || error.code === 'CONTAINER_EXPIRED')
      ) {
        throw error;
      }
      return null;
    }
  }

  /** Sends bytes `start` to `end`; answers the offset the host acknowledges after them. */
  async function sendChunk(start: number, end: number): Promise<number> {
    const length = end - start + 1;
    // Read before the call starts: a storage fault is not a platform call.
    const body = await source.read({ start, end });
    return observePlatformCall(transport, 'POST', address, async (answer) => {
      let status: number;
      let text: string;
      try {
        const response = await request(address, {
          method: 'POST',
          dispatcher: transport.dispatcher,
          headersTimeout: timeouts.headersMs,
          bodyTimeout: timeouts.bodyMs,
          signal: AbortSignal.timeout(
            timeouts.totalMs + Math.ceil((length / MIN_UPLOAD_BYTES_PER_SECOND) * 1000),
          ),
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/octet-stream',
            'content-length': String(length),
            offset: String(start),
            file_size: String(source.size),
          },
          body: body as Readable,
        });
        status = answer.status = response.statusCode;
        text = await readText(response.body, transport.maxResponseBytes);
      } catch (thrown) {
        // A stream that did not end is not ours to keep open.
        (body as Partial<Readable>).destroy?.();
        throw transportError(thrown, secrets);
      }
      if (status < 200 || status >= 300) throw uploadRefusal(status, text);
      let parsed: z.infer<typeof chunkAnswerSchema> | undefined;
      try {
        parsed = chunkAnswerSchema.parse(parseJsonKeepingIds(text));
      } catch {
        throw uploadRefusal(status, text);
      }
      if (parsed.offset !== undefined) return parsed.offset;
      // "Upload successful." without an offset: everything sent so far is there.
      return end + 1;
    });
  }

  const resumedAt = (await acknowledged()) ?? 0;
  let offset = resumedAt;
  let chunks = 0;
  let failures = 0;
  while (offset < source.size) {
    const end = Math.min(offset + chunkBytes, source.size) - 1;
    try {
      const next = await sendChunk(offset, end);
      chunks += 1;
      if (next > offset) {
        offset = next;
        continue;
      }
      // No progress acknowledged: counted as a failure so a confused host cannot loop us.
      throw new InstagramPlatformError('INTERNAL_ERROR', {
        message: 'O Instagram não confirmou o trecho do vídeo enviado.',
        details: { reason: 'upload_no_progress', offset },
        transient: true,
        outcome: 'unknown',
      });
    } catch (error) {
      if (
        error instanceof InstagramPlatformError &&
        (error.code === 'TOKEN_INVALID' || error.code === 'CONTAINER_EXPIRED')
      ) {
        throw error;
      }
      failures += 1;
      if (failures >= UPLOAD_ATTEMPTS_PER_CALL) throw error;
      // Part of the chunk (or all of it) may have arrived: the host says where to go on.
      offset = (await acknowledged()) ?? 0;
    }
  }
  return { resumedAt, chunks };
}
