/**
 * The resumable upload host, `rupload.facebook.com` (reference §2 "Resumable video upload"),
 * served under `/rupload`: a container created with `upload_type=resumable` receives its
 * video's bytes at `{base}/ig-api-upload/{version}/{container}`, in chunks that follow one
 * another, and is then processed like a fetched video.
 *
 * Beyond the reference, and documented in docs/emulator.md: a chunk that leaves the file
 * incomplete answers `{"success":true,"message":"Chunk received.","offset":…}`, and
 * `GET` on the upload address answers the acknowledged offset so a client can resume.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { EmulatorContext } from '../emulator-context';
import { authenticateFacebook, reachableAccounts } from '../facebook/facebook-auth';
import { GraphError } from '../graph-error';
import { isHttpUrl } from '../http/is-http-url';
import { jsonReply, type Reply } from '../http/reply';
import { authenticate } from '../oauth/tokens';
import type { Container, UploadSession } from '../state/types';
import { containerStatus } from './container-status';
import { isMp4OrMov, SNIFF_BYTES } from './media-sniff';

/**
 * The first path segment of the upload host: point a client's upload base URL at
 * `{emulator}/rupload` (production: `https://rupload.facebook.com`).
 *
 * @example
 * ```ts
 * loadConfig({ FACEBOOK_UPLOAD_URL: `${emulator.url}/${UPLOAD_PREFIX}` });
 * ```
 */
export const UPLOAD_PREFIX = 'rupload';
/** The path segment after the prefix (reference §2: `/ig-api-upload/{ver}/{id}`). */
export const UPLOAD_PATH = 'ig-api-upload';
/** The version put in the upload address of a container created without one. */
const DEFAULT_UPLOAD_VERSION = 'v25.0';

/** A fresh session: nothing received yet. */
export function newUploadSession(): UploadSession {
  return {
    fileSize: null,
    offset: 0,
    head: new Uint8Array(0),
    hash: createHash('sha256'),
    sha256: null,
    fileUrl: null,
    chunkOffsets: [],
  };
}

/**
 * The upload address answered with a resumable container, from the host and version the
 * creation request used (`http://127.0.0.1:8090/rupload/ig-api-upload/v25.0`).
 */
export function uploadUri(base: string | undefined, containerId: string): string {
  return `${base ?? `http://emulator/${UPLOAD_PREFIX}/${UPLOAD_PATH}/${DEFAULT_UPLOAD_VERSION}`}/${containerId}`;
}

/**
 * The base of upload addresses for a request that reached `host` (with the version it
 * used, if any).
 */
export function uploadBaseFor(host: string, version: string | undefined): string {
  return `http://${host}/${UPLOAD_PREFIX}/${UPLOAD_PATH}/${version ?? DEFAULT_UPLOAD_VERSION}`;
}

/** True for a path of the upload host; its body is video bytes, not parameters. */
export function isUploadPath(segments: readonly string[]): boolean {
  return segments[0] === UPLOAD_PREFIX;
}

/** The upload host's refusal: `{"debug_info":{retriable,type,message}}` (reference §2). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly type = 'ProcessingFailedError',
    readonly retriable = false,
  ) {
    super(message);
  }

  toReply(): Reply {
    return jsonReply(
      { debug_info: { retriable: this.retriable, type: this.type, message: this.message } },
      this.status,
    );
  }
}

/** What the request handler passes in: the request, its token and an injected fault. */
export interface UploadRequest {
  readonly method: string;
  readonly segments: readonly string[];
  readonly token: string | undefined;
  readonly req: IncomingMessage;
  /**
   * A `keepBytes` fault: keep this many bytes of the chunk, then close the connection
   * without an answer (a connection lost mid-upload).
   */
  readonly keepBytes?: number | undefined;
}

/**
 * Serves one request of the upload host: `POST` stores a chunk (or takes `file_url`),
 * `GET` tells the acknowledged offset. `'closed'` means the connection was closed and no
 * answer is to be written.
 */
