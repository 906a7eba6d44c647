/**
 * The routes Instagram (Meta) calls itself: deauthorization, data deletion and its status page. Part of the contract table (`routes.ts`), in its order.
 */
import {
  dataDeletionResponseSchema,
  dataDeletionStatusPathSchema,
  dataDeletionStatusResponseSchema,
  deauthorizeResponseSchema,
} from '../schemas/meta-callbacks';
import { metaWebhookBodySchema, metaWebhookVerifyQuerySchema } from '../schemas/comments';
import { successResponse } from '../schemas/common';
import { EXAMPLE_VALUES as EX } from './example-values';
import { json, signedRequestBody } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const platformCallbackRoutes = {
  metaDeauthorize: defineRoute({
    id: 'metaDeauthorize',
    method: 'POST',
    path: '/v1/meta/deauthorize',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Aviso de desautorização do Instagram',
    description:
      'Chamada pela Meta quando a pessoa remove o app. Verificada por `signed_request`; apaga os tokens da conta e exige reconexão.',
    request: { body: signedRequestBody },
    responses: { 200: { description: 'Aviso registrado.', schema: deauthorizeResponseSchema } },
    examples: {
      meta: {
        summary: 'O aviso como a Meta o envia',
        contentType: 'application/x-www-form-urlencoded',
        body: { signed_request: EX.signedRequest },
      },
    },
    errors: ['SIGNED_REQUEST_INVALID', 'PLATFORM_CREDENTIALS_MISSING'],
  }),
  metaDataDeletion: defineRoute({
    id: 'metaDataDeletion',
    method: 'POST',
    path: '/v1/meta/data-deletion',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Pedido de exclusão de dados',
    description:
      'Chamada pela Meta quando a pessoa pede a exclusão dos seus dados. Verificada por `signed_request`; responde a URL de acompanhamento e o código de confirmação.',
    request: { body: signedRequestBody },
    responses: { 200: { description: 'Pedido registrado.', schema: dataDeletionResponseSchema } },
    examples: {
      meta: {
        summary: 'O pedido como a Meta o envia',
        contentType: 'application/x-www-form-urlencoded',
        body: { signed_request: EX.signedRequest },
      },
    },
    errors: ['SIGNED_REQUEST_INVALID', 'PLATFORM_CREDENTIALS_MISSING'],
  }),
  verifyMetaWebhook: defineRoute({
    id: 'verifyMetaWebhook',
    method: 'GET',
    path: '/v1/meta/webhooks',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Verificação do webhook da Meta',
    description:
      'O aperto de mão que a Meta faz ao cadastrar o endereço de callback no painel do app: responde `hub.challenge` em texto quando `hub.verify_token` é o `META_WEBHOOK_VERIFY_TOKEN` do servidor.',
    request: { query: metaWebhookVerifyQuerySchema },
    responses: { 200: { description: 'O `hub.challenge`, em texto.', contentType: 'text/plain' } },
    examples: {
      meta: {
        summary: 'A verificação como a Meta a envia (com outro token, recusada)',
        query: {
          'hub.mode': 'subscribe',
          'hub.challenge': '1158201444',
          'hub.verify_token': EX.metaVerifyToken,
        },
        answers: 'META_WEBHOOK_INVALID',
      },
    },
    errors: ['META_WEBHOOK_INVALID'],
  }),
  receiveMetaWebhook: defineRoute({
    id: 'receiveMetaWebhook',
    method: 'POST',
    path: '/v1/meta/webhooks',
    auth: 'public',
    rateBucket: 'metaWebhook',
    tag: 'Callbacks da plataforma',
    summary: 'Notificações da Meta (comentários e menções)',
    description:
      'A Meta envia aqui os comentários e menções das contas inscritas. A assinatura `X-Hub-Signature-256` (HMAC-SHA256 do corpo com o segredo do app) é conferida em tempo constante; sem ela, ou errada, `META_WEBHOOK_INVALID`. O lote é guardado e respondido na hora; o processamento segue pela fila, sem perder nada se o servidor cair.',
    request: { body: json(metaWebhookBodySchema) },
    responses: { 200: { description: 'Lote recebido.', schema: successResponse({}) } },
    examples: {
      meta: {
        summary: 'Um lote sem assinatura (recusado)',
        body: { object: 'instagram', entry: [] },
        answers: 'META_WEBHOOK_INVALID',
      },
    },
    errors: ['META_WEBHOOK_INVALID'],
  }),
  getDataDeletionStatus: defineRoute({
    id: 'getDataDeletionStatus',
    method: 'GET',
    path: '/v1/meta/data-deletion/{code}',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Situação de um pedido de exclusão',
    description: 'Situação de um pedido de exclusão de dados, pelo código de confirmação.',
    request: { params: dataDeletionStatusPathSchema },
    responses: {
      200: { description: 'A situação do pedido.', schema: dataDeletionStatusResponseSchema },
    },
    examples: {
      situacao: { summary: 'Situação de um pedido', params: { code: EX.dataDeletionCode } },
    },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;
