/**
 * Insights of a published media and of an account (reference §9 "Insights"), read through
 * whatever GET the client uses for the account's other calls, so both login modes reach
 * their own host. Only metrics the platform still serves are asked for; a metric the
 * platform refuses for one media is dropped and the call made again without it, and "Not
 * enough viewers" (code 10) is an answer, not a failure.
 */
import * as z from 'zod';
import { ReelayError } from '../errors/reelay-error';
import { InstagramPlatformError } from './instagram-platform-error';
import { malformedResponse } from './platform-http';

/** What the platform calls a published media's surface (`media_product_type`). */
export type MediaProductType = 'FEED' | 'REELS' | 'STORY';

/**
 * The media metrics asked for, per product type (reference §9: the metrics in current
 * use). Carousels are `FEED`.
 *
 * @example
 * ```ts
 * MEDIA_INSIGHT_METRICS.STORY.includes('navigation'); // true
 * ```
 */
export const MEDIA_INSIGHT_METRICS: Readonly<Record<MediaProductType, readonly string[]>> = {
  FEED: ['views', 'reach', 'likes', 'comments', 'saved', 'shares', 'total_interactions'],
  REELS: [
    'views',
    'reach',
    'likes',
    'comments',
    'saved',
    'shares',
    'total_interactions',
    'ig_reels_avg_watch_time',
    'ig_reels_video_view_total_time',
  ],
  STORY: ['views', 'reach', 'shares', 'total_interactions', 'navigation', 'replies'],
};

/**
 * Metrics the platform no longer serves (reference §9: deprecated since v22.0 for every
 * version from 2025-04-21). Never asked for; listed so tests can prove it.
 *
 * @example
 * ```ts
 * DEPRECATED_INSIGHT_METRICS.includes('impressions'); // true
 * ```
 */
export const DEPRECATED_INSIGHT_METRICS = [
  'impressions',
  'plays',
  'video_views',
  'clips_replays_count',
  'ig_reels_aggregated_all_plays_count',
] as const;

/** Daily account metrics (time series), reference §9. */
export const ACCOUNT_DAILY_METRICS = ['reach', 'views', 'follower_count'] as const;
/** Account metrics over the whole range (`metric_type=total_value`), reference §9. */
export const ACCOUNT_TOTAL_METRICS = [
  'reach',
  'views',
  'profile_views',
  'accounts_engaged',
] as const;

/** The most days one account-insights call may span (reference §9). */
export const ACCOUNT_INSIGHTS_WINDOW_DAYS = 30;

/** A media's insights as read. */
export interface MediaInsights {
  /** Each asked metric by its platform name; `null` when the platform did not serve it. */
  readonly values: Readonly<Record<string, number | null>>;
  /** `not_enough_viewers` when the platform answered code 10; every value is then `null`. */
  readonly reason: 'not_enough_viewers' | null;
  /** Metrics the platform refused for this media, dropped before asking again. */
  readonly dropped: readonly string[];
}

/** One day of account insights. */
export interface AccountInsightsDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly reach: number | null;
  readonly views: number | null;
  readonly followerCount: number | null;
}

/** An account's insights over a range of days. */
export interface AccountInsights {
  /** Every day of the range, in order, whether or not the platform served it. */
  readonly days: readonly AccountInsightsDay[];
  readonly totals: {
    readonly reach: number | null;
    readonly views: number | null;
    readonly profileViews: number | null;
    readonly accountsEngaged: number | null;
  };
  readonly reason: 'not_enough_viewers' | null;
  readonly dropped: readonly string[];
}

/** A GET of the client: path under the versioned Graph base, and its query. */
export type InsightsGet = (path: string, query: Record<string, string>) => Promise<unknown>;

const DAY_MS = 24 * 60 * 60_000;

const numberSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .catch(null)
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));

const insightEntrySchema = z.object({
  name: z.string(),
  values: z
    .array(z.object({ value: z.unknown().optional(), end_time: z.string().nullish() }))
    .nullish(),
  total_value: z.object({ value: z.unknown().optional() }).nullish(),
});
const insightsAnswerSchema = z.object({ data: z.array(insightEntrySchema) });

