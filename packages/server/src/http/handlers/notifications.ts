/**
 * The webhook subscription routes (spec §4 "Webhook subscription routes"), plus the ones
 * users expect around them: list, read, change, pause, remove, rotate the secret.
 */
import { DEFAULT_SECRET_OVERLAP_SECONDS, newId, ReelayError } from '@reelay/core';
import type { ServerContext } from '../../server-context';
import { listDeliveries } from '../../store/deliveries';
import { findLiveProfile } from '../../store/profiles';
import {
  findSubscription,
  insertSubscription,
  listSubscriptions,
  updateSubscription,
  type Subscription,
} from '../../store/subscriptions';
import { signingSecrets, UNREADABLE_SECRET_ERROR } from '../../webhooks/signing-secrets';
import {
  presentDelivery,
  presentSubscription,
  presentSubscriptionWithSecret,
} from '../../webhooks/notification-view';
import { changeSubscription, removeSubscription } from '../../webhooks/subscription-changes';
import { buildTestEvent } from '../../webhooks/test-event';
import { newWebhookSecret, type Webhooks } from '../../webhooks/webhook-service';
import { assertWebhookUrl } from '../../webhooks/webhook-url';
import { projectOf, type RouteHandlers } from '../route-handler';

const notFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Assinatura de webhook não encontrada neste projeto.' });

export function notificationHandlers(ctx: ServerContext, webhooks: Webhooks): RouteHandlers {
  async function subscriptionOf(projectId: string, id: string): Promise<Subscription> {
    const subscription = await findSubscription(ctx.db, projectId, id);
    if (!subscription) throw notFound();
    return subscription;
  }

  async function assertProfile(projectId: string, profileId: string | null | undefined) {
    if (!profileId) return;
    if (!(await findLiveProfile(ctx.db, projectId, profileId))) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Perfil não encontrado neste projeto.',
        details: { field: 'profileId' },
      });
    }
  }

  return {
    createNotification: async ({ body }, context) => {
      const projectId = projectOf(context);
      await assertWebhookUrl(body!.webhook.url, webhooks.policy);
      await assertProfile(projectId, body!.profileId);
      const now = ctx.clock.now();
      const secret = newWebhookSecret();
      const subscription: Subscription = {
        id: newId('notification', now),
        projectId,
        url: body!.webhook.url,
        eventTypes: body!.eventTypes,
        profileId: body!.profileId ?? null,
        onlyScheduledPosts: body!.onlyScheduledPosts ?? false,
        paused: false,
        secret: ctx.cipher.encrypt(secret),
        previousSecret: null,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertSubscription(ctx.db, subscription);
      return {
        status: 201,
        body: {
          success: true,
          notification: presentSubscriptionWithSecret(subscription, secret, now),
        },
      };
    },

    listNotifications: async ({ query }, context) => {
      const { total, subscriptions } = await listSubscriptions(ctx.db, projectOf(context), query);
      const now = ctx.clock.now();
      return {
        status: 200,
        body: {
          success: true,
          total,
          notifications: subscriptions.map((subscription) =>
            presentSubscription(subscription, now),
          ),
        },
      };
    },

    getNotification: async ({ params }, context) => {
      const row = await subscriptionOf(projectOf(context), params.id);
      return {
        status: 200,
        body: { success: true, notification: presentSubscription(row, ctx.clock.now()) },
      };
    },

    updateNotification: async ({ params, body }, context) => {
      const projectId = projectOf(context);
      const current = await subscriptionOf(projectId, params.id);
      if (body!.webhook) await assertWebhookUrl(body!.webhook.url, webhooks.policy);
      await assertProfile(projectId, body!.profileId);
      const now = ctx.clock.now();
      await changeSubscription(
        ctx,
        current,
        {
          ...(body!.webhook ? { url: body!.webhook.url } : {}),
          ...(body!.eventTypes ? { eventTypes: body!.eventTypes } : {}),
          ...(body!.profileId !== undefined ? { profileId: body!.profileId } : {}),
          ...(body!.onlyScheduledPosts !== undefined
            ? { onlyScheduledPosts: body!.onlyScheduledPosts }
            : {}),
          ...(body!.paused !== undefined ? { paused: body!.paused } : {}),
          updatedAt: now,
        },
        now,
      );
      const row = await subscriptionOf(projectId, current.id);
      return { status: 200, body: { success: true, notification: presentSubscription(row, now) } };
    },

    deleteNotification: async ({ params }, context) => {
      const current = await subscriptionOf(projectOf(context), params.id);
      await removeSubscription(ctx, current.id);
      return { status: 200, body: { success: true, message: 'Assinatura de webhook removida.' } };
    },

    rotateNotificationSecret: async ({ params, body }, context) => {
      const projectId = projectOf(context);
      const current = await subscriptionOf(projectId, params.id);
      const now = ctx.clock.now();
      const overlapMs = (body?.overlapSeconds ?? DEFAULT_SECRET_OVERLAP_SECONDS) * 1000;
      const secret = newWebhookSecret();
      // The secret being replaced keeps signing beside the new one during the overlap;
      // one rotated earlier stops now, so a delivery never carries more than two.
      await updateSubscription(ctx.db, current.id, {
        secret: ctx.cipher.encrypt(secret),
        previousSecret: overlapMs > 0 ? current.secret : null,
        previousSecretExpiresAt: overlapMs > 0 ? now + overlapMs : null,
        updatedAt: now,
      });
      const row = await subscriptionOf(projectId, current.id);
      return {
        status: 200,
        body: { success: true, notification: presentSubscriptionWithSecret(row, secret, now) },
      };
    },

    testNotification: async ({ body }, context) => {
      const projectId = projectOf(context);
      const now = ctx.clock.now();
      let url: string;
      let secrets: string[] | null;
      let shownSecret: string | null = null;
      let profileId: string | null = null;
      if (body!.notificationId !== undefined) {
        const row = await subscriptionOf(projectId, body!.notificationId);
        url = row.url;
        secrets = signingSecrets(ctx.cipher, row, now);
        profileId = row.profileId;
      } else {
        url = body!.webhook!.url;
        await assertWebhookUrl(url, webhooks.policy);
        shownSecret = newWebhookSecret();
        secrets = [shownSecret];
      }
      const test = buildTestEvent({ projectId, profileId, publicUrl: ctx.config.publicUrl, now });
      // A secret that cannot be read signs nothing: the answer says so, and nothing is sent.
      const answer = secrets
        ? await webhooks.sender.send({
            url,
            body: test.body,
            eventId: test.event.id,
            eventType: test.event.type,
            secrets,
            test: true,
          })
        : {
            delivered: false,
            responseStatus: null,
            durationMs: 0,
            error: UNREADABLE_SECRET_ERROR,
            responseExcerpt: null,
          };
      return {
        status: 200,
        body: {
          success: true,
          result: {
            eventId: test.event.id,
            url,
            delivered: answer.delivered,
            responseStatus: answer.responseStatus,
            durationMs: answer.durationMs,
            error: answer.error,
            responseBody: answer.responseExcerpt,
            secret: shownSecret,
          },
        },
      };
    },

    listDeliveries: async ({ params, query }, context) => {
      const subscription = await subscriptionOf(projectOf(context), params.id);
      const { total, deliveries } = await listDeliveries(
        ctx.db,
        subscription.id,
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
  };
}
