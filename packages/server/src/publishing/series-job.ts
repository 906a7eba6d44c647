/**
 * The `materialize_series` job: creates a series' occurrences through the same acceptance
 * as `POST /v1/posts` (kept apart from series.ts, which acceptance itself uses).
 */
import type { JobHandler } from '../queue';
import { acceptChecked, fingerprint } from './accept-post';
import type { PublishingDeps } from './publishing-deps';
import { materializeSeries } from './series';

/**
 * @example
 * ```ts
 * createWorker({ …, handlers: { materialize_series: materializeSeriesJob(context) } });
 * ```
 */
export function materializeSeriesJob(ctx: PublishingDeps): JobHandler<'materialize_series'> {
  return async ({ seriesId }) => {
    await materializeSeries(
      ctx,
      (projectId, body, actor, occurrence) =>
        acceptChecked(ctx, { projectId, body, hash: fingerprint(body), actor, occurrence }),
      seriesId,
    );
  };
}