type InsightEntry = z.output<typeof insightEntrySchema>;

function readAnswer(body: unknown): InsightEntry[] {
  const parsed = insightsAnswerSchema.safeParse(body);
  if (!parsed.success) throw malformedResponse('insights without data');
  return parsed.data.data;
}

/** A metric value: a number, or `null` for anything else (a breakdown object, absent). */
function readValue(value: unknown): number | null {
  return numberSchema.parse(value);
}

/**
 * What an insights read answers when the platform itself fails it. A read changes
 * nothing, so a failure on the platform's side (a 5xx, an error code no rule knows, an
 * answer that cannot be read, a lost connection) is `PLATFORM_UNAVAILABLE` and running out
 * of time is `PLATFORM_TIMEOUT`, both safe to send again later; the facts stay in
 * `details` and `platform` for the logs. Refusals that say what to do (`TOKEN_INVALID`,
 * `PERMISSION_REQUIRED`, `RATE_LIMIT_APP`, …) pass unchanged. Publishing keeps its
 * `INTERNAL_ERROR`: its pipeline decides on `transient` and `outcome` itself.
 *
 * @example
 * ```ts
 * insightsFailure(transportError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).code;
 * // 'PLATFORM_TIMEOUT'
 * ```
 */
export function insightsFailure(error: unknown): unknown {
  if (!(error instanceof InstagramPlatformError) || error.code !== 'INTERNAL_ERROR') return error;
  return new InstagramPlatformError(
    error.transport === 'timeout' ? 'PLATFORM_TIMEOUT' : 'PLATFORM_UNAVAILABLE',
    {
      ...(error.details ? { details: error.details } : {}),
      transient: error.transient,
      outcome: error.outcome,
      ...(error.platform ? { platform: error.platform } : {}),
      ...(error.transport ? { transport: error.transport } : {}),
      cause: error,
    },
  );
}

/**
 * Whether a platform error is "Not enough viewers" (reference §9: code 10 on insights).
 * Code 10 also means a missing permission (reference §4); a message naming a permission
 * keeps that meaning.
 *
 * @example
 * ```ts
 * isNotEnoughViewers(error); // true for "(#10) Not enough viewers for the media to show insights"
 * ```
 */
export function isNotEnoughViewers(error: unknown): boolean {
  if (!(error instanceof InstagramPlatformError) || error.platform?.code !== 10) return false;
  const text = `${error.platform.message ?? ''} ${error.platform.userMessage ?? ''}`;
  return !/permission|instagram_[a-z_]+/i.test(text);
}

/**
 * The metric a platform error refuses, among those asked, or `undefined` when the error
 * is about something else. Reads the shapes the platform uses for code 100:
 * "metric[2] must be one of the following values: …", "… does not support the saved
 * metric for this media product type", "the impressions metric is no longer supported";
 * else a message naming exactly one of the asked metrics. [UNCERTAIN] (reference §9): the
 * exact wording is not documented.
 *
 * @example
 * ```ts
 * refusedMetric(error, ['views', 'saved']); // 'saved'
 * ```
 */
export function refusedMetric(error: unknown, asked: readonly string[]): string | undefined {
  if (!(error instanceof InstagramPlatformError) || error.platform?.code !== 100) return undefined;
  if (error.platform.subcode === 33) return undefined; // the object itself does not exist
  const message = `${error.platform.message ?? ''} ${error.platform.userMessage ?? ''}`;
  const indexed = /metric\[(\d+)\]/i.exec(message);
  if (indexed) return asked[Number(indexed[1])];
  const named = /\bthe ([a-z_]+) metric\b/i.exec(message)?.[1];
  if (named && asked.includes(named)) return named;
  const mentioned = asked.filter((metric) => new RegExp(`\\b${metric}\\b`).test(message));
  return mentioned.length === 1 ? mentioned[0] : undefined;
}

