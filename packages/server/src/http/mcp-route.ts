/**
 * `/mcp`: the Reelay MCP server (`@reelay/mcp`) over Streamable HTTP, stateless. The
 * caller authenticates as on the API (`x-access-key`, or Bearer plus `x-project-id`), and
 * its tools call this same server's API over loopback with that credential: the API
 * itself authenticates, rate-limits and keeps projects apart, so an MCP call can do
 * exactly what an API call with the same credential can do. A browser on another origin
 * is refused, as the API refuses keys from one (spec §5 rule 2).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReelayError } from '@reelay/core';
import { answerMethodNotAllowed, handleMcpHttpRequest } from '@reelay/mcp';
import { isReelayError as isSdkError, Reelay } from '@reelay/sdk';
import type { Clock } from '../clock';
import type { ReelayConfig } from '../config';
import type { Logger } from '../logger';
import type { RawRoute } from './create-app';
import { parseRequestBody } from './request-body';
import { sendJson } from './respond';

export interface McpRouteDeps {
  config: Pick<ReelayConfig, 'publicUrl' | 'corsOrigins'>;
  /** The clock that checks scheduling windows, which `current_time` reports. */
  clock: Clock;
  logger: Logger;
}

type Credential = { apiKey: string } | { accessToken: string; projectId: string | undefined };

const unauthorized = (message: string) => new ReelayError('UNAUTHORIZED', { message });

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The credential of the request, with the API's answers when it has none or two. */
function credentialOf(req: IncomingMessage): Credential {
  const apiKey = header(req, 'x-access-key');
  const authorization = header(req, 'authorization');
  if (!apiKey && !authorization) {
    throw unauthorized('Credencial ausente: envie x-access-key ou Authorization: Bearer.');
  }
  if (apiKey && authorization) {
    throw unauthorized('Envie x-access-key ou Authorization: Bearer, não os dois.');
  }
  if (apiKey) return { apiKey };
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization!)?.[1];
  if (!bearer) throw unauthorized('Credencial inválida, revogada ou expirada.');
  return { accessToken: bearer, projectId: header(req, 'x-project-id') };
}

/**
 * Keys are for servers: a browser on another origin may not send one. A session may come
 * from the dashboard origins CORS allows, and from nowhere else.
 */
function checkOrigin(req: IncomingMessage, credential: Credential, deps: McpRouteDeps): void {
  const origin = header(req, 'origin');
  if (origin === undefined || origin === new URL(deps.config.publicUrl).origin) return;
  if ('apiKey' in credential) {
    throw unauthorized(
      'Chaves de API são para uso em servidor: chamadas de navegador de outra origem são recusadas.',
    );
  }
  if (!deps.config.corsOrigins.includes(origin)) {
    throw unauthorized('O endpoint MCP não aceita chamadas de navegador desta origem.');
  }
}

/** This server as the request reached it: the loopback path to its own API. */
function ownApiUrl(req: IncomingMessage): string {
  const { localAddress, localPort } = req.socket;
  const host = !localAddress
    ? '127.0.0.1'
    : localAddress.includes(':')
      ? `[${localAddress}]`
      : localAddress;
  return `http://${host}:${localPort}`;
}

function startsSession(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) => (message as { method?: unknown } | null)?.method === 'initialize',
  );
}

/**
 * The routes of the MCP endpoint: POST carries the messages; GET (a server-initiated
 * stream) is not offered by a stateless server.
 *
 * @example
 * ```ts
 * createHttpServer({ …, rawRoutes: [...mcpRoutes(context)] });
 * ```
 */
export function mcpRoutes(deps: McpRouteDeps): RawRoute[] {
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const credential = credentialOf(req);
    checkOrigin(req, credential, deps);
    const { value: body } = await parseRequestBody(req, ['application/json']);
    if (body === undefined) throw new ReelayError('FST_ERR_CTP_EMPTY_JSON_BODY');
    const client = new Reelay({
      baseUrl: ownApiUrl(req),
      ...('apiKey' in credential
        ? { apiKey: credential.apiKey }
        : {
            accessToken: credential.accessToken,
            ...(credential.projectId ? { projectId: credential.projectId } : {}),
          }),
      // A tool reports a rate limit at once, with its wait, instead of holding the call.
      retry: { maxRetries: 0 },
    });
    if (startsSession(body)) {
      // A refused credential is refused when the client connects, in the API's envelope.
      try {
        await client.health.check();
      } catch (error) {
        if (!isSdkError(error) || error.statusCode === 0) throw error;
        const { code, statusCode, message, details } = error;
        sendJson(res, statusCode, { statusCode, code, message, ...(details ? { details } : {}) });
        return;
      }
    }
    await handleMcpHttpRequest(req, res, {
      client,
      parsedBody: body,
      clock: () => new Date(deps.clock.now()),
      logger: deps.logger,
    });
  }

  return [
    { method: 'POST', path: '/mcp', handler: answer },
    { method: 'GET', path: '/mcp', handler: (_req, res) => answerMethodNotAllowed(res) },
  ];
}
