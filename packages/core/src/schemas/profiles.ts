/**
 * Profiles group connected accounts, for example one per client or brand (spec §2).
 */
import * as z from 'zod';
import { PROFILE_DESCRIPTION_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH } from '../vocabulary/limits';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

const approvalRequiredSchema = z.boolean().nullable().meta({
  description:
    'Se os posts de editores para as contas deste perfil aguardam aprovação: true, false, ou null para seguir o projeto.',
});

export const profileSchema = z
  .object({
    id: idSchema('profile'),
    name: z.string().min(1).max(PROFILE_NAME_MAX_LENGTH),
    description: z.string().max(PROFILE_DESCRIPTION_MAX_LENGTH).nullable(),
    approvalRequired: approvalRequiredSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'Profile' });

export const createProfileBodySchema = z
  .strictObject({
    name: safeString({ error: 'o nome é obrigatório' })
      .trim()
      .min(1, { error: 'o nome não pode ser vazio' })
      .max(PROFILE_NAME_MAX_LENGTH, {
        error: `o nome tem no máximo ${PROFILE_NAME_MAX_LENGTH} caracteres`,
      }),
    description: safeString()
      .trim()
      .max(PROFILE_DESCRIPTION_MAX_LENGTH, {
        error: `a descrição tem no máximo ${PROFILE_DESCRIPTION_MAX_LENGTH} caracteres`,
      })
      .nullable()
      .optional(),
    approvalRequired: approvalRequiredSchema.optional(),
  })
  .meta({ id: 'CreateProfileBody' });

export const updateProfileBodySchema = createProfileBodySchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'informe ao menos um campo para alterar',
  })
  .meta({ id: 'UpdateProfileBody' });

export const profileResponseSchema = successResponse({ profile: profileSchema });
export const profileListResponseSchema = successResponse({
  total: z.int(),
  profiles: z.array(profileSchema),
});
