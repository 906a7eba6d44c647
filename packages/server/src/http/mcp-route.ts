/**
 * `/mcp`: the Reelay MCP server (`@reelay/mcp`) over Streamable HTTP, stateless. The
 * caller authenticates as on the API (`x-access-key`, or Bearer plus `x-project-id`), on
 * every request, with the API's own authenticator reading the stored keys and users each
 * time: a wrong, revoked or expired credential is refused whatever the method
 * (`initialize`, `tools/list`, `tools/call`…), never trusted because a session started
 * well. The tools then call this same server's API over loopback with that credential:
 * the API itself authenticates each call again, rate-limits and keeps projects apart, so
 * an MCP call can do exactly what an API call with the same credential can do. A browser
 * on another origin is refused, as the API refuses keys from one (spec §5 rule 2).
 *
 * `initialize` answers an `mcp-session-id` bound to the credential's project
 * (`security/mcp-sessions.ts`); a request that presents it with another project's
 * credential is refused, so a session cannot drift from one project to another.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReelayError } from '@reelay/core';
import { answerMethodNotAllowed, handleMcpHttpRequest } from '@reelay/mcp';
import { Reelay } from '@reelay/sdk';
import type { Clock } from '../clock';
import type { ReelayConfig } from '../config';
import type { Logger } from '../logger';
import type { McpSessionIds } from '../security/mcp-sessions';
import { readCredentials, type Authenticator, type PresentedCredentials } from './authenticate';
import type { RawRoute } from './create-app';
import { parseRequestBody } from './request-body';

export interface McpRouteDeps {
  config: Pick<ReelayConfig, 'publicUrl' | 'corsOrigins'>;
  /** The clock that checks scheduling windows, which `current_time` reports. */
  clock: Clock;
  logger: Logger;
  /** The API's authenticator: the same verification, from the same stored state. */
  authenticator: Authenticator;
  mcpSessions: McpSessionIds;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The project the request's credential may act in, verified now; otherwise the API's
 * refusal (401 for a missing, wrong, revoked or expired credential, 400 `PROJECT_REQUIRED`
 * for a session without `x-project-id`, 403 for a project not the user's).
 */
async function authenticate(
  req: IncomingMessage,
  credentials: PresentedCredentials,
  authenticator: Authenticator,
): Promise<string> {
  const principal = await authenticator.verify(credentials);
  const auth = await authenticator.authorize({ auth: 'key' }, req, credentials, principal);
  if (auth.mode !== 'project') throw new ReelayError('UNAUTHORIZED');
  return auth.projectId;
}

/**
 * A session may come from the dashboard origins CORS allows, and from nowhere else (the
 * authenticator already refuses a key sent by a browser from another origin).
 */
function checkOrigin(req: IncomingMessage, deps: McpRouteDeps): void {
  const origin = header(req, 'origin');
  if (origin === undefined || origin === new URL(deps.config.publicUrl).origin) return;
  if (!deps.config.corsOrigins.includes(origin)) {
    throw new ReelayError('UNAUTHORIZED', {
      message: 'O endpoint MCP não aceita chamadas de navegador desta origem.',
    });
  }
}

/** Refuses a session id this server did not issue, or issued for another project. */
function checkSession(sessionId: string | undefined, projectId: string, deps: McpRouteDeps) {
  if (sessionId === undefined) return;
  const found = deps.mcpSessions.check(sessionId, projectId);
  if (found === 'unknown') {
    // The MCP answer to a session the server does not know: the client starts another.
    throw new ReelayError('NOT_FOUND', {
      message: 'Sessão MCP desconhecida: conecte de novo (initialize).',
    });
  }
  if (found === 'other-project') {
    throw new ReelayError('FORBIDDEN', {
      message:
        'Esta sessão MCP foi iniciada com a credencial de outro projeto; conecte de novo (initialize) com esta.',
    });
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
 * stream) is not offered by a stateless server, nor DELETE (a session holds nothing to
 * end).
 *
 * @example
 * ```ts
 * createHttpServer({ …, rawRoutes: [...mcpRoutes({ ...context, authenticator, mcpSessions })] });
 * ```
 */
export function mcpRoutes(deps: McpRouteDeps): RawRoute[] {
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const credentials = readCredentials(req);
    const projectId = await authenticate(req, credentials, deps.authenticator);
    checkOrigin(req, deps);
    const { value: body } = await parseRequestBody(req, ['application/json']);
    if (body === undefined) throw new ReelayError('FST_ERR_CTP_EMPTY_JSON_BODY');
    if (startsSession(body)) res.setHeader('mcp-session-id', deps.mcpSessions.issue(projectId));
    else checkSession(header(req, 'mcp-session-id'), projectId, deps);
    const client = new Reelay({
      baseUrl: ownApiUrl(req),
      ...(credentials.key !== null
        ? { apiKey: credentials.key }
        : { accessToken: credentials.bearer!, projectId }),
      // A tool reports a rate limit at once, with its wait, instead of holding the call.
      retry: { maxRetries: 0 },
    });
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
    { method: 'DELETE', path: '/mcp', handler: (_req, res) => answerMethodNotAllowed(res) },
  ];
}
