/**
 * Feeds: RSS, Atom and JSON Feed followed by a project (`/v1/feeds`).
 */
import { isoTime } from '../../clock';
import type { FeedRecord, FeedsService } from '../../services/feeds';
import { actorOf, projectOf, type RouteHandlers } from '../route-handler';

function presentFeed(feed: FeedRecord) {
  return {
    id: feed.id,
    url: feed.url,
    title: feed.title,
    mode: feed.mode,
    captionTemplate: feed.captionTemplate,
    integrationIds: feed.integrationIds,
    profileId: feed.profileId,
    status: feed.status,
    pausedReason: feed.pausedReason,
    consecutiveFailures: feed.consecutiveFailures,
    lastCheckedAt: isoTime(feed.lastCheckedAt),
    lastError: feed.lastError,
    nextCheckAt: feed.status === 'active' ? isoTime(feed.nextCheckAt) : null,
    createdAt: isoTime(feed.createdAt),
    updatedAt: isoTime(feed.updatedAt),
  };
}

export function feedHandlers(feeds: FeedsService): RouteHandlers {
  return {
    listFeeds: async (_input, context) => ({
      status: 200,
      body: { success: true, feeds: (await feeds.list(projectOf(context))).map(presentFeed) },
    }),
    createFeed: async ({ body }, context) => ({
      status: 201,
      body: {
        success: true,
        feed: presentFeed(await feeds.create(projectOf(context), body!, actorOf(context))),
      },
    }),
    getFeed: async ({ params }, context) => ({
      status: 200,
      body: { success: true, feed: presentFeed(await feeds.get(projectOf(context), params.id)) },
    }),
    updateFeed: async ({ params, body }, context) => ({
      status: 200,
      body: {
        success: true,
        feed: presentFeed(await feeds.update(projectOf(context), params.id, body!)),
      },
    }),
    deleteFeed: async ({ params }, context) => {
      await feeds.remove(projectOf(context), params.id);
      return { status: 204, body: undefined };
    },
    checkFeed: async ({ params }, context) => {
      const { feed, check } = await feeds.check(projectOf(context), params.id);
      return { status: 200, body: { success: true, feed: presentFeed(feed), check } };
    },
  };
}
