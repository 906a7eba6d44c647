/**
 * Webhook subscriptions and their delivery history (spec §2, §3, §4, §6).
 */
import * as z from 'zod';
import { MAX_SECRET_OVERLAP_SECONDS } from '../vocabulary/limits';
import {
  dateTimeSchema,
  httpUrlSchema,
  idSchema,
  paginationQueryShape,
  sortQuerySchema,
  successResponse,
} from './common';
import { DELIVERY_STATUSES, EVENT_TYPES } from '../vocabulary/enums';

export const eventTypeSchema = z.enum(EVENT_TYPES);

const eventTypesSchema = z
  .array(eventTypeSchema)
  .min(1, { error: 'informe ao menos um tipo de evento' })
  .refine((types) => new Set(types).size === types.length, { error: 'tipo de evento repetido' });

const webhookTargetSchema = z.strictObject({
  url: httpUrlSchema.meta({ description: 'Endereço https que recebe os eventos.' }),
});

const previousSecretExpiresAtSchema = dateTimeSchema.nullable().meta({
  description:
    'Até quando o segredo anterior (de uma rotação) ainda assina as entregas, ao lado do atual; `null` quando só o atual assina.',
});

export const notificationSchema = z
  .object({
    id: idSchema('notification'),
    eventTypes: z.array(eventTypeSchema),
    webhook: z.object({
      url: z.string(),
      previousSecretExpiresAt: previousSecretExpiresAtSchema,
    }),
    profileId: idSchema('profile').nullable(),
    accountId: idSchema('integration').nullable().meta({
      description:
        'Só eventos desta conta: os posts em que ela está e os comentários nas suas mídias; null para todas.',
    }),
    onlyScheduledPosts: z.boolean(),
    paused: z.boolean().meta({
      description:
        'Pausada: os eventos continuam registrados como entregas `pending` e são enviados quando a assinatura é retomada.',
    }),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'NotificationSubscription' });

export const createdNotificationSchema = notificationSchema
  .extend({
    webhook: z.object({
      url: z.string(),
      previousSecretExpiresAt: previousSecretExpiresAtSchema,
      secret: z.string().startsWith('whsec_').meta({
        description: 'Segredo de assinatura; aparece só nesta resposta.',
      }),
    }),
  })
  .meta({ id: 'CreatedNotificationSubscription' });

export const createNotificationBodySchema = z
  .strictObject({
    eventTypes: eventTypesSchema,
    webhook: webhookTargetSchema,
    profileId: idSchema('profile')
      .nullable()
      .optional()
      .meta({ description: 'Só eventos de posts deste perfil.' }),
    accountId: idSchema('integration')
      .nullable()
      .optional()
      .meta({ description: 'Só eventos desta conta (posts e comentários).' }),
    onlyScheduledPosts: z
      .boolean()
      .optional()
      .meta({ description: 'Eventos finais só de posts que foram agendados.' }),
  })
  .meta({ id: 'CreateNotificationBody' });

export const updateNotificationBodySchema = z
  .strictObject({
    eventTypes: eventTypesSchema.optional(),
    webhook: webhookTargetSchema.optional(),
    profileId: idSchema('profile')
      .nullable()
      .optional()
      .meta({ description: 'Só eventos de posts deste perfil; `null` remove o filtro.' }),
    accountId: idSchema('integration')
      .nullable()
      .optional()
      .meta({ description: 'Só eventos desta conta; `null` remove o filtro.' }),
    onlyScheduledPosts: z.boolean().optional(),
    paused: z.boolean().optional().meta({
      description:
        '`true` pausa os envios (os eventos esperam como `pending`); `false` retoma e envia o que esperava.',
    }),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'informe ao menos um campo' })
  .meta({ id: 'UpdateNotificationBody' });

