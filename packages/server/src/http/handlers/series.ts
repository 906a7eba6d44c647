/**
 * Series: recurring posts and their occurrences (`/v1/series`).
 */
import { isoTime } from '../../clock';
import type {
  OccurrenceView,
  SeriesRecord,
  SeriesService,
  SeriesView,
} from '../../services/series';
import { actorOf, projectOf, type RouteHandlers } from '../route-handler';

function presentOccurrence(occurrence: OccurrenceView) {
  return {
    index: occurrence.index,
    at: isoTime(occurrence.at),
    local: occurrence.local,
    adjusted: occurrence.adjusted,
    postId: occurrence.postId,
    status: occurrence.status,
    error: occurrence.error,
  };
}

function presentSummary(series: SeriesRecord) {
  return {
    id: series.id,
    status: series.status,
    rrule: series.rrule,
    timezone: series.timezone,
    content: series.template.content,
    firstPostId: series.firstPostId,
    accountIds: series.template.platforms.map((target) => target.accountId),
    createdAt: isoTime(series.createdAt),
    updatedAt: isoTime(series.updatedAt),
  };
}

function presentSeries(view: SeriesView) {
  return {
    ...presentSummary(view.series),
    occurrences: view.occurrences,
    posts: view.posts.map(presentOccurrence),
    upcoming: view.upcoming.map(presentOccurrence),
  };
}

export function seriesHandlers(series: SeriesService): RouteHandlers {
  return {
    listSeries: async ({ query }, context) => {
      const { total, series: found } = await series.list(
        projectOf(context),
        { status: query.status, accountId: query.accountId },
        { limit: query.limit, offset: query.offset },
      );
      return {
        status: 200,
        body: {
          success: true,
          total,
          series: found.map((one) => ({
            ...presentSummary(one),
            next: isoTime(one.nextAt),
          })),
        },
      };
    },
    getSeries: async ({ params, query }, context) => ({
      status: 200,
      body: {
        success: true,
        series: presentSeries(await series.get(projectOf(context), params.id, query.upcoming)),
      },
    }),
    updateSeries: async ({ params, body }, context) => ({
      status: 200,
      body: {
        success: true,
        series: presentSeries(
          await series.update(projectOf(context), params.id, body!, actorOf(context)),
        ),
      },
    }),
    stopSeries: async ({ params }, context) => {
      const { view, cancelledPostIds } = await series.stop(
        projectOf(context),
        params.id,
        actorOf(context),
      );
      return {
        status: 200,
        body: { success: true, series: presentSeries(view), cancelledPostIds },
      };
    },
  };
}
