/**
 * The webhook subscription routes (spec §4 "Webhook subscription routes"), plus the ones
 * users expect around them: list, read, change, pause, remove, rotate the secret, send a
 * delivery again. The
 * subscriptions service decides; these translate the request and shape the answer.
 */
import type { Clock } from '../../clock';
import {
  presentDelivery,
  presentSubscription,
  presentSubscriptionWithSecret,
} from '../../webhooks/notification-view';
import type { SubscriptionsService } from '../../webhooks/subscriptions-service';
import { projectOf, type RouteHandlers } from '../route-handler';

export function notificationHandlers(
  subscriptions: SubscriptionsService,
  clock: Clock,
): RouteHandlers {
  return {
    createNotification: async ({ body }, context) => {
      const { subscription, secret } = await subscriptions.create(projectOf(context), {
        url: body!.webhook.url,
        eventTypes: body!.eventTypes,
        profileId: body!.profileId ?? null,
        integrationId: body!.accountId ?? null,
        onlyScheduledPosts: body!.onlyScheduledPosts ?? false,
      });
      return {
        status: 201,
        body: {
          success: true,
          notification: presentSubscriptionWithSecret(subscription, secret, clock.now()),
        },
      };
    },

    listNotifications: async ({ query }, context) => {
      const { total, subscriptions: page } = await subscriptions.list(projectOf(context), query);
      const now = clock.now();
      return {
        status: 200,
        body: {
          success: true,
          total,
          notifications: page.map((subscription) => presentSubscription(subscription, now)),
        },
      };
    },

    getNotification: async ({ params }, context) => {
      const subscription = await subscriptions.get(projectOf(context), params.id);
      return {
        status: 200,
        body: { success: true, notification: presentSubscription(subscription, clock.now()) },
      };
    },

    updateNotification: async ({ params, body }, context) => {
      const subscription = await subscriptions.update(projectOf(context), params.id, {
        url: body!.webhook?.url,
        eventTypes: body!.eventTypes,
        profileId: body!.profileId,
        integrationId: body!.accountId,
        onlyScheduledPosts: body!.onlyScheduledPosts,
        paused: body!.paused,
      });
      return {
        status: 200,
        body: { success: true, notification: presentSubscription(subscription, clock.now()) },
      };
    },

    deleteNotification: async ({ params }, context) => {
      await subscriptions.remove(projectOf(context), params.id);
      return { status: 200, body: { success: true, message: 'Assinatura de webhook removida.' } };
    },

    rotateNotificationSecret: async ({ params, body }, context) => {
      const { subscription, secret } = await subscriptions.rotateSecret(
        projectOf(context),
        params.id,
        body?.overlapSeconds,
      );
      return {
        status: 200,
        body: {
          success: true,
          notification: presentSubscriptionWithSecret(subscription, secret, clock.now()),
        },
      };
    },

    testNotification: async ({ body }, context) => {
      const { eventId, url, answer, secret } = await subscriptions.sendTest(
        projectOf(context),
        body!.notificationId !== undefined
          ? { notificationId: body!.notificationId }
          : { url: body!.webhook!.url },
      );
      return {
        status: 200,
        body: {
          success: true,
          result: {
            eventId,
            url,
            delivered: answer.delivered,
            responseStatus: answer.responseStatus,
            durationMs: answer.durationMs,
            error: answer.error,
            responseBody: answer.responseExcerpt,
            secret,
          },
        },
      };
    },

    listDeliveries: async ({ params, query }, context) => {
      const { subscription, total, deliveries } = await subscriptions.deliveries(
        projectOf(context),
        params.id,
        { status: query.status },
        query,
      );
      return {
        status: 200,
        body: {
          success: true,
          total,
          deliveries: deliveries.map((delivery) => presentDelivery(delivery, subscription.paused)),
        },
      };
    },

    redeliverDelivery: async ({ params }, context) => {
      const { delivery, paused } = await subscriptions.redeliver(
        projectOf(context),
        params.id,
        params.deliveryId,
      );
      return {
        status: 202,
        body: { success: true, delivery: presentDelivery(delivery, paused) },
      };
    },
  };
}