export async function routeUpload(
  ctx: EmulatorContext,
  request: UploadRequest,
): Promise<Reply | 'closed'> {
  const { method, segments, req } = request;
  try {
    const [, path, version, containerId, ...rest] = segments;
    if (path !== UPLOAD_PATH || version === undefined || containerId === undefined || rest.length) {
      throw new UploadError('Unknown upload path', 404, 'NotFoundError');
    }
    const container = ctx.store.containers.get(containerId);
    const session = container?.upload;
    if (!container || !session) {
      throw new UploadError(`No upload session for ${containerId}`, 404, 'NotFoundError');
    }
    checkUploader(ctx, container, request.token);
    if (method === 'GET') return jsonReply(offsetAnswer(container, session));
    if (method !== 'POST') throw new UploadError(`Unsupported method ${method}`, 405);
    const status = containerStatus(ctx, container).code;
    // An expired session is gone, as an unknown one: the client makes a new container.
    if (status === 'EXPIRED') {
      throw new UploadError(
        `The upload session of ${containerId} has expired`,
        404,
        'NotFoundError',
      );
    }
    if (status === 'PUBLISHED') {
      throw new UploadError(`The container ${containerId} is already published`);
    }
    const fileUrl = header(req, 'file_url');
    if (fileUrl !== undefined) return takeFileUrl(ctx, container, session, fileUrl);
    return await receiveChunk(ctx, container, session, request);
  } catch (error) {
    // The chunk's bytes are read (and dropped) so the client sees the answer, not a reset.
    req.resume();
    if (error instanceof UploadError) return error.toReply();
    throw error;
  }
}

function offsetAnswer(container: Container, session: UploadSession) {
  return {
    id: container.id,
    offset: session.offset,
    file_size: session.fileSize,
    complete: session.fileSize !== null && session.offset === session.fileSize,
  };
}

/**
 * The token must reach the container's account: a Facebook token through a linked Page,
 * or, when the emulator accepts resumable uploads with Instagram Login, the account's token.
 */
