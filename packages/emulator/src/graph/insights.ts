/**
 * Insights (reference §9): `GET /{ig-media-id}/insights` and `GET /{ig-user-id}/insights`.
 * Only the metrics in current use are served; the deprecated ones (`impressions`,
 * `plays`, `video_views`, …) answer `(#100)` as they have since v22.0, and so does a
 * metric the media's product type does not have. A media whose caption holds
 * {@link FEW_VIEWERS_MARKER} answers "Not enough viewers" (code 10).
 */
import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter, permissionError } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import { DAY_MS } from '../state/store';
import type { Account, Media, MediaProductType } from '../state/types';
import { accountDayValues, mediaMetricValues, type AccountDayValues } from './insight-values';
import { graphTimestamp } from './timestamp';
import { onlineFollowersInsights } from './online-followers';

/**
 * Put this in a caption and the media's insights answer code 10, "Not enough viewers"
 * (a fault on `/<media-id>/insights` with `code: 10` does the same for chosen requests).
 *
 * @example
 * ```ts
 * await createContainer(emulator, token, { image_url, caption: `Teste ${FEW_VIEWERS_MARKER}` });
 * ```
 */
export const FEW_VIEWERS_MARKER = '[emulator:few-viewers]';

const COMMON = ['views', 'reach', 'shares', 'total_interactions'];
const MEDIA_METRICS: Readonly<Record<MediaProductType, readonly string[]>> = {
  FEED: [...COMMON, 'likes', 'comments', 'saved'],
  REELS: [
    ...COMMON,
    'likes',
    'comments',
    'saved',
    'ig_reels_avg_watch_time',
    'ig_reels_video_view_total_time',
  ],
  STORY: [...COMMON, 'navigation', 'replies'],
};
const KNOWN_MEDIA_METRICS = [...new Set(Object.values(MEDIA_METRICS).flat())];

/** Metrics retired in v22.0 (reference §9), answered with their own `(#100)`. */
const DEPRECATED = new Set([
  'impressions',
  'plays',
  'video_views',
  'clips_replays_count',
  'ig_reels_aggregated_all_plays_count',
]);

/** Account metrics and the metric types each accepts. */
const ACCOUNT_METRICS: Readonly<Record<keyof AccountDayValues, readonly MetricType[]>> = {
  reach: ['time_series', 'total_value'],
  views: ['time_series', 'total_value'],
  follower_count: ['time_series'],
  profile_views: ['total_value'],
  accounts_engaged: ['total_value'],
};
type MetricType = 'time_series' | 'total_value';

/** The longest `since`…`until` span of one account-insights call (reference §9). */
const MAX_RANGE_S = 30 * 86_400;

/** Insights need `instagram_business_manage_insights` (`instagram_manage_insights` with Facebook Login). */
function requireInsightsScope(caller: Caller): void {
  const scopes: readonly string[] = caller.token.scopes;
  if (scopes.includes('instagram_business_manage_insights')) return;
  if (scopes.includes('instagram_manage_insights')) return;
  throw permissionError(
    'Application does not have permission for this action (instagram_business_manage_insights is required)',
  );
}

function requireMetrics(params: Params): string[] {
  const metrics = params.list('metric')?.filter((name) => name !== '');
  if (!metrics || metrics.length === 0) throw invalidParameter('The parameter metric is required');
  return metrics;
}

function deprecatedError(metric: string): GraphError {
  return invalidParameter(
    `Starting from version v22.0 and above, the ${metric} metric is no longer supported. Please use views instead.`,
  );
}

function oneOfError(index: number, known: readonly string[]): GraphError {
  return invalidParameter(
    `metric[${index}] must be one of the following values: ${known.join(', ')}`,
  );
}

function describe(name: string): { title: string; description: string } {
  const title = name.replace(/^ig_reels_/, '').replaceAll('_', ' ');
  return {
    title: title.charAt(0).toUpperCase() + title.slice(1),
    description: `Emulated ${title}.`,
  };
}

/**
 * `GET /{ig-media-id}/insights?metric=…`: lifetime values of a published media.
 */
export function mediaInsights(
  ctx: EmulatorContext,
  caller: Caller,
  media: Media,
  params: Params,
): Reply {
  requireInsightsScope(caller);
  const metrics = requireMetrics(params);
  const served = MEDIA_METRICS[media.productType];
  metrics.forEach((metric, index) => {
    if (DEPRECATED.has(metric)) throw deprecatedError(metric);
    if (!KNOWN_MEDIA_METRICS.includes(metric)) throw oneOfError(index, KNOWN_MEDIA_METRICS);
    if (!served.includes(metric)) {
      throw invalidParameter(
        `The Media Insights API does not support the ${metric} metric for this media product type.`,
      );
    }
  });
  if (media.caption?.includes(FEW_VIEWERS_MARKER)) {
    throw new GraphError({
      message: '(#10) Not enough viewers for the media to show insights',
      code: 10,
      userTitle: 'Media Insights Not Available',
      userMsg: 'There are not enough viewers for this media to show insights.',
    });
  }
  const values = mediaMetricValues(media, ctx.now());
  return jsonReply({
    data: metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: values[name] ?? 0 }],
      ...describe(name),
      id: `${media.id}/insights/${name}/lifetime`,
    })),
  });
}

