import type { IncomingMessage } from 'node:http';
import { parseConfigPatch } from '../emulator-config';
import type { EmulatorContext } from '../emulator-context';
import { parseFaultSpec } from '../faults/fault-registry';
import { routeFacebookControl } from '../facebook/facebook-control';
import { graphTimestamp } from '../graph/timestamp';
import { readBody, RequestBodyError } from '../http/read-body';
import { jsonReply, type Reply } from '../http/reply';
import { accountView, createAccount } from '../state/accounts';
import { seedAccounts, seedComments } from './bulk-seed';
import {
  addCommentAction,
  addMentionAction,
  commentsAction,
  deleteCommentAction,
  webhooksView,
} from './comment-control';
import {
  containerView,
  expireTokens,
  forceContainer,
  mediaView,
  mintToken,
  revoke,
  sendCallback,
} from './control-actions';
import { ControlError } from './control-error';

/** Routes under `/_emulator/`, for tests and demos; described in docs/emulator.md. */
export const CONTROL_PREFIX = '/_emulator';

// Resources addressed by id as `/_emulator/<resource>/<id>`.
const ID_RESOURCES = new Set(['accounts', 'containers', 'faults', 'comments']);

/**
 * The control API. Bodies are JSON; answers are JSON; mistakes answer
 * `{"error":{"message"}}` with a 4xx status. Faults and latency never apply here.
 */