/**
 * Calls `fetch` with the metrics, dropping each one the platform refuses and asking again
 * without it, so one unsupported metric does not fail the whole call. `null` when every
 * metric was refused.
 */
async function askDropping(
  metrics: readonly string[],
  fetch: (metrics: readonly string[]) => Promise<unknown>,
): Promise<{ entries: InsightEntry[] | null; dropped: string[] }> {
  let asked = [...metrics];
  const dropped: string[] = [];
  while (asked.length > 0) {
    try {
      return { entries: readAnswer(await fetch(asked)), dropped };
    } catch (error) {
      const metric = refusedMetric(error, asked);
      if (metric === undefined) throw error;
      dropped.push(metric);
      asked = asked.filter((name) => name !== metric);
    }
  }
  return { entries: null, dropped };
}

/**
 * `GET /{media}/insights?metric=…`: the lifetime metrics of a published media.
 *
 * @example
 * ```ts
 * const insights = await fetchMediaInsights(get, { mediaId, productType: 'REELS' });
 * insights.values.views; // 1234
 * ```
 */
export async function fetchMediaInsights(
  get: InsightsGet,
  input: { readonly mediaId: string; readonly productType: MediaProductType },
): Promise<MediaInsights> {
  const metrics = MEDIA_INSIGHT_METRICS[input.productType];
  const empty = Object.fromEntries(metrics.map((metric) => [metric, null]));
  try {
    const { entries, dropped } = await askDropping(metrics, (asked) =>
      get(`${input.mediaId}/insights`, { metric: asked.join(',') }),
    );
    const values: Record<string, number | null> = { ...empty };
    for (const entry of entries ?? []) {
      if (!(entry.name in values)) continue;
      values[entry.name] = readValue(entry.values?.[0]?.value ?? entry.total_value?.value);
    }
    return { values, reason: null, dropped };
  } catch (error) {
    if (isNotEnoughViewers(error))
      return { values: empty, reason: 'not_enough_viewers', dropped: [] };
    throw insightsFailure(error);
  }
}

/** The ISO day (UTC) of an instant. */
function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function dayStart(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(time)) {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `Data inválida: ${day.slice(0, 20)}; use AAAA-MM-DD.`,
    });
  }
  return time;
}

/**
 * The day a daily value covers. The platform stamps each value with the `end_time` of its
 * day, the midnight that ends it; that midnight may be Pacific time (07:00 or 08:00 UTC)
 * rather than UTC, so the day is the calendar date of `end_time` minus one.
 */