function unixSeconds(params: Params, name: string): number | undefined {
  const value = params.integer(name);
  if (value !== undefined && value < 0) throw invalidParameter(`Param ${name} must be a Unix time`);
  return value;
}

/**
 * `GET /{ig-user-id}/insights?metric=…&period=day&since=…&until=…[&metric_type=total_value]`:
 * one value per UTC day whose end falls in `(since, until]` (time series), or one total
 * for the span (`total_value`). The span is at most 30 days; `follower_count` covers only
 * the last 30 days and never the current one.
 */
export function accountInsights(
  ctx: EmulatorContext,
  caller: Caller,
  account: Account,
  params: Params,
): Reply {
  requireInsightsScope(caller);
  const metrics = requireMetrics(params);
  const period = params.require('period');
  if (metrics.includes('online_followers') && ctx.config.onlineFollowers !== 'removed') {
    if (metrics.length > 1) {
      throw invalidParameter('online_followers must be requested alone, with period=lifetime');
    }
    const now = Math.floor(ctx.now() / 1000);
    const until = unixSeconds(params, 'until') ?? now;
    const since = unixSeconds(params, 'since') ?? until - 86_400;
    if (since >= until) throw invalidParameter('The since parameter must be before until');
    if (until - since > MAX_RANGE_S) {
      throw invalidParameter(
        `There cannot be more than 30 days (${MAX_RANGE_S} s) between since and until`,
      );
    }
    return onlineFollowersInsights(ctx, account, { since, until, period });
  }
  if (period !== 'day') throw invalidParameter('period must be one of the following values: day');
  const type = (params.string('metric_type') ?? 'time_series') as MetricType;
  if (type !== 'time_series' && type !== 'total_value') {
    throw invalidParameter(
      'metric_type must be one of the following values: time_series, total_value',
    );
  }
  const now = ctx.now();
  const until = unixSeconds(params, 'until') ?? Math.floor(now / 1000);
  const since = unixSeconds(params, 'since') ?? until - 2 * 86_400;
  if (since >= until) throw invalidParameter('The since parameter must be before until');
  if (until - since > MAX_RANGE_S) {
    throw invalidParameter(
      `There cannot be more than 30 days (${MAX_RANGE_S} s) between since and until`,
    );
  }
  const known = Object.keys(ACCOUNT_METRICS);
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  metrics.forEach((metric, index) => {
    if (DEPRECATED.has(metric)) throw deprecatedError(metric);
    const types = ACCOUNT_METRICS[metric as keyof AccountDayValues];
    if (!types) throw oneOfError(index, known);
    if (!types.includes(type)) {
      throw invalidParameter(
        type === 'time_series'
          ? `The following metrics (${metric}) should be specified with parameter metric_type=total_value`
          : `The ${metric} metric does not support metric_type=total_value`,
      );
    }
    if (metric === 'follower_count' && since * 1000 < todayStart - 30 * DAY_MS) {
      throw invalidParameter(
        'The follower_count metric only supports querying data for the last 30 days excluding the current day',
      );
    }
  });

  // Days whose end (the next UTC midnight) is in (since, until] and that have begun.
  const days: number[] = [];
  const firstEnd = Math.floor((since * 1000) / DAY_MS) * DAY_MS + DAY_MS;
  for (let end = firstEnd; end <= until * 1000; end += DAY_MS) {
    if (end - DAY_MS < now) days.push(end - DAY_MS);
  }
  const valuesOf = new Map(days.map((start) => [start, accountDayValues(ctx, account, start)]));
  const entries = metrics.map((name) => {
    const key = name as keyof AccountDayValues;
    const base = {
      name,
      period: 'day',
      ...describe(name),
      id: `${account.id}/insights/${name}/day`,
    };
    if (type === 'total_value') {
      let total = 0;
      for (const values of valuesOf.values()) total += values[key];
      // Reach counts each account once over the span, so it is less than the daily sum.
      if (key === 'reach') total = Math.floor(total * 0.8);
      return { ...base, total_value: { value: total } };
    }
    const points = days
      .filter((start) => key !== 'follower_count' || start < todayStart)
      .map((start) => ({
        value: valuesOf.get(start)![key],
        end_time: graphTimestamp(start + DAY_MS),
      }));
    return { ...base, values: points };
  });
  return jsonReply({ data: entries });
}
