/**
 * Insights: a post's metrics per account, and an account's metrics per day.
 */
import { isoTime } from '../../clock';
import type { InsightsService, TargetInsights } from '../../services/insights';
import { projectOf, type RouteHandlers } from '../route-handler';

/** The API's metric names, from the platform's (reference §9). */
const METRIC_NAMES = {
  views: 'views',
  reach: 'reach',
  likes: 'likes',
  comments: 'comments',
  saved: 'saved',
  shares: 'shares',
  totalInteractions: 'total_interactions',
  avgWatchTimeMs: 'ig_reels_avg_watch_time',
  totalWatchTimeMs: 'ig_reels_video_view_total_time',
  navigation: 'navigation',
  replies: 'replies',
} as const;

type MetricName = keyof typeof METRIC_NAMES;

function presentMetrics(metrics: Record<string, number | null> | undefined) {
  return Object.fromEntries(
    Object.entries(METRIC_NAMES).map(([name, platformName]) => [
      name,
      metrics?.[platformName] ?? null,
    ]),
  ) as Record<MetricName, number | null>;
}

function reasonOf({ target, stored }: TargetInsights) {
  if (target.status !== 'published' || target.platformPostId === null) return 'not_published';
  if (stored?.reason === 'not_enough_viewers') return 'not_enough_viewers';
  return stored?.fetchedAt == null ? 'not_available' : null;
}

function presentTargetInsights(entry: TargetInsights) {
  const { target, stored, checkedLive } = entry;
  return {
    targetId: target.id,
    integrationId: target.integrationId,
    platformPostId: target.platformPostId,
    metrics: presentMetrics(stored?.metrics),
    reason: reasonOf(entry),
    fetchedAt: isoTime(stored?.fetchedAt ?? null),
    checkedLive,
    errorCode: stored?.errorCode ?? null,
    errorMessage: stored?.errorMessage ?? null,
  } as const;
}

export function insightsHandlers(insights: InsightsService): RouteHandlers {
  return {
    getPostInsights: async ({ params, query }, context) => {
      const { postId, targets } = await insights.post(projectOf(context), params.id, {
        force: query.force === 'true',
      });
      return {
        status: 200,
        body: { success: true, postId, platforms: targets.map(presentTargetInsights) },
      };
    },

    getIntegrationInsights: async ({ params, query }, context) => {
      const read = await insights.account(projectOf(context), params.id, query);
      return { status: 200, body: { success: true, insights: read } };
    },
  };
}
