/**
 * Webhook commands: creating, listing, reading, updating, deleting, testing webhooks,
 * rotating their secrets, and their deliveries. Part of the command table
 * (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import { allPages, pageOptions } from './command-parts';
import type { ArgumentSpec, CommandSpec } from './command-spec';

const webhooksModule = () => import('../commands/webhooks');

const notificationId: ArgumentSpec = { value: 'id', help: 'help.notificationId' };
const notificationOf: ArgumentSpec = { value: 'id', help: 'help.notificationIdOf' };

export const webhookCommands = {
  createNotification: [
    {
      name: 'webhooks create',
      help: 'help.webhooksCreate',
      options: [
        { flags: '--url', value: 'url', help: 'help.webhookUrl' },
        {
          flags: '--events',
          value: 'placeholder.events',
          help: 'help.webhookEvents',
          field: 'eventTypes',
          choicesInHelp: 'events',
          repeat: true,
        },
        { flags: '--profile', value: 'id', help: 'help.webhookProfile', field: 'profileId' },
        { flags: '--only-scheduled', help: 'help.onlyScheduled', field: 'onlyScheduledPosts' },
      ],
      run: async (_, o, ctx) => (await webhooksModule()).createWebhook(o, ctx),
    },
  ],
  listNotifications: [
    {
      name: 'webhooks list',
      help: 'help.webhooksList',
      options: [...pageOptions, allPages],
      run: async (_, o, ctx) => (await webhooksModule()).listWebhooks(o, ctx),
    },
  ],
  getNotification: [
    {
      name: 'webhooks show',
      help: 'help.webhooksShow',
      arguments: [notificationId],
      run: async ([id], _o, ctx) => (await webhooksModule()).showWebhook(id!, ctx),
    },
  ],
  updateNotification: [
    {
      name: 'webhooks update',
      help: 'help.webhooksUpdate',
      arguments: [notificationId],
      options: [
        { flags: '--url', value: 'url', help: 'help.webhookNewUrl' },
        {
          flags: '--events',
          value: 'placeholder.events',
          help: 'help.webhookNewEvents',
          field: 'eventTypes',
          choicesInHelp: 'events',
          repeat: true,
        },
        { flags: '--profile', value: 'id', help: 'help.webhookNewProfile', field: 'profileId' },
        { flags: '--only-scheduled', help: 'help.onlyScheduled', field: 'onlyScheduledPosts' },
        { flags: '--all-posts', help: 'help.webhookAllPosts' },
        { flags: '--pause', help: 'help.webhookPause' },
        { flags: '--resume', help: 'help.webhookResume' },
      ],
      run: async ([id], o, ctx) => (await webhooksModule()).updateWebhook(id!, o, ctx),
    },
  ],
  deleteNotification: [
    {
      name: 'webhooks delete',
      help: 'help.webhooksDelete',
      arguments: [notificationId],
      run: async ([id], _o, ctx) => (await webhooksModule()).deleteWebhook(id!, ctx),
    },
  ],
  rotateNotificationSecret: [
    {
      name: 'webhooks rotate-secret',
      help: 'help.webhooksRotate',
      arguments: [notificationId],
      options: [
        {
          flags: '--overlap',
          value: 'placeholder.seconds',
          help: 'help.webhookOverlap',
          field: 'overlapSeconds',
        },
      ],
      run: async ([id], o, ctx) => (await webhooksModule()).rotateWebhookSecret(id!, o, ctx),
    },
  ],
  testNotification: [
    {
      name: 'webhooks test',
      help: 'help.webhooksTest',
      arguments: [{ ...notificationOf, optional: true }],
      options: [{ flags: '--url', value: 'url', help: 'help.webhookTestUrl' }],
      run: async ([id], o, ctx) => (await webhooksModule()).testWebhook(id, o, ctx),
    },
  ],
  listDeliveries: [
    {
      name: 'webhooks deliveries',
      help: 'help.webhooksDeliveries',
      arguments: [notificationOf],
      options: [
        { flags: '--status', value: 'status', help: 'help.onlyStatus', field: 'status' },
        ...pageOptions,
        allPages,
      ],
      run: async ([id], o, ctx) =>
        (await import('../commands/webhook-deliveries')).listDeliveries(id!, o, ctx),
    },
  ],
  redeliverDelivery: [
    {
      name: 'webhooks redeliver',
      help: 'help.webhooksRedeliver',
      arguments: [notificationOf, { value: 'placeholder.delivery', help: 'help.deliveryId' }],
      run: async ([id, delivery], _o, ctx) =>
        (await import('../commands/webhook-deliveries')).redeliverWebhook(id!, delivery!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