export async function routeControl(
  ctx: EmulatorContext,
  req: IncomingMessage,
  path: string,
): Promise<Reply> {
  const method = req.method ?? 'GET';
  const parts = path.slice(CONTROL_PREFIX.length).split('/').filter(Boolean);
  const [resource = ''] = parts;
  const route =
    parts.length === 2 && ID_RESOURCES.has(resource)
      ? `${method} /${resource}/:id`
      : `${method} /${parts.join('/')}`;
  const id = parts[1] ?? '';
  const body = async (): Promise<unknown> => {
    const raw = await readBody(req).catch((error: unknown) => {
      throw error instanceof RequestBodyError
        ? new ControlError(error.status, error.message)
        : error;
    });
    if (raw.length === 0) return undefined;
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw new ControlError(400, 'the body must be JSON');
    }
  };
  const badInput = (error: unknown): never => {
    throw error instanceof TypeError ? new ControlError(400, error.message) : error;
  };

  if (resource === 'facebook') {
    const answer = await routeFacebookControl(ctx, method, parts.slice(1), body);
    if (answer !== undefined) {
      return jsonReply(answer, method === 'POST' && parts[1] === 'users' ? 201 : 200);
    }
    throw new ControlError(404, `no control route ${method} ${path}`);
  }

  switch (route) {
    case 'GET /':
      return jsonReply({
        name: '@reelay/emulator',
        appId: ctx.config.appId,
        now: graphTimestamp(ctx.now()),
        facebookAppId: ctx.config.facebookAppId,
        accounts: ctx.store.accounts.size,
        facebookUsers: ctx.store.facebookUsers.size,
        media: ctx.store.media.size,
        comments: ctx.store.comments.size,
      });
    case 'GET /accounts':
      return jsonReply({ data: [...ctx.store.accounts.values()].map(accountView) });
    case 'POST /accounts':
      return jsonReply(accountView(createAccount(ctx, await body())), 201);
    case 'GET /accounts/:id': {
      const account = ctx.store.accounts.get(id);
      if (!account) throw new ControlError(404, `no account ${id}`);
      return jsonReply(accountView(account));
    }
    case 'POST /seed':
      return jsonReply({ data: seedAccounts(ctx, await body()) }, 201);
    case 'POST /seed/comments':
      return jsonReply(seedComments(ctx, await body()), 201);
    case 'POST /tokens':
      return jsonReply(mintToken(ctx, await body()), 201);
    case 'POST /tokens/revoke':
      return jsonReply(revoke(ctx, await body()));
    case 'POST /tokens/expire':
      return jsonReply(expireTokens(ctx, await body()));
    case 'GET /media':
      return jsonReply({
        data: [...ctx.store.media.values()].map((media) => mediaView(ctx, media)),
      });
    case 'GET /comments': {
      const mediaId = new URL(req.url ?? '/', 'http://emulator').searchParams.get('mediaId');
      return jsonReply({ data: commentsAction(ctx, mediaId ?? undefined) });
    }
    case 'POST /comments':
      return jsonReply(addCommentAction(ctx, await body()), 201);
    case 'DELETE /comments/:id':
      return jsonReply(deleteCommentAction(ctx, id));
    case 'POST /mentions':
      return jsonReply(addMentionAction(ctx, await body()), 201);
    case 'GET /webhooks':
      return jsonReply(webhooksView(ctx));
    case 'POST /webhooks':
      return jsonReply({ data: await ctx.webhooks.register(ctx, await body()) }, 201);
    case 'POST /webhooks/flush':
      return jsonReply({ data: await ctx.webhooks.flush(ctx) });
    case 'DELETE /webhooks':
      ctx.webhooks.clear();
      return jsonReply({ cleared: true });
    case 'GET /containers':
      return jsonReply({
        data: [...ctx.store.containers.values()].map((c) => containerView(ctx, c)),
      });
    case 'GET /containers/:id': {
      const container = ctx.store.containers.get(id);
      if (!container) throw new ControlError(404, `no container ${id}`);
      return jsonReply(containerView(ctx, container));
    }
    case 'POST /containers/:id':
      return jsonReply(forceContainer(ctx, id, await body()));
    case 'GET /faults':
      return jsonReply({ data: ctx.faults.list() });
    case 'POST /faults': {
      const input = await body();
      // Every fault is checked before any is added: a bad one in a list adds none.
      let specs;
      try {
        specs = (Array.isArray(input) ? input : [input]).map(parseFaultSpec);
      } catch (error) {
        return badInput(error);
      }
      const added = specs.map((spec) => ctx.faults.add(spec));
      return jsonReply(Array.isArray(input) ? { data: added } : added[0], 201);
    }
    case 'DELETE /faults':
      ctx.faults.clear();
      return jsonReply({ cleared: true });
    case 'DELETE /faults/:id':
      if (!ctx.faults.remove(id)) throw new ControlError(404, `no fault ${id}`);
      return jsonReply({ deleted: id });
    case 'GET /config':
      return jsonReply(ctx.config);
    case 'POST /config': {
      let patch;
      try {
        patch = parseConfigPatch(await body());
      } catch (error) {
        return badInput(error);
      }
      Object.assign(ctx.config, patch);
      return jsonReply(ctx.config);
    }
    case 'GET /requests':
      return jsonReply({
        data: ctx.requests.list({
          path: new URL(req.url ?? '/', 'http://emulator').searchParams.get('path') ?? undefined,
        }),
      });
    case 'DELETE /requests':
      ctx.requests.clear();
      return jsonReply({ cleared: true });
    case 'POST /reset':
      ctx.reset();
      return jsonReply({ reset: true });
    case 'GET /clock':
      return jsonReply(clockView(ctx));
    case 'POST /clock': {
      const data = (await body()) as { advanceMs?: unknown } | undefined;
      const ms = data?.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new ControlError(400, 'advanceMs (a number >= 0) is required');
      }
      ctx.clock.advance(ms);
      return jsonReply(clockView(ctx));
    }
    case 'POST /deauthorize':
      return jsonReply(await sendCallback(ctx, 'deauthorize', await body()));
    case 'POST /data-deletion':
      return jsonReply(await sendCallback(ctx, 'data-deletion', await body()));
  }
  throw new ControlError(404, `no control route ${method} ${path}`);
}

function clockView(ctx: EmulatorContext): { now: number; iso: string } {
  const now = ctx.now();
  return { now, iso: new Date(now).toISOString() };
}
