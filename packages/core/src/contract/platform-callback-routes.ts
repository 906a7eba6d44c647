/**
 * The routes Instagram (Meta) calls itself: deauthorization, data deletion and its status page. Part of the contract table (`routes.ts`), in its order.
 */
import {
  dataDeletionResponseSchema,
  dataDeletionStatusPathSchema,
  dataDeletionStatusResponseSchema,
  deauthorizeResponseSchema,
} from '../schemas/meta-callbacks';
import { EXAMPLE_VALUES as EX } from './example-values';
import { signedRequestBody } from './route-parts';
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
