import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ControlError } from './control/control-error';
import { CONTROL_PREFIX, routeControl } from './control/control-router';
import type { EmulatorContext } from './emulator-context';
import { faultAnswer, type FaultTarget } from './faults/fault-kinds';
import { type Fault, faultEffect } from './faults/fault-registry';
import { GraphError, LegacyOAuthError } from './graph-error';
import { FACEBOOK_PREFIX, routeFacebook } from './facebook/facebook-router';
import { businessUsageHeader, meterCall, meteredAccount } from './graph/business-usage';
import { routeGraph } from './graph/graph-router';
import { Params } from './http/params';
import { readParams, RequestBodyError, type RawParams } from './http/read-body';
import { jsonReply, type Reply } from './http/reply';
import { isUploadPath, routeUpload, uploadBaseFor } from './graph/upload-host';

/** What the server shares with the handler: connections held by `hang` faults, and shutdown. */
export interface ServerLifecycle {
  readonly hanging: Set<ServerResponse>;
  readonly closing: AbortSignal;
}

const VERSION = /^v\d+(\.\d+)?$/;

/**
 * The request pipeline: control routes go straight to the control API; platform routes
 * read their parameters, meet any matching fault and the configured latency, run, and have
 * their errors written in the platform's envelope with a fresh `fbtrace_id`.
 */
export function createRequestHandler(ctx: EmulatorContext, lifecycle: ServerLifecycle) {
  return function handleRequest(req: IncomingMessage, res: ServerResponse): void {
    handle(ctx, lifecycle, req, res).catch((error: unknown) => {
      // Only shutdown (an aborted latency sleep) or an unreadable request line gets here.
      if (!res.headersSent) res.destroy(error instanceof Error ? error : undefined);
    });
  };
}

async function handle(
  ctx: EmulatorContext,
  lifecycle: ServerLifecycle,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  // Joined, not resolved against a base: `//host/x` must stay a path, not become a host.
  const target = req.url ?? '/';
  const url = new URL(`http://emulator${target.startsWith('/') ? '' : '/'}${target}`);
  const path = url.pathname;
  // A browser showing the consent page asks for an icon: there is none, and no content is
  // a plainer answer than a Graph error (nor is the request recorded as a platform call).
  if (path === '/favicon.ico' && (req.method === 'GET' || req.method === 'HEAD')) {
    send(res, { status: 204, headers: { 'cache-control': 'max-age=86400' }, body: '' });
    return;
  }
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    send(res, await settle(ctx, () => routeControl(ctx, req, path)));
    return;
  }

  const method = req.method ?? 'GET';
  const segments = path.split('/').filter(Boolean);
  // The Facebook hosts live under their own prefix, the Instagram hosts at the root.
  const facebook = segments[0] === FACEBOOK_PREFIX;
  if (facebook) segments.shift();
  const version =
    segments[0] !== undefined && VERSION.test(segments[0]) ? segments.shift() : undefined;
  // Where `paging.next` links point: the host and prefix the client used.
  const base =
    `http://${req.headers.host ?? 'emulator'}` +
    (facebook ? `/${FACEBOOK_PREFIX}` : '') +
    (version === undefined ? '' : `/${version}`);
  // The upload host's body is video bytes, read by its handler; its headers are its parameters.
  const upload = !facebook && isUploadPath(segments);
  let raw: RawParams;
  try {
    raw = upload ? uploadParams(req) : await readParams(req, url);
  } catch (error) {
    send(res, errorReply(ctx, error));
    return;
  }
  ctx.requests.record(method, path, raw, ctx.now());
  const token = accessToken(raw, req.headers);
  const fault = ctx.faults.empty
    ? undefined
    : ctx.faults.take(method, path, () => actorOf(ctx, segments, raw, token));
  const before = ctx.config.latencyMs + (fault && !fault.after ? (fault.latencyMs ?? 0) : 0);
  if (before > 0) await sleep(before, undefined, { signal: lifecycle.closing });
  const faultTarget = () => ({
    method,
    nodeId: segments[0] ?? '',
    accountId: actorOf(ctx, segments, raw, token),
  });
  const keepBytes = upload && fault && !fault.after ? fault.keepBytes : undefined;
  if (
    keepBytes === undefined &&
    fault &&
    !fault.after &&
    applyFault(ctx, lifecycle, fault, req, res, faultTarget)
  )
    return;

  if (upload) {
    const answer = await routeUpload(ctx, { method, segments, token, req, keepBytes });
    if (answer === 'closed') return;
    if (fault?.after) {
      if (fault.latencyMs) await sleep(fault.latencyMs, undefined, { signal: lifecycle.closing });
      if (applyFault(ctx, lifecycle, fault, req, res, faultTarget)) return;
    }
    send(res, answer);
    return;
  }

  // Reference §10.6: calls on an account count against its Business Use Case budget.
  const metered = meteredAccount(ctx, segments, token);
  const throttled = metered === undefined ? undefined : meterCall(ctx, metered);
  if (throttled) {
    send(res, graphErrorReply(ctx, throttled));
    return;
  }

  const request = {
    method,
    segments,
    params: new Params(raw),
    token,
    base,
    uploadBase: uploadBaseFor(req.headers.host ?? 'emulator', version),
  };
  let reply = await settle(ctx, () =>
    facebook ? routeFacebook(ctx, request) : routeGraph(ctx, request),
  );
  if (metered !== undefined) {
    reply = { ...reply, headers: { ...reply.headers, ...businessUsageHeader(ctx, metered) } };
  }

  if (fault?.after) {
    if (fault.latencyMs) await sleep(fault.latencyMs, undefined, { signal: lifecycle.closing });
    if (applyFault(ctx, lifecycle, fault, req, res, faultTarget)) return;
  }
  send(res, reply);
}

