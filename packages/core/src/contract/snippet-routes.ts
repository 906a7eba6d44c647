/**
 * Snippets (`/v1/snippets`): captions and hashtag groups kept per project for the
 * composer. Part of the contract table (`routes.ts`), in its order.
 */
import {
  createSnippetBodySchema,
  listSnippetsQuerySchema,
  snippetListResponseSchema,
  snippetResponseSchema,
  updateSnippetBodySchema,
} from '../schemas/snippets';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

const TAG = 'Trechos';

export const snippetRoutes = {
  listSnippets: defineRoute({
    id: 'listSnippets',
    method: 'GET',
    path: '/v1/snippets',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lista as legendas e os grupos de hashtags guardados',
    description: 'Os trechos do projeto, por título.',
    request: { query: listSnippetsQuerySchema },
    responses: { 200: { description: 'Os trechos.', schema: snippetListResponseSchema } },
    examples: { hashtags: { summary: 'Os grupos de hashtags', query: { kind: 'hashtags' } } },
    errors: [],
    mcp: {
      tool: 'list_snippets',
      title: 'Listar legendas e hashtags guardadas',
      guidance: 'Use-os ao escrever legendas: o texto vem da equipe do projeto.',
    },
  }),
  createSnippet: defineRoute({
    id: 'createSnippet',
    method: 'POST',
    path: '/v1/snippets',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Guarda uma legenda ou um grupo de hashtags',
    description: 'Um texto que a equipe reusa ao compor posts.',
    request: { body: json(createSnippetBodySchema) },
    responses: { 201: { description: 'O trecho.', schema: snippetResponseSchema } },
    examples: {
      hashtags: {
        summary: 'Guarda as hashtags de café',
        body: { kind: 'hashtags', title: 'Café', text: '#café #cafeteria #barista' },
      },
    },
    errors: ['VALIDATION_ERROR'],
  }),
  updateSnippet: defineRoute({
    id: 'updateSnippet',
    method: 'PATCH',
    path: '/v1/snippets/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Altera um trecho',
    description: 'Muda o título ou o texto.',
    request: { params: idParams, body: json(updateSnippetBodySchema) },
    responses: { 200: { description: 'O trecho.', schema: snippetResponseSchema } },
    examples: {
      texto: {
        summary: 'Troca o texto',
        params: { id: EX.snippetId },
        body: { text: '#café #espresso' },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  deleteSnippet: defineRoute({
    id: 'deleteSnippet',
    method: 'DELETE',
    path: '/v1/snippets/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Apaga um trecho',
    description: 'O trecho deixa de ser oferecido.',
    request: { params: idParams },
    responses: { 204: { description: 'Apagado.' } },
    examples: { apagar: { summary: 'Apaga um trecho', params: { id: EX.snippetId } } },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;