function dayOfEndTime(endTime: string): string | undefined {
  const time = Date.parse(endTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (!Number.isFinite(time)) return undefined;
  return dayOf(Date.parse(`${dayOf(time)}T00:00:00Z`) - DAY_MS);
}

/**
 * `GET /{ig-user-id}/insights`: daily `reach`, `views` and `follower_count`, then the
 * range's totals (`metric_type=total_value`) of `reach`, `views`, `profile_views` and
 * `accounts_engaged`, for the days `since` to `until` (UTC, inclusive, at most 30).
 *
 * @example
 * ```ts
 * const insights = await fetchAccountInsights(get, { igUserId, since: '2026-11-01', until: '2026-11-07' });
 * insights.days.map((day) => day.reach);
 * ```
 */
export async function fetchAccountInsights(
  get: InsightsGet,
  input: { readonly igUserId: string; readonly since: string; readonly until: string },
): Promise<AccountInsights> {
  const from = dayStart(input.since);
  const to = dayStart(input.until) + DAY_MS;
  const count = Math.round((to - from) / DAY_MS);
  if (count < 1 || count > ACCOUNT_INSIGHTS_WINDOW_DAYS) {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `O período deve ter de 1 a ${ACCOUNT_INSIGHTS_WINDOW_DAYS} dias.`,
      details: { field: 'until' },
    });
  }
  const window = { period: 'day', since: String(from / 1000), until: String(to / 1000) };
  const path = `${input.igUserId}/insights`;
  const days = Array.from({ length: count }, (_, index) => ({
    date: dayOf(from + index * DAY_MS),
    reach: null as number | null,
    views: null as number | null,
    followerCount: null as number | null,
  }));
  const totals = {
    reach: null as number | null,
    views: null as number | null,
    profileViews: null as number | null,
    accountsEngaged: null as number | null,
  };
  try {
    const daily = await askDropping(ACCOUNT_DAILY_METRICS, (asked) =>
      get(path, { metric: asked.join(','), ...window }),
    );
    const byDate = new Map(days.map((day) => [day.date, day]));
    for (const entry of daily.entries ?? []) {
      const field =
        entry.name === 'follower_count'
          ? 'followerCount'
          : entry.name === 'reach' || entry.name === 'views'
            ? entry.name
            : undefined;
      if (!field) continue;
      for (const point of entry.values ?? []) {
        const day = point.end_time ? byDate.get(dayOfEndTime(point.end_time) ?? '') : undefined;
        if (day) day[field] = readValue(point.value);
      }
    }
    const total = await askDropping(ACCOUNT_TOTAL_METRICS, (asked) =>
      get(path, { metric: asked.join(','), metric_type: 'total_value', ...window }),
    );
    for (const entry of total.entries ?? []) {
      const value = readValue(entry.total_value?.value ?? entry.values?.[0]?.value);
      if (entry.name === 'reach') totals.reach = value;
      else if (entry.name === 'views') totals.views = value;
      else if (entry.name === 'profile_views') totals.profileViews = value;
      else if (entry.name === 'accounts_engaged') totals.accountsEngaged = value;
    }
    return { days, totals, reason: null, dropped: [...daily.dropped, ...total.dropped] };
  } catch (error) {
    if (!isNotEnoughViewers(error)) throw insightsFailure(error);
    const blank = days.map((day) => ({ ...day, reach: null, views: null, followerCount: null }));
    return {
      days: blank,
      totals: { reach: null, views: null, profileViews: null, accountsEngaged: null },
      reason: 'not_enough_viewers',
      dropped: [],
    };
  }
}

/** One day of `online_followers`: the UTC day it starts, and followers online per hour. */
export interface OnlineFollowersReading {
  readonly dayStart: number;
  readonly hours: Readonly<Record<string, number>>;
}

/**
 * `online_followers` for the days of `since`…`until` (reference §10.7): one value a day,
 * `{ "<hour>": count }`, `end_time` the next midnight; the hours are read as UTC hours of
 * that day (the reference leaves their zone uncertain). A metric Instagram no longer
 * knows answers `[]`, as an account under 100 followers does (empty days).
 *
 * @example
 * ```ts
 * const days = await fetchOnlineFollowers(get, { igUserId, since: 1764547200, until: 1767052800 });
 * ```
 */
export async function fetchOnlineFollowers(
  get: InsightsGet,
  input: { readonly igUserId: string; readonly since: number; readonly until: number },
): Promise<OnlineFollowersReading[]> {
  let body: unknown;
  try {
    body = await get(`${input.igUserId}/insights`, {
      metric: 'online_followers',
      period: 'lifetime',
      since: String(input.since),
      until: String(input.until),
    });
  } catch (error) {
    // Refused as unknown or unsupported (code 100): the metric is gone, nothing to read.
    if (error instanceof InstagramPlatformError && error.platform?.code === 100) return [];
    throw insightsFailure(error);
  }
  const entry = readAnswer(body).find((item) => item.name === 'online_followers');
  const days: OnlineFollowersReading[] = [];
  for (const point of entry?.values ?? []) {
    const end = point.end_time
      ? Date.parse(point.end_time.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'))
      : NaN;
    if (!Number.isFinite(end) || typeof point.value !== 'object' || point.value === null) continue;
    const hours: Record<string, number> = {};
    for (const [hour, count] of Object.entries(point.value as Record<string, unknown>)) {
      const value = readValue(count);
      if (/^\d{1,2}$/.test(hour) && Number(hour) < 24 && value !== null) hours[hour] = value;
    }
    days.push({ dayStart: end - DAY_MS, hours });
  }
  return days;
}
