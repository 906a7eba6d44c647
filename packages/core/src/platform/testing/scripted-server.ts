/**
 * A tiny real HTTP server for tests: it answers the exact bytes a test scripts, records
 * every request, and can hang or drop connections, so the client is tested over real HTTP.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as received. */
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface ScriptedAnswer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** The exact body bytes; a string is sent as UTF-8. */
  readonly body?: string | Buffer;
  /** Wait before answering. */
  readonly delayMs?: number;
  /** Never answer. */
  readonly hang?: boolean;
  /** Destroy the socket instead of answering. */
  readonly drop?: boolean;
}

export type Script = (request: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>;

export interface ScriptedServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Replaces the script. */
  answer(script: Script): void;
  close(): Promise<void>;
}

/**
 * A JSON answer with the given status, the body being the exact text given.
 *
 * @example
 * ```ts
 * server.answer(() => json('{"id":"1790"}'));
 * ```
 */
export function json(body: string, status = 200): ScriptedAnswer {
  return { status, body, headers: { 'content-type': 'application/json; charset=UTF-8' } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts a scripted server on a free local port.
 *
 * @example
 * ```ts
 * const server = await startScriptedServer(() => json('{}', 200));
 * // … point a client at server.url, read server.requests …
 * await server.close();
 * ```
 */
export async function startScriptedServer(initial: Script): Promise<ScriptedServer> {
  let script = initial;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body: await readBody(request),
    };
    requests.push(recorded);
    let answer: ScriptedAnswer;
    try {
      answer = await script(recorded);
    } catch (error) {
      answer = { status: 599, body: String(error) };
    }
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.hang) return;
    if (answer.drop) {
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    response.end(answer.body ?? '');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      script = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
