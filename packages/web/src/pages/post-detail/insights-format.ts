/**
 * How a post's metrics are shown: which metrics a kind of post has (the others are never
 * served, so they are left out rather than shown empty), numbers and watch times in the
 * app's language, and "how long ago" a read was made.
 */
import type { Post, PostMetrics } from '@reelay/sdk';

export type MetricName = keyof PostMetrics;

/** What every post has, whatever its kind (stories have no likes, comments or saves). */
const FEED_METRICS: readonly MetricName[] = [
  'views',
  'reach',
  'likes',
  'comments',
  'saved',
  'shares',
  'totalInteractions',
];

const METRICS_BY_KIND: Readonly<Record<Post['kind'], readonly MetricName[]>> = {
  feed: FEED_METRICS,
  carousel: FEED_METRICS,
  reel: [...FEED_METRICS, 'avgWatchTimeMs', 'totalWatchTimeMs'],
  story: ['views', 'reach', 'shares', 'totalInteractions', 'navigation', 'replies'],
};

/** Metrics that are durations in milliseconds rather than counts. */
const DURATIONS: ReadonlySet<MetricName> = new Set(['avgWatchTimeMs', 'totalWatchTimeMs']);

/**
 * The metrics Instagram serves for a kind of post, in the order they are shown.
 *
 * @example
 * ```ts
 * metricsOf('story'); // ['views', 'reach', 'shares', 'totalInteractions', 'navigation', 'replies']
 * ```
 */
export function metricsOf(kind: Post['kind']): readonly MetricName[] {
  return METRICS_BY_KIND[kind];
}

/** The dash shown for a metric Instagram did not serve. */
export const NO_VALUE = '—';

/**
 * A duration in the largest unit that keeps it readable: seconds under a minute, minutes
 * under an hour, hours after that.
 *
 * @example
 * ```ts
 * formatDuration(8_400, 'en'); // '8.4 sec'
 * formatDuration(5_400_000, 'pt-BR'); // '1,5 h'
 * ```
 */
export function formatDuration(ms: number, language: string): string {
  const seconds = ms / 1000;
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [seconds / 60, 'minute']
        : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * A metric's value as shown: a count, a duration, or a dash when it is `null`.
 *
 * @example
 * ```ts
 * formatMetric('views', 1840, 'pt-BR'); // '1.840'
 * formatMetric('likes', null, 'en'); // '—'
 * ```
 */
export function formatMetric(name: MetricName, value: number | null, language: string): string {
  if (value === null) return NO_VALUE;
  if (DURATIONS.has(name)) return formatDuration(value, language);
  return new Intl.NumberFormat(language).format(value);
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `iso` was, in words of `language`: "now" under a minute, then minutes,
 * hours and days. A moment slightly ahead (another clock) counts as now.
 *
 * @example
 * ```ts
 * timeAgo('2026-11-24T14:00:00Z', Date.parse('2026-11-24T14:05:00Z'), 'en'); // '5 minutes ago'
 * ```
 */
export function timeAgo(iso: string, now: number, language: string): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
