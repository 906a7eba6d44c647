/**
 * The built-in login system (Bearer mode): sign-up, login and refresh.
 */
import * as z from 'zod';
import { invitationTokenSchema } from './members';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
} from '../vocabulary/limits';
import { safeString, successResponse } from './common';
import { userSchema } from './account';

const emailSchema = z
  .email({ error: 'esperava um e-mail válido' })
  .max(EMAIL_MAX_LENGTH)
  .transform((email) => email.toLowerCase());

export const signupBodySchema = z
  .strictObject({
    email: emailSchema,
    password: safeString()
      .min(PASSWORD_MIN_LENGTH, {
        error: `a senha tem no mínimo ${PASSWORD_MIN_LENGTH} caracteres`,
      })
      .max(PASSWORD_MAX_LENGTH, {
        error: `a senha tem no máximo ${PASSWORD_MAX_LENGTH} caracteres`,
      }),
    name: safeString().trim().min(1).max(USER_NAME_MAX_LENGTH).optional(),
    invitationToken: invitationTokenSchema.optional().meta({
      description:
        'O token de um convite (o fim do endereço `/app/invite/<token>`): o e-mail convidado pode se cadastrar mesmo com o cadastro fechado, e entra no projeto no mesmo passo.',
    }),
  })
  .meta({ id: 'SignupBody' });

export const loginBodySchema = z
  .strictObject({
    email: emailSchema,
    password: safeString().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginBody' });

export const refreshBodySchema = z
  .strictObject({ refreshToken: safeString().min(1).max(4096) })
  .meta({ id: 'RefreshBody' });

export const authSessionResponseSchema = successResponse({
  tokenType: z.literal('Bearer'),
  accessToken: z
    .string()
    .meta({ description: 'Token de acesso curto; envie como `Authorization: Bearer`.' }),
  expiresIn: z.int().meta({ description: 'Segundos até o token de acesso expirar.' }),
  refreshToken: z
    .string()
    .meta({ description: 'Troca-se por um novo par de tokens em /v1/auth/refresh.' }),
  user: userSchema,
}).meta({ id: 'AuthSession' });
