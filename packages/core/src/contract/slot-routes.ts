/**
 * Posting schedules (`/v1/integrations/{id}/slots`, `/v1/profiles/{id}/slots`): read and
 * replace the weekly slots of an account or of a profile, and list the next free ones.
 * `POST /v1/posts` with `queue: true` takes the next free slot of each account. Spread
 * into the contract table right after the connected accounts.
 */
import * as z from 'zod';
import { pathIdSchema } from '../schemas/common';
import {
  freeSlotsQuerySchema,
  freeSlotsResponseSchema,
  postingScheduleResponseSchema,
  replacePostingSlotsBodySchema,
  slotSuggestionsQuerySchema,
  slotSuggestionsResponseSchema,
} from '../schemas/posting-slots';
import { EXAMPLE_VALUES as EX } from './example-values';
import { defineRoute, type RouteDefinition } from './route';

const idParams = z.object({ id: pathIdSchema });
const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': schema });
/** The schedule the examples set: three weekly slots in São Paulo time. */
const WEEKLY_SLOTS = {
  timezone: 'America/Sao_Paulo',
  slots: [
    { day: 'monday', time: '09:00' },
    { day: 'wednesday', time: '12:30' },
    { day: 'friday', time: '18:00' },
  ],
};
const TAG = 'Agenda de publicação';
const ACCOUNT_PARAM = { id: 'A conta conectada (`int_…`).' };
const PROFILE_PARAM = { id: 'O perfil (`prf_…`).' };

const SLOT_RULES =
  'Cada horário é um dia da semana e uma hora local (HH:MM) lidos no fuso IANA da agenda, data a data: 09:00 continua 09:00 depois de uma mudança de horário de verão. Uma hora que o relógio pula nesse dia passa para o primeiro minuto depois do salto (02:30 vira 03:00); uma hora que acontece duas vezes vale a primeira.';
const EVERGREEN_RULES =
  '`evergreen` liga a fila evergreen: um horário que chega sem post (cerca de 1 hora antes) recebe um post novo, cópia do post publicado com `evergreen` = true das contas da agenda que está há mais tempo sem sair, se não saiu (nem ele nem uma cópia) nos últimos `minDaysBetween` dias; a cópia traz `recycledFrom`. Sem `evergreen` no corpo, a agenda mantém a configuração que tinha (desligada numa agenda nova).';
const FREE_RULES =
  'Um horário está livre quando nenhum post agendado da conta (que não esteja cancelado nem com falha) cai no mesmo minuto. Só horários de 1 minuto a 75 dias à frente.';