/** Runs a handler and turns whatever it throws into the reply the platform would give. */
async function settle(ctx: EmulatorContext, run: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run();
  } catch (error) {
    return errorReply(ctx, error);
  }
}

function errorReply(ctx: EmulatorContext, error: unknown): Reply {
  if (error instanceof GraphError) return graphErrorReply(ctx, error);
  if (error instanceof LegacyOAuthError) return jsonReply(error.toBody(), error.status);
  if (error instanceof ControlError)
    return jsonReply({ error: { message: error.message } }, error.status);
  if (error instanceof RequestBodyError) {
    return graphErrorReply(
      ctx,
      new GraphError({ message: `(#100) ${error.message}`, code: 100, status: error.status }),
    );
  }
  // A bug in the emulator: answered like the platform's own unknown error, and shown.
  console.error('[reelay-emulator] unexpected error', error);
  return graphErrorReply(
    ctx,
    new GraphError({
      message: 'An unknown error has occurred.',
      code: 1,
      isTransient: true,
      status: 500,
    }),
  );
}

function graphErrorReply(ctx: EmulatorContext, error: GraphError): Reply {
  const fbtrace = ctx.ids.fbtrace();
  return jsonReply(error.toEnvelope(fbtrace), error.status, {
    ...error.headers,
    'x-fb-trace-id': fbtrace,
  });
}

/** Carries out a fault; false when it only added latency and the request goes on. */
function applyFault(
  ctx: EmulatorContext,
  lifecycle: ServerLifecycle,
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  target: () => FaultTarget,
): boolean {
  switch (faultEffect(fault)) {
    case 'latency':
      return false;
    case 'hang':
      lifecycle.hanging.add(res);
      res.once('close', () => lifecycle.hanging.delete(res));
      return true;
    case 'drop':
    case 'truncate':
      req.socket.destroy();
      return true;
    case 'error':
      send(res, graphErrorReply(ctx, faultAnswer(ctx, fault, target())));
      return true;
    case 'body':
      send(res, {
        status: fault.status ?? 502,
        headers: { 'content-type': 'text/html; charset=UTF-8' },
        body: fault.body ?? '',
      });
      return true;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

/** What the log keeps of an upload request: its offset, size and `file_url` headers. */
function uploadParams(req: IncomingMessage): RawParams {
  const params: RawParams = {};
  for (const name of ['offset', 'file_size', 'file_url']) {
    const value = req.headers[name];
    if (typeof value === 'string') params[name] = value;
  }
  return params;
}

/**
 * The access token, from the `access_token` parameter or an `Authorization: Bearer` or
 * `OAuth` header; the reference shows all three in use.
 */
function accessToken(params: RawParams, headers: IncomingHttpHeaders): string | undefined {
  const param = params.access_token;
  if (typeof param === 'string' && param !== '') return param;
  const match = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** The account a request acts for, for faults filtered by account. */
function actorOf(
  ctx: EmulatorContext,
  segments: readonly string[],
  params: RawParams,
  token: string | undefined,
): string | undefined {
  if (token !== undefined) {
    const owner = ctx.store.tokens.get(token)?.accountId;
    if (owner !== undefined) return owner;
    // A Page token acts for the Instagram account linked to its Page.
    const pageId = ctx.store.facebookTokens.get(token)?.pageId;
    const linked =
      pageId === undefined ? undefined : ctx.store.pages.get(pageId)?.instagramAccountId;
    if (linked) return linked;
  }
  if (typeof params.code === 'string') {
    const owner = ctx.store.codes.get(params.code)?.accountId;
    if (owner !== undefined) return owner;
  }
  if (typeof params.account === 'string') return params.account;
  const first = segments[0];
  return first !== undefined && ctx.store.accounts.has(first) ? first : undefined;
}
