/**
 * The built-in login routes: sign-up, login, refresh, logout and the login options. Part of the contract table (`routes.ts`), in its order.
 */
import {
  authSessionResponseSchema,
  loginBodySchema,
  refreshBodySchema,
  signupBodySchema,
} from '../schemas/auth';
import { authOptionsResponseSchema } from './auth-options';
import { EXAMPLE_VALUES as EX } from './example-values';
import { json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const loginRoutes = {
  signup: defineRoute({
    id: 'signup',
    method: 'POST',
    path: '/v1/auth/signup',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Cria um usuário',
    description:
      'Cria um usuário do login embutido e devolve seus tokens. Aberto enquanto não existe nenhum usuário; depois, só com `REELAY_ALLOW_SIGNUP=true`, ou com o `invitationToken` de um convite para o e-mail.',
    request: { body: json(signupBodySchema) },
    responses: {
      201: { description: 'Usuário criado e autenticado.', schema: authSessionResponseSchema },
    },
    examples: {
      cadastro: {
        summary: 'Cria a usuária Ana',
        body: { email: EX.email, password: EX.password, name: 'Ana' },
      },
    },
    errors: ['FORBIDDEN', 'EMAIL_IN_USE', 'NOT_FOUND', 'INVITATION_INVALID'],
  }),
  login: defineRoute({
    id: 'login',
    method: 'POST',
    path: '/v1/auth/login',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Entra com e-mail e senha',
    description: 'Troca e-mail e senha por um token de acesso curto e um token de renovação.',
    request: { body: json(loginBodySchema) },
    responses: { 200: { description: 'Autenticado.', schema: authSessionResponseSchema } },
    examples: {
      entrar: {
        summary: 'Entra com e-mail e senha',
        body: { email: EX.email, password: EX.password },
      },
    },
    errors: ['UNAUTHORIZED'],
  }),
  refresh: defineRoute({
    id: 'refresh',
    method: 'POST',
    path: '/v1/auth/refresh',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Renova os tokens',
    description:
      'Troca um token de renovação válido por um novo par de tokens; o anterior deixa de valer.',
    request: { body: json(refreshBodySchema) },
    responses: { 200: { description: 'Tokens renovados.', schema: authSessionResponseSchema } },
    examples: {
      renovar: {
        summary: 'Troca o token de renovação por um novo par',
        body: { refreshToken: EX.refreshToken },
      },
    },
    errors: ['UNAUTHORIZED'],
  }),
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: '/v1/auth/logout',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Encerra a sessão',
    description:
      'Revoga o token de renovação informado e toda a sua sessão (os tokens renovados a partir do mesmo login): nenhum deles renova mais. Responde 204 também para um token desconhecido, expirado ou já revogado, sem dizer qual era o caso. Tokens de acesso já emitidos valem até expirar (no máximo 15 minutos).',
    request: { body: json(refreshBodySchema) },
    responses: { 204: { description: 'Sessão encerrada (ou já não existia).' } },
    examples: {
      sair: { summary: 'Encerra a sessão do token', body: { refreshToken: EX.refreshToken } },
    },
    errors: [],
  }),

  getAuthOptions: defineRoute({
    id: 'getAuthOptions',
    method: 'GET',
    path: '/v1/auth/options',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Formas de entrar neste servidor',
    description:
      'Diz, sem credencial, se o cadastro está aberto e se o servidor aceita entrada por um emissor OpenID Connect, para a tela de entrada mostrar só o que existe.',
    request: {},
    responses: { 200: { description: 'As formas de entrar.', schema: authOptionsResponseSchema } },
    examples: { opcoes: { summary: 'Lê as formas de entrar' } },
    errors: [],
  }),
} as const satisfies Record<string, RouteDefinition>;
