/**
 * Reading request bodies with the native `FST_ERR_CTP_*` answers of spec §7 for
 * malformed ones: empty or invalid JSON, an unsupported content type, a body larger than
 * allowed, or one shorter or longer than its `Content-Length`.
 */
import type { IncomingMessage } from 'node:http';
import { ReelayError, type BodyContentType } from '@reelay/core';

/** The bytes of each JSON or form body read, for routes that check a signature of them. */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * The body of a request exactly as it arrived, once its route read it; `undefined` for a
 * request without one.
 *
 * @example
 * ```ts
 * checkSignature(config, rawBodyOf(context.req)!, context.req.headers['x-hub-signature-256']);
 * ```
 */
export function rawBodyOf(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}

/** Largest JSON or form body accepted. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The media type of a request, lower-cased, without parameters. */
export function mediaTypeOf(req: IncomingMessage): string | null {
  const header = req.headers['content-type'];
  if (!header) return null;
  return header.split(';')[0]!.trim().toLowerCase() || null;
}

/** Whether the request announces a body. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads the whole body into memory, up to `limit` bytes.
 *
 * @example
 * ```ts
 * const bytes = await readBody(req, DEFAULT_BODY_LIMIT);
 * ```
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    req.resume();
    throw new ReelayError('FST_ERR_CTP_BODY_TOO_LARGE');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new ReelayError('FST_ERR_CTP_BODY_TOO_LARGE');
    }
    chunks.push(chunk);
  }
  if (declared !== undefined && Number(declared) !== size) {
    throw new ReelayError('FST_ERR_CTP_INVALID_CONTENT_LENGTH');
  }
  return Buffer.concat(chunks);
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * Reads and decodes the body of a route that accepts the given content types. Returns
 * the decoded value and which of the route's content types it matched; `undefined` when
 * the request carries no body at all.
 *
 * @example
 * ```ts
 * const { contentType, value } = await parseRequestBody(req, ['application/json']);
 * ```
 */
export async function parseRequestBody(
  req: IncomingMessage,
  accepted: readonly BodyContentType[],
  limit = DEFAULT_BODY_LIMIT,
): Promise<{ contentType: BodyContentType | null; value: unknown }> {
  const mediaType = mediaTypeOf(req);
  if (!hasBody(req) && mediaType === null) return { contentType: null, value: undefined };
  const contentType = accepted.find((type) =>
    type === 'application/json' ? mediaType !== null && isJson(mediaType) : type === mediaType,
  );
  if (!contentType) {
    req.resume();
    throw new ReelayError('FST_ERR_CTP_INVALID_MEDIA_TYPE', {
      message: `Tipo de conteúdo não suportado: ${mediaType ?? '(ausente)'}. Use ${accepted.join(' ou ')}.`,
    });
  }
  if (contentType === 'multipart/form-data') return { contentType, value: req };
  const bytes = await readBody(req, limit);
  rawBodies.set(req, bytes);
  if (contentType === 'application/x-www-form-urlencoded') {
    return { contentType, value: Object.fromEntries(new URLSearchParams(bytes.toString('utf8'))) };
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new ReelayError('FST_ERR_CTP_EMPTY_JSON_BODY');
  try {
    return { contentType, value: JSON.parse(text) };
  } catch {
    throw new ReelayError('FST_ERR_CTP_INVALID_JSON_BODY');
  }
}
