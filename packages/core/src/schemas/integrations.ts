/**
 * Connected accounts (integrations), their health, and the connection flow (spec §2,
 * §3, §4).
 */
import * as z from 'zod';
import { ACCOUNT_SEARCH_MAX_LENGTH } from '../vocabulary/limits';
import {
  dateTimeSchema,
  httpUrlSchema,
  idSchema,
  paginationQueryShape,
  platformSchema,
  profileFilterSchema,
  safeString,
  sortQuerySchema,
  successResponse,
} from './common';

import { AUTH_STATUSES, CONNECTION_STATUSES, LOGIN_MODES } from '../vocabulary/enums';

export const connectedAccountSchema = z
  .object({
    id: idSchema('integration'),
    platform: platformSchema,
    platformUserId: z.string().meta({
      description: 'Id da conta no Instagram (texto: pode exceder a precisão de números JS).',
    }),
    displayName: z.string().nullable().meta({ description: 'O nome de usuário no Instagram.' }),
    imageUrl: z.string().nullable(),
    profileId: idSchema('profile').nullable(),
    createdAt: dateTimeSchema,
    authStatus: z.enum(AUTH_STATUSES),
    status: z
      .enum(CONNECTION_STATUSES)
      .meta({ description: 'Resultado da última verificação de saúde.' }),
    tokenExpiresAt: dateTimeSchema.nullable(),
    lastHealthCheckAt: dateTimeSchema.nullable(),
    healthError: z
      .string()
      .nullable()
      .meta({ description: 'Formato `CODE: mensagem` da última falha.' }),
    scopes: z.array(z.string()),
    loginMode: z.enum(LOGIN_MODES).meta({
      description:
        'Como a conta foi conectada: `instagram` (Login do Instagram, API do Instagram) ou `facebook` (Login do Facebook, pela Página do Facebook vinculada à conta).',
    }),
  })
  .meta({ id: 'ConnectedAccount', description: 'Uma conta profissional do Instagram conectada.' });

export const connectionHealthSchema = z
  .object({
    integrationId: idSchema('integration'),
    status: z.enum(CONNECTION_STATUSES),
    authStatus: z.enum(AUTH_STATUSES),
    healthy: z.boolean(),
    tokenExpiresAt: dateTimeSchema.nullable(),
    tokenRefreshedAt: dateTimeSchema.nullable(),
    daysUntilExpiry: z.int().nullable(),
    lastHealthCheckAt: dateTimeSchema.nullable(),
    healthError: z.string().nullable(),
    scopes: z.array(z.string()),
    checkedLive: z.boolean().meta({
      description:
        'true quando o Instagram foi consultado nesta chamada; false quando vem da verificação anterior (no máximo 10 minutos).',
    }),
  })
  .meta({ id: 'ConnectionHealth' });

export const listIntegrationsQuerySchema = z.object({
  platform: safeString().min(1).optional(),
  profileId: profileFilterSchema.optional(),
  q: safeString()
    .min(1)
    .max(ACCOUNT_SEARCH_MAX_LENGTH)
    .optional()
    .meta({ description: 'Busca no nome de usuário e no id da conta no Instagram.' }),
  ...paginationQueryShape,
  sort: sortQuerySchema,
});

export const integrationListResponseSchema = successResponse({
  total: z.int(),
  integrations: z.array(connectedAccountSchema),
});
export const integrationResponseSchema = successResponse({ integration: connectedAccountSchema });

/**
 * The callback's answer: the connected account (the first, when there are several), and
 * with Facebook Login, where one authorization can connect the accounts of several Pages,
 * all of them.
 */
export const connectCallbackResponseSchema = successResponse({
  integration: connectedAccountSchema,
  integrations: z.array(connectedAccountSchema).meta({
    description:
      'Todas as contas conectadas por esta autorização: uma com o Login do Instagram; uma por Página com conta profissional vinculada com o Login do Facebook.',
  }),
  count: z.int().meta({ description: 'Quantas contas esta autorização conectou.' }),
  refused: z
    .array(
      z.object({
        platformUserId: z.string().meta({ description: 'Id da conta no Instagram.' }),
        code: z.string().meta({ description: 'O código de erro, como `ACCOUNT_IN_USE`.' }),
        message: z.string(),
      }),
    )
    .meta({
      description:
        'Contas que a autorização nomeou mas que não foram conectadas (Login do Facebook com várias Páginas), com o motivo; as outras foram conectadas.',
    }),
});

export const healthQuerySchema = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: '`true` consulta o Instagram mesmo dentro do intervalo de 10 minutos.' }),
});
export const healthResponseSchema = successResponse({ health: connectionHealthSchema });

export const connectPathSchema = z.object({
  platform: safeString()
    .min(1)
    .meta({ description: 'Apenas `instagram`; outro valor responde 403 PLATFORM_NOT_AVAILABLE.' }),
});

export const connectQuerySchema = z.object({
  profileId: idSchema('profile')
    .optional()
    .meta({ description: 'Perfil que receberá a conta conectada.' }),
  redirectUrl: httpUrlSchema.optional().meta({
    description:
      'Para onde o navegador volta depois da conexão, com `integrationId` (e `count`, o número de contas conectadas) ou `error` na consulta. Deve ter a origem (esquema, host e porta) deste servidor, de um painel de `REELAY_CORS_ORIGINS` ou de uma origem de `REELAY_REDIRECT_ORIGINS`, sem usuário nem senha.',
  }),
  login: z.enum(LOGIN_MODES).optional().meta({
    description:
      'Como conectar: `instagram` (Login do Instagram) ou `facebook` (Login do Facebook, que conecta as contas profissionais vinculadas às Páginas escolhidas). Padrão: o login configurado no servidor; `instagram` quando os dois estão. Um login não configurado responde 400 `VALIDATION_ERROR` nomeando `login`.',
  }),
});

export const connectResponseSchema = successResponse({
  url: z
    .url()
    .meta({ description: 'Abra esta URL no navegador para autorizar a conta no Instagram.' }),
  expiresAt: dateTimeSchema.meta({ description: 'O state da URL expira em 10 minutos.' }),
});

/** What the platform sends back to the callback; it may add parameters of its own. */
export const connectCallbackQuerySchema = z.looseObject({
  code: safeString().optional(),
  state: safeString().optional(),
  error: safeString().optional(),
  error_reason: safeString().optional(),
  error_description: safeString().optional(),
});
