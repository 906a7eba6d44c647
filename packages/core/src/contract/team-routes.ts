/**
 * Teams (Bearer only): a project's members and their roles, and the invitations that
 * bring people in. Part of the contract table (`routes.ts`), in its order.
 */
import {
  acceptedInvitationResponseSchema,
  acceptInvitationBodySchema,
  createdInvitationResponseSchema,
  createInvitationBodySchema,
  invitationListResponseSchema,
  invitationPreviewResponseSchema,
  memberListResponseSchema,
  memberResponseSchema,
  updateMemberBodySchema,
} from '../schemas/members';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json, projectInvitationParams, projectMemberParams } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const teamRoutes = {
  listMembers: defineRoute({
    id: 'listMembers',
    method: 'GET',
    path: '/v1/projects/{id}/members',
    auth: 'bearer',
    role: 'viewer',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Lista os membros do projeto',
    description:
      'Quem tem acesso ao projeto e com que papel: `owner` (o dono da organização), `admin`, `editor` ou `viewer`.',
    request: { params: idParams },
    responses: { 200: { description: 'Os membros.', schema: memberListResponseSchema } },
    examples: { listar: { summary: 'Lista os membros', params: { id: EX.projectId } } },
    errors: [],
  }),
  updateMember: defineRoute({
    id: 'updateMember',
    method: 'PATCH',
    path: '/v1/projects/{id}/members/{userId}',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Muda o papel de um membro',
    description:
      'Muda o papel de um membro para `admin`, `editor` ou `viewer`. Vale a partir da próxima chamada dele. O dono não muda de papel (`LAST_OWNER`).',
    request: { params: projectMemberParams, body: json(updateMemberBodySchema) },
    responses: { 200: { description: 'O membro.', schema: memberResponseSchema } },
    examples: {
      editor: {
        summary: 'Faz de um membro editor',
        params: { id: EX.projectId, userId: EX.memberUserId },
        body: { role: 'editor' },
      },
    },
    errors: ['NOT_FOUND', 'LAST_OWNER'],
  }),
  removeMember: defineRoute({
    id: 'removeMember',
    method: 'DELETE',
    path: '/v1/projects/{id}/members/{userId}',
    auth: 'bearer',
    // Anyone may leave; removing someone else asks for an admin (checked by the service).
    role: 'viewer',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Remove um membro',
    description:
      'Tira o acesso de um membro ao projeto, a partir da próxima chamada dele. Qualquer membro pode sair; remover outra pessoa pede `admin`. O dono não pode ser removido (`LAST_OWNER`).',
    request: { params: projectMemberParams },
    responses: { 204: { description: 'Membro removido.' } },
    examples: {
      remover: {
        summary: 'Remove um membro',
        params: { id: EX.projectId, userId: EX.memberUserId },
      },
    },
    errors: ['NOT_FOUND', 'LAST_OWNER'],
  }),
  createInvitation: defineRoute({
    id: 'createInvitation',
    method: 'POST',
    path: '/v1/projects/{id}/invitations',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'createKey',
    tag: 'Equipe',
    summary: 'Convida uma pessoa',
    description:
      'Cria um convite para um e-mail, com um papel. O endereço (`url`) aparece só nesta resposta, vale uma vez e por 7 dias; quem o abre entra (ou se cadastra) com esse e-mail e aceita. Com SMTP configurado, o convite também vai por e-mail. Limite: 10 convites por minuto.',
    request: { params: idParams, body: json(createInvitationBodySchema) },
    responses: {
      201: {
        description: 'O convite, com o endereço.',
        schema: createdInvitationResponseSchema,
      },
    },
    examples: {
      editor: {
        summary: 'Convida uma editora',
        params: { id: EX.projectId },
        body: { email: EX.inviteeEmail, role: 'editor' },
      },
    },
    errors: [],
  }),
  listInvitations: defineRoute({
    id: 'listInvitations',
    method: 'GET',
    path: '/v1/projects/{id}/invitations',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Lista os convites pendentes',
    description: 'Os convites ainda não aceitos nem expirados. O endereço não é devolvido de novo.',
    request: { params: idParams },
    responses: { 200: { description: 'Os convites.', schema: invitationListResponseSchema } },
    examples: { listar: { summary: 'Lista os convites', params: { id: EX.projectId } } },
    errors: [],
  }),
  deleteInvitation: defineRoute({
    id: 'deleteInvitation',
    method: 'DELETE',
    path: '/v1/projects/{id}/invitations/{invitationId}',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Cancela um convite',
    description: 'Cancela um convite pendente: o endereço deixa de valer na hora.',
    request: { params: projectInvitationParams },
    responses: { 204: { description: 'Convite cancelado.' } },
    examples: {
      cancelar: {
        summary: 'Cancela um convite',
        params: { id: EX.projectId, invitationId: EX.invitationId },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  lookupInvitation: defineRoute({
    id: 'lookupInvitation',
    method: 'POST',
    path: '/v1/invitations/lookup',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Equipe',
    summary: 'Mostra um convite',
    description:
      'O que um convite pendente oferece (o e-mail convidado, o papel, o projeto e até quando vale), para a página do convite mostrar antes de a pessoa entrar ou se cadastrar. Pede só o token do endereço; não aceita o convite. O token vai no corpo, não no caminho, para não ficar em registros de acesso.',
    request: { body: json(acceptInvitationBodySchema) },
    responses: {
      200: { description: 'O convite.', schema: invitationPreviewResponseSchema },
    },
    examples: {
      ver: { summary: 'Mostra um convite', body: { token: EX.invitationToken } },
    },
    errors: ['NOT_FOUND', 'INVITATION_INVALID'],
  }),
  acceptInvitation: defineRoute({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/v1/invitations/accept',
    auth: 'bearer',
    rateBucket: 'account',
    tag: 'Equipe',
    summary: 'Aceita um convite',
    description:
      'Aceita o convite do token para o usuário autenticado, cujo e-mail deve ser o do convite (sem diferenciar maiúsculas). Responde o projeto, com o papel.',
    request: { body: json(acceptInvitationBodySchema) },
    responses: {
      200: { description: 'O projeto em que entrou.', schema: acceptedInvitationResponseSchema },
    },
    examples: {
      aceitar: { summary: 'Aceita um convite', body: { token: EX.invitationToken } },
    },
    errors: ['NOT_FOUND', 'INVITATION_INVALID'],
  }),
} as const satisfies Record<string, RouteDefinition>;
