/**
 * The account side of the API (spec §2, §4): user, organization, project and API keys,
 * and the bodies of their routes. These routes accept Bearer mode only.
 */
import * as z from 'zod';
import { ORGANIZATION_ROLES, PROJECT_ENVIRONMENTS } from '../vocabulary/enums';
import { API_KEY_NAME_MAX_LENGTH, ORGANIZATION_NAME_MAX_LENGTH } from '../vocabulary/limits';
import { API_KEY_ROLES, DEFAULT_API_KEY_ROLE, PROJECT_ROLES } from '../vocabulary/roles';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

export const userSchema = z
  .object({
    id: idSchema('user'),
    email: z.email(),
    name: z.string().nullable(),
  })
  .meta({ id: 'User', description: 'O usuário autenticado.' });

export const organizationSchema = z
  .object({
    id: idSchema('organization'),
    name: z.string().min(1).max(ORGANIZATION_NAME_MAX_LENGTH),
    role: z.enum(ORGANIZATION_ROLES),
  })
  .meta({ id: 'Organization' });

export const projectSchema = z
  .object({
    id: idSchema('project'),
    name: z.string(),
    environment: z.enum(PROJECT_ENVIRONMENTS).meta({
      description: 'Sempre `live` na prática; não existe sandbox: toda publicação é real.',
    }),
    organizationId: idSchema('organization').meta({
      description: 'A organização dona do projeto; num projeto compartilhado, a de outra pessoa.',
    }),
    role: z.enum(PROJECT_ROLES).meta({
      description:
        'O seu papel no projeto: `owner` (o dono da organização), `admin`, `editor` ou `viewer`.',
    }),
  })
  .meta({ id: 'Project' });

export const meResponseSchema = successResponse({
  user: userSchema,
  organization: organizationSchema,
  projects: z.array(projectSchema).meta({
    description:
      'Os projetos da sua organização e os compartilhados com você, cada um com o seu papel.',
  }),
});

export const updateOrganizationBodySchema = z
  .strictObject({
    name: safeString({ error: 'o nome é obrigatório' })
      .trim()
      .min(1, { error: 'o nome não pode ser vazio' })
      .max(ORGANIZATION_NAME_MAX_LENGTH, {
        error: `o nome tem no máximo ${ORGANIZATION_NAME_MAX_LENGTH} caracteres`,
      }),
  })
  .meta({ id: 'UpdateOrganizationBody' });

export const organizationResponseSchema = successResponse({ organization: organizationSchema });

/** The fixed start of every API key; it carries the environment (spec §5 rule 1). */
export const API_KEY_PREFIX = 'rly_live_';

export const apiKeySchema = z
  .object({
    id: idSchema('apiKey'),
    name: z.string().max(API_KEY_NAME_MAX_LENGTH).nullable(),
    prefix: z.string().meta({
      description: 'Início visível da chave, para reconhecê-la.',
      example: 'rly_live_4f9a',
    }),
    createdAt: dateTimeSchema,
    lastUsedAt: dateTimeSchema.nullable(),
    revokedAt: dateTimeSchema.nullable(),
    role: z.enum(API_KEY_ROLES).meta({
      description:
        'O que as chamadas com a chave podem fazer no projeto: `admin`, `editor` ou `viewer`.',
    }),
  })
  .meta({
    id: 'ApiKey',
    description: 'Chave de API; o segredo nunca é devolvido depois da criação.',
  });

export const createdApiKeySchema = apiKeySchema
  .extend({
    key: z.string().startsWith(API_KEY_PREFIX).meta({
      description: 'O segredo completo; aparece só nesta resposta. Guarde-o agora.',
    }),
  })
  .meta({ id: 'CreatedApiKey' });

export const createApiKeyBodySchema = z
  .strictObject({
    name: safeString()
      .trim()
      .min(1, { error: 'o nome não pode ser vazio' })
      .max(API_KEY_NAME_MAX_LENGTH, {
        error: `o nome tem no máximo ${API_KEY_NAME_MAX_LENGTH} caracteres`,
      })
      .optional(),
    role: z
      .enum(API_KEY_ROLES, { error: `o papel deve ser um de: ${API_KEY_ROLES.join(', ')}` })
      .optional()
      .meta({
        description: `O papel da chave; padrão \`${DEFAULT_API_KEY_ROLE}\`. Uma chave \`editor\` num projeto que exige aprovação só propõe posts.`,
      }),
  })
  .optional()
  .transform((body) => body ?? {})
  .meta({ id: 'CreateApiKeyBody' });

export const apiKeyListResponseSchema = successResponse({ apiKeys: z.array(apiKeySchema) });
export const apiKeyResponseSchema = successResponse({ apiKey: apiKeySchema });
export const createdApiKeyResponseSchema = successResponse({ apiKey: createdApiKeySchema });

export const healthAuthResponseSchema = successResponse({
  project: projectSchema.pick({ id: true, environment: true }),
});

export const livenessResponseSchema = z.object({ ok: z.literal(true) });
