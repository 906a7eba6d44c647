/**
 * The background task of evergreen queues: fills empty slots through the same acceptance
 * as `POST /v1/posts`, on the server's behalf (kept apart from evergreen-fill.ts, as the
 * series' job is from series.ts).
 */
import { SYSTEM_ACTOR } from '../store/activity';
import { acceptChecked, fingerprint } from './accept-post';
import { fillEvergreenSlots } from './evergreen-fill';
import type { PublishingDeps } from './publishing-deps';

/**
 * Fills the empty slots coming up of every schedule that recycles; answers how many
 * copies it created. The copies are the server's: a post already published went through
 * any approval it needed.
 *
 * @example
 * ```ts
 * const tasks = { fillEvergreenSlots: () => runEvergreenQueues(context) };
 * ```
 */
export function runEvergreenQueues(ctx: PublishingDeps): Promise<{ created: number }> {
  return fillEvergreenSlots(ctx, (projectId, body, recycledFrom) =>
    acceptChecked(ctx, {
      projectId,
      body,
      hash: fingerprint(body),
      actor: SYSTEM_ACTOR,
      recycledFrom,
    }),
  );
}
