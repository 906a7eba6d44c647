/**
 * Review links: an admin sends one post to someone without an account, who sees it as it
 * will look and approves or rejects it. Part of the contract table (`routes.ts`), in its
 * order.
 */
import {
  createdReviewLinkResponseSchema,
  createReviewLinkBodySchema,
  reviewApproveBodySchema,
  reviewLinkListResponseSchema,
  reviewRejectBodySchema,
  reviewResponseSchema,
  reviewTokenBodySchema,
} from '../schemas/review-links';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

const TOKEN_IN_BODY =
  'O token vai no corpo, não no caminho, para não ficar em registros de acesso. Limite: 60 chamadas por minuto por endereço IP.';

export const reviewLinkRoutes = {
  createReviewLink: defineRoute({
    id: 'createReviewLink',
    method: 'POST',
    path: '/v1/posts/{id}/review-links',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Cria um link de revisão',
    description:
      'Um endereço para alguém sem conta (um cliente) ver o post como ficará no Instagram e aprová-lo ou recusá-lo com um comentário, enquanto ele aguarda aprovação. O endereço aparece só nesta resposta, vale por `expiresInHours` e pode ser revogado. O que o link decide fica no histórico como feito por ele.',
    request: { params: idParams, body: json(createReviewLinkBodySchema) },
    responses: {
      201: { description: 'O link, com o endereço.', schema: createdReviewLinkResponseSchema },
    },
    examples: {
      cliente: {
        summary: 'Envia um post para a cliente aprovar em 48 horas',
        params: { id: EX.postId },
        body: { expiresInHours: 48, label: 'Ana, da Padaria' },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  listReviewLinks: defineRoute({
    id: 'listReviewLinks',
    method: 'GET',
    path: '/v1/posts/{id}/review-links',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Lista os links de revisão de um post',
    description: 'Os links ainda válidos (nem expirados nem revogados). O endereço não volta.',
    request: { params: idParams },
    responses: { 200: { description: 'Os links.', schema: reviewLinkListResponseSchema } },
    examples: { listar: { summary: 'Lista os links de um post', params: { id: EX.postId } } },
    errors: ['NOT_FOUND'],
  }),
  deleteReviewLink: defineRoute({
    id: 'deleteReviewLink',
    method: 'DELETE',
    path: '/v1/review-links/{id}',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Revoga um link de revisão',
    description: 'O endereço deixa de valer na hora (`REVIEW_LINK_INVALID`).',
    request: { params: idParams },
    responses: { 204: { description: 'Link revogado.' } },
    examples: {
      revogar: { summary: 'Revoga um link', params: { id: EX.reviewLinkId } },
    },
    errors: ['NOT_FOUND'],
  }),
  lookupReviewLink: defineRoute({
    id: 'lookupReviewLink',
    method: 'POST',
    path: '/v1/review-links/lookup',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Aprovação',
    summary: 'Mostra o post de um link de revisão',
    description: `O post como será publicado (legenda, mídias, contas e horário), para a página de revisão. ${TOKEN_IN_BODY}`,
    request: { body: json(reviewTokenBodySchema) },
    responses: { 200: { description: 'O post a revisar.', schema: reviewResponseSchema } },
    examples: { ver: { summary: 'Mostra o post', body: { token: EX.reviewToken } } },
    errors: ['NOT_FOUND', 'REVIEW_LINK_INVALID'],
  }),
  approveByReviewLink: defineRoute({
    id: 'approveByReviewLink',
    method: 'POST',
    path: '/v1/review-links/approve',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Aprovação',
    summary: 'Aprova um post por um link de revisão',
    description: `Aprova o post do link, como um admin aprovaria (a cota é verificada agora); o comentário vai para as notas do post. Se o horário passou enquanto ele aguardava, \`publishNow\` = true publica já. ${TOKEN_IN_BODY}`,
    request: { body: json(reviewApproveBodySchema) },
    responses: { 200: { description: 'O post aprovado.', schema: reviewResponseSchema } },
    examples: {
      aprovar: {
        summary: 'Aprova com um comentário (o post do exemplo já está agendado)',
        body: { token: EX.reviewToken, comment: 'Perfeito!' },
        answers: 'POST_NOT_AWAITING_APPROVAL',
      },
    },
    errors: [
      'NOT_FOUND',
      'REVIEW_LINK_INVALID',
      'POST_NOT_AWAITING_APPROVAL',
      'APPROVAL_TIME_PASSED',
      'TOKEN_INVALID',
      'RATE_LIMIT_ACCOUNT',
    ],
  }),
  rejectByReviewLink: defineRoute({
    id: 'rejectByReviewLink',
    method: 'POST',
    path: '/v1/review-links/reject',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Aprovação',
    summary: 'Recusa um post por um link de revisão',
    description: `O post volta a rascunho, com o comentário como motivo. ${TOKEN_IN_BODY}`,
    request: { body: json(reviewRejectBodySchema) },
    responses: { 200: { description: 'O post recusado.', schema: reviewResponseSchema } },
    examples: {
      recusar: {
        summary: 'Recusa pedindo uma mudança (o post do exemplo já está agendado)',
        body: { token: EX.reviewToken, comment: 'Troque a foto, por favor.' },
        answers: 'POST_NOT_AWAITING_APPROVAL',
      },
    },
    errors: ['NOT_FOUND', 'REVIEW_LINK_INVALID', 'POST_NOT_AWAITING_APPROVAL'],
  }),
} as const satisfies Record<string, RouteDefinition>;
