/**
 * Liveness, the credential check and the OpenAPI document. Part of the contract table (`routes.ts`), in its order.
 */
import * as z from 'zod';
import { healthAuthResponseSchema, livenessResponseSchema } from '../schemas/account';
import { setupChecksResponseSchema } from '../schemas/setup-checks';
import { json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const healthRoutes = {
  healthz: defineRoute({
    id: 'healthz',
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    // Load balancers probe often: the default bucket (by address) leaves them room.
    rateBucket: 'default',
    tag: 'Saúde',
    summary: 'Verifica se o servidor está no ar e alcança o banco de dados',
    description:
      'Responde 200 `{ ok: true }` enquanto o processo estiver de pé e o banco de dados responder. Enquanto o banco de dados estiver fora do ar, responde 503 `DATABASE_UNAVAILABLE`; sem espaço para gravar, 503 `STORAGE_FULL`; nos dois casos com `retry-after`, e volta a 200 sozinho quando a falha passa. Não exige credencial.',
    request: {},
    responses: { 200: { description: 'O processo está no ar.', schema: livenessResponseSchema } },
    examples: { noAr: { summary: 'Verifica se o processo responde' } },
    errors: [],
  }),
  healthAuth: defineRoute({
    id: 'healthAuth',
    method: 'GET',
    path: '/v1/health/auth',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Saúde',
    summary: 'Verifica a credencial',
    description:
      'Confere a credencial e devolve o projeto a que ela pertence. Com token Bearer, o cabeçalho `x-project-id` é obrigatório.',
    request: {},
    responses: { 200: { description: 'A credencial é válida.', schema: healthAuthResponseSchema } },
    examples: { credencial: { summary: 'Confere a credencial em uso' } },
    errors: ['VALIDATION_ERROR'],
    mcp: {
      tool: 'whoami',
      title: 'Qual credencial está em uso',
      guidance:
        'Diz o projeto da credencial e se ela é uma chave de API ou a sessão de um usuário (com o usuário). Use antes de agir, para confirmar em que projeto está.',
    },
  }),
  getSetupChecks: defineRoute({
    id: 'getSetupChecks',
    method: 'GET',
    path: '/v1/health/setup',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Saúde',
    summary: 'Verifica a configuração do servidor',
    description:
      'Confere a configuração antes que uma publicação falhe: URL pública (https, endereço público, DNS), se a mídia servida volta pela URL pública (pedido com `Range`), o relógio contra a plataforma, as credenciais do app, a URI de retorno a cadastrar, os webhooks da Meta, as contas conectadas (validade e permissões), o SMTP, o espaço em disco e o banco de dados. Cada verificação diz `ok`, `warning`, `error` ou `skipped`, e o que fazer. `ok` é falso quando alguma termina em `error`. Só administradores e donos.',
    request: {},
    responses: {
      200: { description: 'O resultado das verificações.', schema: setupChecksResponseSchema },
    },
    examples: { configuracao: { summary: 'Verifica a configuração do servidor' } },
    errors: ['VALIDATION_ERROR'],
    mcp: {
      tool: 'check_setup',
      title: 'Verificar a configuração do servidor',
      guidance:
        'Use quando uma publicação falha por mídia que a plataforma não busca, por credenciais ou por tokens, ou antes de pôr o servidor em produção. Leia cada verificação que não é `ok`: `message` diz o que foi encontrado e `fix` o que a pessoa deve mudar (variáveis de ambiente, proxy, app da Meta); `reason` e `details` servem para dizer o mesmo no idioma da pessoa. Não muda nada. Só administradores e donos.',
    },
  }),
  getOpenApiDocument: defineRoute({
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Saúde',
    summary: 'Documento OpenAPI deste serviço',
    description:
      'O contrato completo em OpenAPI 3.1, gerado a partir das rotas. Não exige credencial.',
    request: {},
    responses: {
      200: { description: 'O documento OpenAPI.', schema: z.record(z.string(), z.unknown()) },
    },
    examples: { documento: { summary: 'Baixa o documento OpenAPI' } },
    errors: [],
  }),
} as const satisfies Record<string, RouteDefinition>;
