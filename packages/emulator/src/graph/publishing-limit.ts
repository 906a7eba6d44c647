import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter } from '../graph-error';
import { parseFields } from '../http/fields';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import { DAY_MS } from '../state/store';
import { requirePublishing } from './publishing-access';

/** Length of the publishing window, `config.quota_duration` (reference §2 "Limits"). */
export const QUOTA_DURATION_SECONDS = 86_400;

/**
 * `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config[&since=…]`
 * (reference §2 "Limits"): posts published in the rolling 24 h, or since `since` (a Unix
 * time at most 24 h old), and the quota. Without `fields` only `quota_usage` comes back.
 */
export function publishingLimit(ctx: EmulatorContext, caller: Caller, params: Params): Reply {
  requirePublishing(caller);
  const now = ctx.now();
  const since = params.integer('since');
  if (since !== undefined && since * 1000 < now - DAY_MS) {
    throw invalidParameter('The parameter since must be a Unix timestamp within the last 24 hours');
  }
  const requested = parseFields(params.string('fields'));
  const names = requested.length === 0 ? ['quota_usage'] : requested.map((field) => field.name);
  const usage = ctx.store.publishes.count(
    caller.account.id,
    now,
    since === undefined ? undefined : since * 1000,
  );
  const entry: Record<string, unknown> = {};
  for (const name of names) {
    if (name === 'quota_usage') entry.quota_usage = usage;
    // The reference's curl example asks for rate_limit_settings and is answered `config`.
    else if (name === 'config' || name === 'rate_limit_settings') {
      entry.config = { quota_total: ctx.config.quotaTotal, quota_duration: QUOTA_DURATION_SECONDS };
    } else {
      throw new GraphError({
        message: `(#100) Tried accessing nonexisting field (${name}) on node type (ContentPublishingLimit)`,
        code: 100,
      });
    }
  }
  return jsonReply({ data: [entry] });
}
