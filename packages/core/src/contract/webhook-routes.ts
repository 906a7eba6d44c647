/**
 * Webhook subscriptions, their secrets, test deliveries and delivery history. Part of the contract table (`routes.ts`), in its order.
 */
import * as z from 'zod';
import { messageResponseSchema, pathIdSchema } from '../schemas/common';
import {
  createdNotificationResponseSchema,
  createNotificationBodySchema,
  deliveryListResponseSchema,
  deliveryResponseSchema,
  listDeliveriesQuerySchema,
  listNotificationsQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  rotateNotificationSecretBodySchema,
  testNotificationBodySchema,
  testNotificationResponseSchema,
  updateNotificationBodySchema,
} from '../schemas/notifications';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const webhookRoutes = {
  createNotification: defineRoute({
    id: 'createNotification',
    method: 'POST',
    path: '/v1/notifications',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Cria uma assinatura de webhook',
    description:
      'Registra uma URL https para receber eventos assinados (`post.scheduled`, `post.published`, `post.partial`, `post.failed`), opcionalmente só de um perfil (`profileId`) ou, nos eventos finais, só de posts agendados (`onlyScheduledPosts`). A URL não pode apontar para endereços privados, de loopback ou de metadados. O segredo (`webhook.secret`, `whsec_…`) aparece só nesta resposta. Eventos anteriores à assinatura não são enviados.',
    request: { body: json(createNotificationBodySchema) },
    responses: {
      201: {
        description: 'A assinatura criada, com o segredo.',
        schema: createdNotificationResponseSchema,
      },
    },
    examples: {
      finais: {
        summary: 'Recebe os resultados das publicações',
        body: {
          eventTypes: ['post.published', 'post.partial', 'post.failed'],
          webhook: { url: EX.webhookUrl },
        },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'create_webhook',
      title: 'Criar uma assinatura de webhook',
      guidance:
        'Mostre o segredo (`webhook.secret`) à pessoa só para ela guardar: ele não aparece de novo.',
      openWorld: true,
    },
  }),
  listNotifications: defineRoute({
    id: 'listNotifications',
    method: 'GET',
    path: '/v1/notifications',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Lista as assinaturas de webhook',
    description:
      'As assinaturas de webhook do projeto, paginadas. O segredo nunca é devolvido aqui.',
    request: { query: listNotificationsQuerySchema },
    responses: {
      200: { description: 'As assinaturas.', schema: notificationListResponseSchema },
    },
    examples: { listar: { summary: 'Lista as assinaturas', query: { limit: 20 } } },
    errors: [],
    mcp: { tool: 'list_webhooks', title: 'Listar as assinaturas de webhook' },
  }),
  getNotification: defineRoute({
    id: 'getNotification',
    method: 'GET',
    path: '/v1/notifications/{id}',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Lê uma assinatura de webhook',
    description: 'Uma assinatura de webhook, sem o segredo.',
    request: { params: idParams },
    responses: { 200: { description: 'A assinatura.', schema: notificationResponseSchema } },
    examples: { ler: { summary: 'Lê uma assinatura', params: { id: EX.notificationId } } },
    errors: ['NOT_FOUND'],
  }),
  updateNotification: defineRoute({
    id: 'updateNotification',
    method: 'PATCH',
    path: '/v1/notifications/{id}',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Altera uma assinatura de webhook',
    description:
      'Muda a URL, os tipos de evento, os filtros (`profileId`, `onlyScheduledPosts`) ou pausa e retoma os envios (`paused`). Pausada, a assinatura continua registrando os eventos como entregas `pending`; ao retomar, elas são enviadas. O segredo não muda.',
    request: { params: idParams, body: json(updateNotificationBodySchema) },
    responses: {
      200: { description: 'A assinatura alterada.', schema: notificationResponseSchema },
    },
    examples: {
      pausar: {
        summary: 'Pausa os envios',
        params: { id: EX.notificationId },
        body: { paused: true },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  deleteNotification: defineRoute({
    id: 'deleteNotification',
    method: 'DELETE',
    path: '/v1/notifications/{id}',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Remove uma assinatura de webhook',
    description:
      'Remove a assinatura e seu histórico de entregas. Entregas pendentes não são mais enviadas.',
    request: { params: idParams },
    responses: { 200: { description: 'Assinatura removida.', schema: messageResponseSchema } },
    examples: { remover: { summary: 'Remove uma assinatura', params: { id: EX.notificationId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'delete_webhook',
      title: 'Remover uma assinatura de webhook',
      params: { id: 'A assinatura (`ntf_…`).' },
    },
  }),
  rotateNotificationSecret: defineRoute({
    id: 'rotateNotificationSecret',
    method: 'POST',
    path: '/v1/notifications/{id}/rotate-secret',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Troca o segredo de uma assinatura',
    description:
      'Gera um novo segredo (`whsec_…`), que aparece só nesta resposta. Durante a sobreposição (`overlapSeconds`, padrão 24 h) o segredo anterior continua assinando: cada entrega leva as duas assinaturas em `X-Service-Signature`, separadas por vírgula (e em `webhook-signature`, separadas por espaço). Uma nova troca encerra na hora o segredo anterior a ela.',
    request: {
      params: idParams,
      body: json(rotateNotificationSecretBodySchema),
      bodyOptional: true,
    },
    responses: {
      200: {
        description: 'A assinatura com o novo segredo.',
        schema: createdNotificationResponseSchema,
      },
    },
    examples: {
      trocar: {
        summary: 'Troca o segredo, o anterior vale por 1 hora',
        params: { id: EX.notificationId },
        body: { overlapSeconds: 3600 },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  testNotification: defineRoute({
    id: 'testNotification',
    method: 'POST',
    path: '/v1/notifications/test',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Testa um destino de webhook',
    description:
      'Envia um evento de teste assinado para uma assinatura (`notificationId`, com o segredo dela) ou para uma URL ainda não salva (`webhook.url`, com um segredo avulso devolvido na resposta), e responde o que o receptor disse: status, tempo e erro. O evento tem a forma de um `post.published`, o cabeçalho `X-Service-Test: true` e `data.post.id` = `post_00000000000000000000000000`; ele não entra no histórico de entregas.',
    request: { body: json(testNotificationBodySchema) },
    responses: {
      200: {
        description: 'O resultado da entrega de teste.',
        schema: testNotificationResponseSchema,
      },
    },
    examples: {
      assinatura: {
        summary: 'Testa uma assinatura salva',
        body: { notificationId: EX.notificationId },
      },
      url: { summary: 'Testa uma URL antes de salvar', body: { webhook: { url: EX.webhookUrl } } },
    },
    errors: ['NOT_FOUND'],
  }),
  listDeliveries: defineRoute({
    id: 'listDeliveries',
    method: 'GET',
    path: '/v1/notifications/{id}/deliveries',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Histórico de entregas',
    description:
      'Cada evento enviado à assinatura, com `status` (`pending`, `delivered`, `failed`), `attempt`, `responseStatus`, `error`, as datas e cada tentativa, paginado e filtrável por `status`.',
    request: { params: idParams, query: listDeliveriesQuerySchema },
    responses: { 200: { description: 'As entregas.', schema: deliveryListResponseSchema } },
    examples: {
      listar: {
        summary: 'As últimas entregas',
        params: { id: EX.notificationId },
        query: { limit: 20 },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_webhook_deliveries',
      title: 'Histórico de entregas de um webhook',
      params: { id: 'A assinatura (`ntf_…`).' },
    },
  }),
  redeliverDelivery: defineRoute({
    id: 'redeliverDelivery',
    method: 'POST',
    path: '/v1/notifications/{id}/deliveries/{deliveryId}/redeliver',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Reenvia uma entrega',
    description:
      'Envia de novo o evento de uma entrega (entregue ou com falha) à assinatura: o mesmo id de evento e o mesmo corpo, byte a byte, assinados na hora do envio (novo timestamp). O reenvio é uma nova entrega no histórico (`redeliveryOf` aponta a entrega reenviada), com suas próprias tentativas e novas tentativas após 30 s e 2 min se falhar. Enquanto uma entrega desse evento para a assinatura estiver `pending`, responde `DELIVERY_PENDING`. Com a assinatura pausada, o reenvio espera como `pending` e sai quando ela for retomada.',
    request: {
      params: z.object({ id: pathIdSchema, deliveryId: pathIdSchema }),
    },
    responses: {
      202: { description: 'Reenvio aceito: a nova entrega.', schema: deliveryResponseSchema },
    },
    examples: {
      reenviar: {
        summary: 'Reenvia uma entrega',
        params: { id: EX.notificationId, deliveryId: EX.deliveryId },
      },
    },
    errors: ['NOT_FOUND', 'DELIVERY_PENDING'],
    mcp: {
      tool: 'redeliver_webhook_delivery',
      title: 'Reenviar uma entrega de webhook',
      params: {
        id: 'A assinatura (`ntf_…`).',
        deliveryId: 'A entrega a reenviar (`dlv_…`), de list_webhook_deliveries.',
      },
      openWorld: true,
    },
  }),
} as const satisfies Record<string, RouteDefinition>;
