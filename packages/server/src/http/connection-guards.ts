/**
 * Answers for requests that never reach a route: Node's parser refuses them (a garbage
 * request line, headers over the size limit), or the client is too slow (headers that
 * never end, a body that stops arriving). Node would answer the first ones with an empty
 * body and wait on the last one for minutes; here every one of them answers promptly in
 * the spec §7 envelope.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ReelayError } from '@reelay/core';
import { hasBody } from './request-body';
import { publicEnvelope, sendJson } from './respond';

/**
 * The longest a whole request may take to arrive, headers and body. Large enough for a
 * 50 MB upload at about 230 kbit/s; slow clients are cut off earlier by the idle limit.
 */
export const REQUEST_TIMEOUT_MS = 30 * 60_000;

/**
 * How often a timeout is checked (Node's headers and request timeouts, the body idle
 * watch): a quarter of the timeout, at most every second, so a slow client hears back
 * soon after its limit.
 *
 * @example
 * ```ts
 * timeoutCheckInterval(15_000); // 1000
 * ```
 */
export function timeoutCheckInterval(timeoutMs: number): number {
  return Math.max(50, Math.min(1_000, Math.floor(timeoutMs / 4)));
}

/** The envelope error for a request Node's parser refused, or `null` when nobody is left to answer. */
function clientErrorOf(error: NodeJS.ErrnoException): ReelayError | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null;
    case 'HPE_HEADER_OVERFLOW':
      return new ReelayError('HEADERS_TOO_LARGE', {
        message: 'Os cabeçalhos da requisição passam do tamanho aceito (16 KB).',
      });
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ReelayError('FST_ERR_CTP_BODY_TOO_LARGE', {
        message: 'As extensões de chunk da requisição são grandes demais.',
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ReelayError('REQUEST_TIMEOUT', {
        message: 'A requisição não chegou inteira a tempo (cabeçalhos ou corpo); envie de novo.',
      });
    default:
      return new ReelayError('VALIDATION_ERROR', {
        message: 'A requisição HTTP está malformada e não pôde ser lida.',
      });
  }
}

/** The socket of a request, with the answer in progress on it (Node's own field). */
type ServerSocket = Duplex & { _httpMessage?: ServerResponse | null };

/**
 * Answers a request Node's HTTP parser refused (the server's `clientError` event) in the
 * envelope, then closes the connection. When an answer has already started on the
 * connection, it is cut instead: writing more would corrupt it.
 *
 * @example
 * ```ts
 * server.on('clientError', (error, socket) => answerClientError(error, socket));
 * ```
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  onAnswered: (res: ServerResponse) => void = () => {},
): void {
  const inFlight = (socket as ServerSocket)._httpMessage;
  const answer = clientErrorOf(error);
  if (!answer || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (inFlight) onAnswered(inFlight);
  const body = JSON.stringify(publicEnvelope(answer));
  const head = [
    `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${randomUUID()}`,
    'connection: close',
  ].join('\r\n');
  // A client that does not read its answer must not keep the connection open.
  const giveUp = setTimeout(() => socket.destroy(), 5_000);
  giveUp.unref();
  socket.end(`${head}\r\n\r\n${body}`, () => {
    clearTimeout(giveUp);
    socket.destroy();
  });
}

/**
 * Watches a request's body: when no byte of it arrives for `idleMs` before it is
 * complete (a client that announced more than it sends, or stalled), answers 408
 * `REQUEST_TIMEOUT` and closes the connection. A body that keeps arriving, however
 * slowly, is never cut here, and neither is one waiting on the server: bytes received
 * but not yet read count as progress.
 *
 * @example
 * ```ts
 * watchBodyIdle(req, res, config.bodyIdleTimeoutMs, () => timedOut.add(res));
 * ```
 */
export function watchBodyIdle(
  req: IncomingMessage,
  res: ServerResponse,
  idleMs: number,
  onTimeout: () => void = () => {},
): void {
  if (!hasBody(req)) return;
  let lastRead = req.socket.bytesRead;
  let lastProgress = performance.now();
  const timer = setInterval(() => {
    if (req.complete || req.destroyed || res.writableEnded) return clearInterval(timer);
    const read = req.socket.bytesRead;
    const now = performance.now();
    if (read !== lastRead || req.readableLength > 0) {
      lastRead = read;
      lastProgress = now;
      return;
    }
    if (now - lastProgress < idleMs) return;
    clearInterval(timer);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    onTimeout();
    const error = new ReelayError('REQUEST_TIMEOUT', {
      message: `O corpo da requisição ficou incompleto: nada chegou por ${Math.round(idleMs / 1000)} s. Envie de novo.`,
    });
    sendJson(res, error.statusCode, publicEnvelope(error), { connection: 'close' });
  }, timeoutCheckInterval(idleMs));
  timer.unref();
  res.once('close', () => clearInterval(timer));
}