export const slotRoutes = {
  getIntegrationSlots: defineRoute({
    id: 'getIntegrationSlots',
    method: 'GET',
    path: '/v1/integrations/{id}/slots',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Agenda de publicação de uma conta',
    description: `A agenda que vale para a conta: a dela (\`source\` = \`integration\`), senão a do perfil dela (\`profile\`), senão nenhuma (\`none\`, sem horários). ${SLOT_RULES}`,
    request: { params: idParams },
    responses: {
      200: {
        description: 'A agenda que vale para a conta.',
        schema: postingScheduleResponseSchema,
      },
    },
    examples: { ler: { summary: 'Lê a agenda de uma conta', params: { id: EX.integrationId } } },
    errors: ['NOT_FOUND'],
    mcp: { tool: 'get_account_slots', title: 'Ver a agenda de uma conta', params: ACCOUNT_PARAM },
  }),
  replaceIntegrationSlots: defineRoute({
    id: 'replaceIntegrationSlots',
    method: 'PUT',
    path: '/v1/integrations/{id}/slots',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Substitui a agenda de uma conta',
    description: `Troca todos os horários da conta pelos enviados (até 168, sem repetir dia e hora) no fuso \`timezone\`. \`slots\` vazio remove a agenda própria da conta, que volta a seguir a do perfil. Responde a agenda que passa a valer. Posts já agendados não mudam. ${SLOT_RULES} ${EVERGREEN_RULES}`,
    request: { params: idParams, body: json(replacePostingSlotsBodySchema) },
    responses: {
      200: {
        description: 'A agenda que vale para a conta.',
        schema: postingScheduleResponseSchema,
      },
    },
    examples: {
      semana: {
        summary: 'Três horários por semana',
        params: { id: EX.integrationId },
        body: WEEKLY_SLOTS,
      },
      evergreen: {
        summary: 'Com a fila evergreen: posts publicados voltam nos horários vazios',
        params: { id: EX.integrationId },
        body: { ...WEEKLY_SLOTS, evergreen: { enabled: true, minDaysBetween: 30 } },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'set_account_slots',
      title: 'Definir a agenda de uma conta',
      params: ACCOUNT_PARAM,
      guidance:
        'Substitui a agenda inteira: leia a atual com `get_account_slots` e envie todos os horários que devem ficar. Use o fuso IANA da pessoa.',
      destructive: true,
    },
  }),
  listIntegrationFreeSlots: defineRoute({
    id: 'listIntegrationFreeSlots',
    method: 'GET',
    path: '/v1/integrations/{id}/slots/next',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Próximos horários livres de uma conta',
    description: `Os próximos \`count\` horários livres da agenda que vale para a conta, em ordem, com o instante em UTC (\`at\`) e a hora local. ${FREE_RULES} Sem agenda, a lista vem vazia.`,
    request: { params: idParams, query: freeSlotsQuerySchema },
    responses: {
      200: { description: 'Os horários livres.', schema: freeSlotsResponseSchema },
    },
    examples: {
      proximos: {
        summary: 'Os próximos 5 horários livres',
        params: { id: EX.integrationId },
        query: { count: 5 },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_account_free_slots',
      title: 'Próximos horários livres de uma conta',
      params: ACCOUNT_PARAM,
      guidance:
        'Para agendar no próximo horário livre, prefira `create_post` com `queue` = `true`: o servidor escolhe o horário sem disputa com outros posts.',
    },
  }),
  suggestIntegrationSlots: defineRoute({
    id: 'suggestIntegrationSlots',
    method: 'GET',
    path: '/v1/integrations/{id}/slots/suggestions',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Melhores horários para postar numa conta',
    description:
      'Até 7 horários semanais sugeridos, cada um com o motivo. Primeiro pelos seguidores online por hora (`online_followers`, quando o Instagram responde: contas com 100 seguidores ou mais, últimos 30 dias menos os 2 mais recentes); senão pelo alcance e interações dos posts da conta nos últimos 90 dias, por dia da semana e hora (interações valem 3); senão, horários comuns. As horas são do fuso pedido (ou o da agenda da conta) e valem como horários da agenda: `PUT /v1/integrations/{id}/slots` com elas.',
    request: { params: idParams, query: slotSuggestionsQuerySchema },
    responses: {
      200: { description: 'Os horários sugeridos.', schema: slotSuggestionsResponseSchema },
    },
    examples: {
      sugerir: {
        summary: 'Sugestões no horário de São Paulo',
        params: { id: EX.integrationId },
        query: { timezone: 'America/Sao_Paulo' },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'suggest_posting_times',
      title: 'Sugerir horários para postar',
      params: ACCOUNT_PARAM,
      guidance:
        'Mostre as sugestões com o motivo; para usá-las, substitua a agenda da conta (`set_account_slots`) só com a concordância da pessoa.',
    },
  }),
  getProfileSlots: defineRoute({
    id: 'getProfileSlots',
    method: 'GET',
    path: '/v1/profiles/{id}/slots',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Agenda de publicação de um perfil',
    description: `A agenda do perfil (\`source\` = \`profile\`, ou \`none\` sem agenda), que vale para cada conta do perfil sem agenda própria. ${SLOT_RULES}`,
    request: { params: idParams },
    responses: {
      200: { description: 'A agenda do perfil.', schema: postingScheduleResponseSchema },
    },
    examples: { ler: { summary: 'Lê a agenda de um perfil', params: { id: EX.profileId } } },
    errors: ['NOT_FOUND'],
    mcp: { tool: 'get_profile_slots', title: 'Ver a agenda de um perfil', params: PROFILE_PARAM },
  }),
  replaceProfileSlots: defineRoute({
    id: 'replaceProfileSlots',
    method: 'PUT',
    path: '/v1/profiles/{id}/slots',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Substitui a agenda de um perfil',
    description: `Troca todos os horários do perfil pelos enviados (até 168, sem repetir dia e hora) no fuso \`timezone\`; valem para cada conta do perfil sem agenda própria. \`slots\` vazio remove a agenda do perfil. Posts já agendados não mudam. ${SLOT_RULES} ${EVERGREEN_RULES}`,
    request: { params: idParams, body: json(replacePostingSlotsBodySchema) },
    responses: {
      200: { description: 'A agenda do perfil.', schema: postingScheduleResponseSchema },
    },
    examples: {
      semana: {
        summary: 'Três horários por semana',
        params: { id: EX.profileId },
        body: WEEKLY_SLOTS,
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'set_profile_slots',
      title: 'Definir a agenda de um perfil',
      params: PROFILE_PARAM,
      guidance:
        'Substitui a agenda inteira do perfil: leia a atual com `get_profile_slots` e envie todos os horários que devem ficar. Use o fuso IANA da pessoa.',
      destructive: true,
    },
  }),
  listProfileFreeSlots: defineRoute({
    id: 'listProfileFreeSlots',
    method: 'GET',
    path: '/v1/profiles/{id}/slots/next',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Próximos horários livres de um perfil',
    description: `Os próximos \`count\` horários da agenda do perfil livres em todas as contas do perfil que seguem essa agenda (as sem agenda própria): um post para todas elas pode ir nesse horário. ${FREE_RULES} Sem agenda, a lista vem vazia.`,
    request: { params: idParams, query: freeSlotsQuerySchema },
    responses: {
      200: { description: 'Os horários livres.', schema: freeSlotsResponseSchema },
    },
    examples: {
      proximos: {
        summary: 'Os próximos 5 horários livres',
        params: { id: EX.profileId },
        query: { count: 5 },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_profile_free_slots',
      title: 'Próximos horários livres de um perfil',
      params: PROFILE_PARAM,
    },
  }),
} as const satisfies Record<string, RouteDefinition>;
