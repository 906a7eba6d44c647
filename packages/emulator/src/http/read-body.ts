import type { IncomingMessage } from 'node:http';

/** Largest request body accepted; Graph calls carry parameters, never media bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body that could not be read or parsed; the boundary answers it in its own envelope. */
export class RequestBodyError extends Error {
  override readonly name = 'RequestBodyError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Parameters of one request: query string and body merged, body winning. */
export type RawParams = Record<string, unknown>;

/**
 * Reads the parameters of a request from the query string and from the body, whichever
 * of the three encodings the caller used (reference §2 "Flow": query, form, JSON), plus
 * `multipart/form-data` text fields, which `curl -F` sends.
 *
 * @example
 * ```ts
 * const params = await readParams(req, new URL(req.url!, 'http://emulator'));
 * ```
 */
export async function readParams(req: IncomingMessage, url: URL): Promise<RawParams> {
  const params: RawParams = {};
  addSearchParams(params, url.searchParams);
  if (!hasBody(req)) return params;
  const body = await readBody(req);
  if (body.length === 0) return params;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new RequestBodyError('The request body is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new RequestBodyError('The JSON request body must be an object');
    }
    Object.assign(params, parsed);
  } else if (type.startsWith('multipart/form-data')) {
    Object.assign(params, parseMultipart(body, type));
  } else {
    // Form encoding is what curl -d sends and what the OAuth endpoint expects; a body with
    // no type is read the same way.
    addSearchParams(params, new URLSearchParams(body.toString('utf8')));
  }
  return params;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/** Reads the whole body, refusing more than {@link MAX_BODY_BYTES}. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) fail(new RequestBodyError('The request body is too large', 413));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', fail);
    // A client that goes away mid-body never sends 'end'.
    req.on('close', () => fail(new RequestBodyError('The request body was not received')));
  });
}

function addSearchParams(params: RawParams, search: URLSearchParams): void {
  for (const [key, value] of search) {
    const previous = params[key];
    // A repeated name (children=1&children=2) becomes a list, like an array in JSON.
    if (previous === undefined) params[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else params[key] = [previous, value];
  }
}

function parseMultipart(body: Buffer, contentType: string): RawParams {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new RequestBodyError('The multipart body has no boundary');
  const params: RawParams = {};
  const text = body.toString('utf8');
  for (const part of text.split(`--${boundary}`)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) continue;
    const headers = part.slice(0, headerEnd);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    // File parts are skipped: the platform takes media by URL, not by upload.
    if (name === undefined || /filename=/i.test(headers)) continue;
    params[name] = part.slice(headerEnd + 4).replace(/\r\n$/, '');
  }
  return params;
}
