/**
 * `GET /{ig-user-id}/media`: the account's feed media, newest first, in pages (Graph's
 * default of 25, at most 100) with `since` and `until` in Unix seconds (reference §2
 * "lists up to 10K recent media … supports since/until").
 */
import type { EmulatorContext } from '../emulator-context';
import { invalidParameter } from '../graph-error';
import { parseFields } from '../http/fields';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Account } from '../state/types';
import { mediaNode } from './media-node';
import { renderNode, type RenderScope } from './node-type';
import { paginate, pagingOf } from './paging';
import { feedMedia } from './user-node';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (limit < 1) throw invalidParameter('Param limit must be a positive integer');
  return Math.min(limit, MAX_LIMIT);
}

/**
 * A page of the account's media with the fields asked for.
 *
 * @example
 * ```ts
 * listUserMedia(ctx, account, params, scope); // { data: [{ id, comments_count }], paging }
 * ```
 */
export function listUserMedia(
  ctx: EmulatorContext,
  account: Account,
  params: Params,
  scope: RenderScope,
): Reply {
  const since = params.integer('since');
  const until = params.integer('until');
  const all = feedMedia(ctx, account).filter(
    (media) =>
      (since === undefined || media.publishedAt >= since * 1000) &&
      (until === undefined || media.publishedAt <= until * 1000),
  );
  const limit = pageLimit(params.integer('limit'));
  const page = paginate(
    all,
    (media) => media.id,
    () => true,
    {
      limit,
      after: params.string('after'),
      before: params.string('before'),
    },
  );
  const fields = parseFields(params.string('fields'));
  const data = page.items.map((media) => renderNode(mediaNode, media, ctx, fields, scope));
  const paging = pagingOf(page, (media) => media.id, {
    scope,
    path: `${account.id}/media`,
    fields,
    limit,
  });
  return jsonReply(paging === undefined ? { data } : { data, paging });
}
