/**
 * The team's trail: a post's internal notes and the activity of posts, who did what and
 * when. Any member reads them, viewers included, and any member may leave a note. Part
 * of the contract table (`routes.ts`), in its order.
 */
import {
  activityListResponseSchema,
  activityQuerySchema,
  createNoteBodySchema,
  noteListResponseSchema,
  noteResponseSchema,
  postActivityResponseSchema,
} from '../schemas/activity';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const activityRoutes = {
  listPostNotes: defineRoute({
    id: 'listPostNotes',
    method: 'GET',
    path: '/v1/posts/{id}/notes',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Equipe',
    summary: 'Notas de um post',
    description:
      'A conversa interna da equipe sobre o post, da mais antiga à mais nova. As notas nunca são publicadas.',
    request: { params: idParams },
    responses: { 200: { description: 'As notas.', schema: noteListResponseSchema } },
    examples: { listar: { summary: 'Lê as notas de um post', params: { id: EX.postId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_post_notes',
      title: 'Notas internas de um post',
      params: { id: 'O post (`post_…`).' },
    },
  }),
  createPostNote: defineRoute({
    id: 'createPostNote',
    method: 'POST',
    path: '/v1/posts/{id}/notes',
    auth: 'key',
    // Viewers read everything and write only notes.
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Equipe',
    summary: 'Deixa uma nota num post',
    description:
      'Acrescenta uma nota interna ao post (até 2.000 caracteres), para a equipe: nunca é publicada. Qualquer membro pode escrever, inclusive `viewer`.',
    request: { params: idParams, body: json(createNoteBodySchema) },
    responses: { 201: { description: 'A nota.', schema: noteResponseSchema } },
    examples: {
      nota: {
        summary: 'Pede uma troca na legenda',
        params: { id: EX.postId },
        body: { text: 'Trocar "promoção" por "oferta", como pediu o cliente.' },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'add_post_note',
      title: 'Deixar uma nota interna num post',
      params: { id: 'O post (`post_…`).' },
      guidance:
        'Uma nota é para a equipe e nunca é publicada: use-a para explicar uma proposta ou pedir uma revisão.',
    },
  }),
  listPostActivity: defineRoute({
    id: 'listPostActivity',
    method: 'GET',
    path: '/v1/posts/{id}/activity',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Equipe',
    summary: 'Atividade de um post',
    description:
      'Quem fez o quê no post, e quando, do mais antigo ao mais novo: criou, editou (com os campos alterados), cancelou, tentou de novo, deixou uma nota; e o que aconteceu sozinho (publicado, falhou).',
    request: { params: idParams },
    responses: { 200: { description: 'A atividade.', schema: postActivityResponseSchema } },
    examples: { ler: { summary: 'Lê a atividade de um post', params: { id: EX.postId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_post_activity',
      title: 'Atividade de um post',
      params: { id: 'O post (`post_…`).' },
    },
  }),
  listActivity: defineRoute({
    id: 'listActivity',
    method: 'GET',
    path: '/v1/activity',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Equipe',
    summary: 'Atividade do projeto',
    description:
      'A atividade de todos os posts do projeto, da mais nova à mais antiga, filtrável por quem fez (`actor`) e por post (`postId`).',
    request: { query: activityQuerySchema },
    responses: { 200: { description: 'A atividade.', schema: activityListResponseSchema } },
    examples: { recente: { summary: 'Lê a atividade recente', query: { limit: 20 } } },
    errors: [],
    mcp: { tool: 'list_activity', title: 'Atividade recente do projeto' },
  }),
} as const satisfies Record<string, RouteDefinition>;