export const rotateNotificationSecretBodySchema = z
  .strictObject({
    overlapSeconds: z
      .int({ error: 'esperava um número inteiro de segundos' })
      .min(0)
      .max(MAX_SECRET_OVERLAP_SECONDS, { error: 'no máximo 604800 segundos (7 dias)' })
      .optional()
      .meta({
        description:
          'Por quanto tempo o segredo atual continua assinando ao lado do novo, em segundos; padrão 86400 (24 h), 0 para parar já.',
      }),
  })
  .optional()
  .transform((body) => body ?? {})
  .meta({ id: 'RotateNotificationSecretBody' });

export const listNotificationsQuerySchema = z.object({
  ...paginationQueryShape,
  sort: sortQuerySchema,
});

export const testNotificationBodySchema = z
  .strictObject({
    notificationId: idSchema('notification').optional(),
    webhook: webhookTargetSchema.optional(),
  })
  .refine((body) => (body.notificationId === undefined) !== (body.webhook === undefined), {
    error: 'informe notificationId ou webhook (exatamente um dos dois)',
  })
  .meta({
    id: 'TestNotificationBody',
    description: '`{ notificationId }` ou `{ webhook: { url } }`.',
  });

export const testDeliveryResultSchema = z
  .object({
    eventId: idSchema('event'),
    url: z.string(),
    delivered: z
      .boolean()
      .meta({ description: 'true quando o receptor respondeu 2xx em até 10 s.' }),
    responseStatus: z.int().nullable(),
    durationMs: z.int(),
    error: z.string().nullable(),
    responseBody: z
      .string()
      .nullable()
      .meta({ description: 'O começo do corpo da resposta do receptor (até 1 KB).' }),
    secret: z.string().startsWith('whsec_').nullable().meta({
      description:
        'Com `{ webhook: { url } }`: o segredo avulso que assinou o teste, para conferir a assinatura; `null` com `notificationId` (assinado com o segredo da assinatura).',
    }),
  })
  .meta({ id: 'TestDeliveryResult' });

export const deliveryAttemptSchema = z
  .object({
    attempt: z.int(),
    at: dateTimeSchema,
    durationMs: z.int().nullable(),
    responseStatus: z.int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DeliveryAttempt' });

export const deliverySchema = z
  .object({
    id: idSchema('delivery'),
    notificationId: idSchema('notification'),
    eventId: idSchema('event'),
    eventType: eventTypeSchema,
    status: z.enum(DELIVERY_STATUSES),
    attempt: z.int().meta({ description: 'Tentativas feitas, de 1 a 3.' }),
    responseStatus: z.int().nullable(),
    error: z.string().nullable(),
    nextAttemptAt: dateTimeSchema.nullable().meta({
      description:
        'Quando sai a próxima tentativa; `null` quando terminou, ou enquanto a assinatura está pausada.',
    }),
    lastAttemptAt: dateTimeSchema.nullable(),
    deliveredAt: dateTimeSchema.nullable(),
    attempts: z
      .array(deliveryAttemptSchema)
      .meta({ description: 'Cada tentativa feita, na ordem: quando, quanto durou e a resposta.' }),
    redeliveryOf: idSchema('delivery').nullable().meta({
      description:
        'A entrega que esta reenvia (`POST …/deliveries/{deliveryId}/redeliver`): o mesmo evento, com o mesmo corpo, numa nova série de tentativas; `null` na entrega original do evento.',
    }),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Delivery' });

export const listDeliveriesQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  ...paginationQueryShape,
  sort: sortQuerySchema,
});

export const notificationResponseSchema = successResponse({ notification: notificationSchema });
export const notificationListResponseSchema = successResponse({
  total: z.int(),
  notifications: z.array(notificationSchema),
});
export const createdNotificationResponseSchema = successResponse({
  notification: createdNotificationSchema,
});
export const testNotificationResponseSchema = successResponse({ result: testDeliveryResultSchema });
export const deliveryResponseSchema = successResponse({ delivery: deliverySchema });
export const deliveryListResponseSchema = successResponse({
  total: z.int(),
  deliveries: z.array(deliverySchema),
});