function checkUploader(ctx: EmulatorContext, container: Container, token: string | undefined) {
  if (token === undefined) {
    throw new UploadError('Missing Authorization: OAuth header', 401, 'OAuthException');
  }
  let allowed = false;
  try {
    if (ctx.store.facebookTokens.has(token)) {
      allowed = reachableAccounts(ctx, authenticateFacebook(ctx, token)).has(container.accountId);
    } else if (ctx.config.resumableOnInstagramLogin === 'accept') {
      allowed = authenticate(ctx, token).account.id === container.accountId;
    }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    throw new UploadError(error.message, 401, 'OAuthException');
  }
  if (!allowed) {
    throw new UploadError(
      'Invalid OAuth access token - Cannot parse access token',
      401,
      'OAuthException',
    );
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function integerHeader(req: IncomingMessage, name: string): number {
  const text = header(req, name);
  const value = text === undefined ? NaN : Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new UploadError(`The ${name} header must be a non-negative integer`);
  }
  return value;
}

/** `file_url` instead of bytes: the host fetches the video itself. */
function takeFileUrl(
  ctx: EmulatorContext,
  container: Container,
  session: UploadSession,
  fileUrl: string,
): Reply {
  if (session.offset > 0 || session.fileUrl !== null) {
    throw new UploadError('This upload session already received its media');
  }
  session.fileUrl = fileUrl;
  const done = (subcode: number | undefined) => {
    container.fetch = subcode === undefined ? { state: 'ok' } : { state: 'failed', subcode };
    container.readyAt = ctx.now() + ctx.config.videoProcessingMs;
  };
  if (!ctx.config.fetchMedia) done(isHttpUrl(fileUrl) ? undefined : 2207052);
  else void ctx.fetcher.check(fileUrl, 'video', ctx.config.mediaFetchTimeoutMs).then(done);
  return jsonReply({ success: true, message: 'Upload successful.' });
}

/** Sessions receiving a chunk: a second chunk at the same time is refused. */
const receiving = new WeakSet<UploadSession>();

async function receiveChunk(
  ctx: EmulatorContext,
  container: Container,
  session: UploadSession,
  request: UploadRequest,
): Promise<Reply | 'closed'> {
  const { req } = request;
  const offset = integerHeader(req, 'offset');
  const fileSize = integerHeader(req, 'file_size');
  if (fileSize === 0) throw new UploadError('The file_size header must be greater than 0');
  if (session.fileUrl !== null) throw new UploadError('This upload session took a file_url');
  if (session.fileSize !== null && session.fileSize !== fileSize) {
    throw new UploadError(
      `file_size ${fileSize} differs from the ${session.fileSize} bytes this upload started with`,
    );
  }
  if (receiving.has(session)) {
    throw new UploadError('Another chunk of this upload is being received', 409, 'Conflict', true);
  }
  if (offset !== session.offset) {
    throw new UploadError(
      `The offset ${offset} is not where the upload stands: resume at offset ${session.offset}`,
    );
  }
  session.fileSize = fileSize;
  session.chunkOffsets.push(offset);
  receiving.add(session);
  try {
    const kept = await storeBody(session, req, request.keepBytes);
    if (kept === 'closed') return 'closed';
  } finally {
    receiving.delete(session);
  }
  if (session.offset < fileSize) {
    return jsonReply({ success: true, message: 'Chunk received.', offset: session.offset });
  }
  complete(ctx, container, session);
  return jsonReply({ success: true, message: 'Upload successful.' });
}

/**
 * Appends the body to the session as it arrives. A connection lost midway keeps what
 * arrived (that is the offset a resume starts from); `keepBytes` closes it on purpose.
 */
async function storeBody(
  session: UploadSession,
  req: IncomingMessage,
  keepBytes: number | undefined,
): Promise<'stored' | 'closed'> {
  const room = (session.fileSize ?? 0) - session.offset;
  const limit = keepBytes === undefined ? room : Math.min(room, keepBytes);
  let received = 0;
  try {
    for await (const piece of req as AsyncIterable<Buffer>) {
      const take = piece.subarray(0, Math.max(0, limit - received));
      if (take.length > 0) append(session, take);
      received += piece.length;
      if (keepBytes !== undefined && received >= keepBytes) {
        req.socket.destroy();
        return 'closed';
      }
      if (received > room) {
        throw new UploadError(`The chunk goes past file_size (${session.fileSize} bytes)`);
      }
    }
  } catch (error) {
    if (error instanceof UploadError) throw error;
    // The client went away: what arrived is kept.
    return 'closed';
  }
  if (keepBytes !== undefined) {
    req.socket.destroy();
    return 'closed';
  }
  return 'stored';
}

function append(session: UploadSession, bytes: Buffer): void {
  if (session.head.length < SNIFF_BYTES) {
    const head = new Uint8Array(Math.min(SNIFF_BYTES, session.head.length + bytes.length));
    head.set(session.head);
    head.set(bytes.subarray(0, head.length - session.head.length), session.head.length);
    session.head = head;
  }
  session.hash.update(bytes);
  session.offset += bytes.length;
}

/** The last byte arrived: the video is checked and processed like a fetched one. */
function complete(ctx: EmulatorContext, container: Container, session: UploadSession): void {
  session.sha256 = session.hash.digest('hex');
  // A reel's cover that failed to fetch fails the container, whatever the video.
  if (container.fetch.state === 'failed') return;
  container.fetch = isMp4OrMov(session.head)
    ? { state: 'ok' }
    : { state: 'failed', subcode: 2207026 };
  container.readyAt = ctx.now() + ctx.config.videoProcessingMs;
}
