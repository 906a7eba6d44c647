/**
 * The webhook event payload of spec §6.
 */
import * as z from 'zod';
import { dateTimeSchema, idSchema } from './common';
import { postSchema, postTargetSchema } from './posts';
import { eventTypeSchema } from './notifications';

/** The payload version sent in every event (spec §6). */
export const WEBHOOK_PAYLOAD_VERSION = '2026-09-01';

export const webhookPostSchema = postSchema
  .pick({
    id: true,
    status: true,
    content: true,
    scheduledFor: true,
    publishedAt: true,
    links: true,
  })
  .extend({ mediaItems: z.array(z.object({ type: z.enum(['image', 'video']), url: z.string() })) })
  .meta({ id: 'WebhookPost' });

// The payload keeps the targets of its version (spec §6): no per-target `scheduledFor`.
export const webhookTargetSchema = postTargetSchema
  .omit({ id: true, scheduledFor: true })
  .meta({ id: 'WebhookPostTarget' });

export const webhookEventSchema = z
  .object({
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    id: idSchema('event'),
    type: eventTypeSchema,
    createdAt: dateTimeSchema,
    projectId: idSchema('project'),
    profileId: idSchema('profile').nullable(),
    data: z.object({
      post: webhookPostSchema,
      platforms: z.array(webhookTargetSchema),
    }),
  })
  .meta({ id: 'WebhookEvent', description: 'Corpo de toda entrega de webhook.' });

export type WebhookEvent = z.output<typeof webhookEventSchema>;
