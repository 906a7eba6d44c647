/**
 * Profiles group connected accounts, for example one per client or brand (spec §2).
 */
import * as z from 'zod';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

export const profileSchema = z
  .object({
    id: idSchema('profile'),
    name: z.string().min(1).max(120),
    description: z.string().max(500).nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'Profile' });

export const createProfileBodySchema = z
  .strictObject({
    name: safeString({ error: 'o nome é obrigatório' })
      .trim()
      .min(1, { error: 'o nome não pode ser vazio' })
      .max(120, { error: 'o nome tem no máximo 120 caracteres' }),
    description: safeString()
      .trim()
      .max(500, { error: 'a descrição tem no máximo 500 caracteres' })
      .nullable()
      .optional(),
  })
  .meta({ id: 'CreateProfileBody' });

export const profileResponseSchema = successResponse({ profile: profileSchema });
export const profileListResponseSchema = successResponse({
  total: z.int(),
  profiles: z.array(profileSchema),
});
