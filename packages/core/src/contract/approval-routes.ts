/**
 * A team's review of posts: sending a draft, approving or rejecting what an editor
 * proposed, and the project setting that asks for approval. Part of the contract table
 * (`routes.ts`), in its order.
 */
import { approvePostBodySchema, postResponseSchema, rejectPostBodySchema } from '../schemas/posts';
import {
  projectSettingsResponseSchema,
  updateProjectSettingsBodySchema,
} from '../schemas/project-settings';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const approvalRoutes = {
  submitPost: defineRoute({
    id: 'submitPost',
    method: 'POST',
    path: '/v1/posts/{id}/submit',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Envia um rascunho',
    description:
      'Verifica o rascunho como na criação (contas, mídias, horário, cota) e o agenda (ou publica já, sem horário), ou o deixa em `awaiting_approval` quando a aprovação é exigida para quem envia (um `editor` num projeto ou perfil com `approvalRequired`). Um rascunho incompleto é recusado com `VALIDATION_ERROR` listando o que falta.',
    request: { params: idParams },
    responses: {
      200: {
        description: 'O post agendado, em publicação ou aguardando aprovação.',
        schema: postResponseSchema,
      },
    },
    examples: {
      enviar: {
        summary: 'Envia um rascunho (um post agendado não é rascunho)',
        params: { id: EX.postId },
        answers: 'POST_NOT_DRAFT',
      },
    },
    errors: [
      'NOT_FOUND',
      'POST_NOT_DRAFT',
      'MEDIA_INVALID',
      'TOKEN_INVALID',
      'RATE_LIMIT_ACCOUNT',
      'NO_FREE_SLOT',
    ],
    mcp: {
      tool: 'submit_post',
      title: 'Enviar um rascunho',
      params: { id: 'O rascunho (`post_…`).' },
      guidance:
        'Confirme antes com a pessoa o conteúdo, as contas e o horário. Um rascunho com `problems` é recusado com `VALIDATION_ERROR` listando o que falta: complete-o antes com `reschedule_post`. Quando a aprovação é exigida para a sua credencial, o post fica em `awaiting_approval` até uma pessoa (admin ou owner) aprovar ou recusar; diga isso a quem pediu, e acompanhe a decisão com `get_post`, `list_post_notes` e `list_post_activity`. Você não aprova nem recusa. Sem aprovação exigida, a publicação é real. Repetir não envia de novo: um post que já saiu de rascunho responde `POST_NOT_DRAFT`.',
      idempotent: true,
      openWorld: true,
    },
  }),
  approvePost: defineRoute({
    id: 'approvePost',
    method: 'POST',
    path: '/v1/posts/{id}/approve',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Aprova um post',
    description:
      'Um post em `awaiting_approval` passa a `scheduled`, ou começa a publicar quando não tem horário. A cota de cada conta é verificada de novo, agora. Se o horário passou enquanto ele aguardava, nada foi publicado: aprove com um novo `scheduledFor` ou `"now"` (`APPROVAL_TIME_PASSED` sem um deles). Só `admin` e `owner` aprovam.',
    request: { params: idParams, body: json(approvePostBodySchema), bodyOptional: true },
    responses: {
      200: { description: 'O post aprovado.', schema: postResponseSchema },
    },
    examples: {
      aprovar: {
        summary: 'Aprova um post (um post agendado não aguarda aprovação)',
        params: { id: EX.postId },
        body: { note: 'Pode ir!' },
        answers: 'POST_NOT_AWAITING_APPROVAL',
      },
    },
    errors: [
      'NOT_FOUND',
      'POST_NOT_AWAITING_APPROVAL',
      'APPROVAL_TIME_PASSED',
      'TOKEN_INVALID',
      'RATE_LIMIT_ACCOUNT',
    ],
  }),
  rejectPost: defineRoute({
    id: 'rejectPost',
    method: 'POST',
    path: '/v1/posts/{id}/reject',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Aprovação',
    summary: 'Recusa um post',
    description:
      'Um post em `awaiting_approval` volta a rascunho, com o motivo guardado em `rejectionReason` e no histórico. Só `admin` e `owner` recusam.',
    request: { params: idParams, body: json(rejectPostBodySchema) },
    responses: {
      200: { description: 'O post, de volta a rascunho.', schema: postResponseSchema },
    },
    examples: {
      recusar: {
        summary: 'Recusa um post (um post agendado não aguarda aprovação)',
        params: { id: EX.postId },
        body: { reason: 'Troque a foto, por favor.' },
        answers: 'POST_NOT_AWAITING_APPROVAL',
      },
    },
    errors: ['NOT_FOUND', 'POST_NOT_AWAITING_APPROVAL'],
  }),
  getProjectSettings: defineRoute({
    id: 'getProjectSettings',
    method: 'GET',
    path: '/v1/projects/{id}/settings',
    auth: 'bearer',
    role: 'viewer',
    rateBucket: 'account',
    tag: 'Aprovação',
    summary: 'As configurações do projeto',
    description: 'Se os posts de editores aguardam aprovação (`approvalRequired`).',
    request: { params: idParams },
    responses: {
      200: { description: 'As configurações.', schema: projectSettingsResponseSchema },
    },
    examples: { ler: { summary: 'Lê as configurações', params: { id: EX.projectId } } },
    errors: [],
  }),
  updateProjectSettings: defineRoute({
    id: 'updateProjectSettings',
    method: 'PATCH',
    path: '/v1/projects/{id}/settings',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Aprovação',
    summary: 'Altera as configurações do projeto',
    description:
      'Com `approvalRequired` = true, os posts de editores (pessoas e chaves `editor`) aguardam a aprovação de um admin. Os posts já agendados não mudam. Cada perfil pode decidir por si.',
    request: { params: idParams, body: json(updateProjectSettingsBodySchema) },
    responses: {
      200: { description: 'As configurações.', schema: projectSettingsResponseSchema },
    },
    examples: {
      exigir: {
        summary: 'Exige aprovação',
        params: { id: EX.projectId },
        body: { approvalRequired: true },
      },
    },
    errors: [],
  }),
} as const satisfies Record<string, RouteDefinition>;
