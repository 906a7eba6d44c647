/**
 * A tiny real HTTP server that answers what a test scripts: for the transport cases a
 * Reelay server cannot produce on demand (an `INTERNAL_ERROR`, a gateway page, a dropped
 * connection, a slow answer). Every request is recorded with its headers and body.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json: any;
}

/** What the server does with one request. */
export type Script =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** Milliseconds before answering. */
      delayMs?: number;
    }
  | { drop: true }
  | ((request: RecordedRequest, res: ServerResponse) => void | Promise<void>);

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Queues answers, used in order; when none is left, `fallback` answers. */
  answer(...scripts: Script[]): void;
  fallback: Script;
  close(): Promise<void>;
}

/**
 * An error envelope (spec §7).
 *
 * @example
 * ```ts
 * server.answer(envelope(500, 'INTERNAL_ERROR'), { status: 200, body: { success: true } });
 * ```
 */
export function envelope(
  status: number,
  code: string,
  extra: { message?: string; details?: unknown; headers?: Record<string, string> } = {},
): Script {
  return {
    status,
    headers: { 'x-request-id': `req-${code.toLowerCase()}`, ...extra.headers },
    body: {
      statusCode: status,
      code,
      message: extra.message ?? `erro ${code}`,
      ...(extra.details ? { details: extra.details } : {}),
    },
  };
}

/**
 * Starts a scripted server on a free loopback port.
 *
 * @example
 * ```ts
 * const server = await startScriptedServer();
 * server.answer({ status: 200, body: { success: true, profiles: [], total: 0 } });
 * ```
 */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  const state = {
    fallback: { status: 200, body: { success: true } } as Script,
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let json: unknown;
    try {
      json = body.length ? JSON.parse(body.toString('utf8')) : undefined;
    } catch {
      json = undefined;
    }
    const request: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      json,
    };
    requests.push(request);
    const script = queue.shift() ?? state.fallback;
    if (typeof script === 'function') return script(request, res);
    if ('drop' in script) {
      req.socket.destroy();
      return;
    }
    if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
    if (res.destroyed) return;
    const text =
      script.body === undefined
        ? ''
        : typeof script.body === 'string'
          ? script.body
          : JSON.stringify(script.body);
    res.writeHead(script.status, {
      ...(typeof script.body === 'string' ? {} : { 'content-type': 'application/json' }),
      ...script.headers,
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...scripts) => queue.push(...scripts),
    get fallback() {
      return state.fallback;
    },
    set fallback(script: Script) {
      state.fallback = script;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
