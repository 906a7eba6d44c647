/**
 * The two ways to reach the server, one implementation behind both: stdio, for a client
 * that starts `reelay mcp` on the person's own machine, and Streamable HTTP, for a
 * client that calls a Reelay server's `/mcp`. Over HTTP the server is stateless: each
 * POST gets a new MCP server and transport, so any instance of a Reelay deployment can
 * answer any request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createReelayMcpServer, type ReelayMcpServerOptions } from './create-server';

export interface StdioOptions extends ReelayMcpServerOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`; nothing but protocol messages is written to it. */
  stdout?: Writable;
}

/**
 * Serves the tools over stdio and resolves once the client is gone (stdin ended or
 * closed) or `signal` aborts.
 *
 * @example
 * ```ts
 * await serveStdio({ client, localFiles: true });
 * ```
 */
export async function serveStdio(options: StdioOptions & { signal?: AbortSignal }): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const server = createReelayMcpServer(options);
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    transport.onclose = resolve;
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await ended;
  await server.close();
}

/**
 * Answers one Streamable HTTP request (a POST of JSON-RPC messages) with JSON, in
 * stateless mode. `parsedBody` is the request's JSON, already read by the caller.
 *
 * @example
 * ```ts
 * server.on('request', (req, res) => handleMcpHttpRequest(req, res, { client, parsedBody }));
 * ```
 */
export async function handleMcpHttpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: Omit<ReelayMcpServerOptions, 'localFiles'> & { parsedBody: unknown },
): Promise<void> {
  // Never the local-file tool: the files of a shared server are not the caller's.
  const server = createReelayMcpServer({ ...options, localFiles: false });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, options.parsedBody);
}

/**
 * The answer to a GET or DELETE on a stateless endpoint: no server-initiated stream and
 * no session to end (405, as the MCP SDK's stateless servers answer).
 *
 * @example
 * ```ts
 * if (req.method !== 'POST') return answerMethodNotAllowed(res);
 * ```
 */
export function answerMethodNotAllowed(res: ServerResponse): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Método não permitido: envie as mensagens por POST.' },
    id: null,
  });
  res.writeHead(405, {
    allow: 'POST',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
