/**
 * The webhook event payload of spec §6.
 */
import * as z from 'zod';
import { dateTimeSchema, idSchema } from './common';
import { postSchema, postTargetSchema } from './posts';
import { EVENT_TYPES, type EventType } from '../vocabulary/enums';
import { webhookCommentDataSchema } from './comments';

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

const eventEnvelope = {
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  id: idSchema('event'),
  createdAt: dateTimeSchema,
  projectId: idSchema('project'),
  profileId: idSchema('profile').nullable(),
};

/** The event of a post: its `data` carries the post and its accounts. */
export const webhookPostEventSchema = z
  .object({
    ...eventEnvelope,
    type: z.enum(EVENT_TYPES.filter((type) => type.startsWith('post.'))),
    data: z.object({
      post: webhookPostSchema,
      platforms: z.array(webhookTargetSchema),
    }),
  })
  .meta({ id: 'WebhookPostEvent', description: 'Corpo da entrega de um evento de post.' });

/** `comment.received`: someone else commented on an account's media. */
export const webhookCommentEventSchema = z
  .object({
    ...eventEnvelope,
    type: z.literal('comment.received'),
    data: webhookCommentDataSchema,
  })
  .meta({ id: 'WebhookCommentEvent', description: 'Corpo da entrega de `comment.received`.' });

export const webhookEventSchema = z
  .union([webhookPostEventSchema, webhookCommentEventSchema])
  .meta({ id: 'WebhookEvent', description: 'Corpo de toda entrega de webhook.' });

/**
 * The body schema of one event type, as the OpenAPI document shows it.
 *
 * @example
 * ```ts
 * webhookEventSchemaFor('comment.received').parse(JSON.parse(body));
 * ```
 */
export function webhookEventSchemaFor(type: EventType) {
  return type === 'comment.received'
    ? webhookCommentEventSchema.extend({ type: z.literal(type) })
    : webhookPostEventSchema.extend({ type: z.literal(type) });
}

export type WebhookEvent = z.output<typeof webhookEventSchema>;
