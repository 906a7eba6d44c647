/**
 * Teams: a project's members and the invitations that bring people in (Bearer only).
 * Roles come from `vocabulary/roles.ts`.
 */
import * as z from 'zod';
import { EMAIL_MAX_LENGTH } from '../vocabulary/limits';
import { ASSIGNABLE_ROLES, PROJECT_ROLES } from '../vocabulary/roles';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';
import { projectSchema } from './account';

const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  error: `o papel deve ser um de: ${ASSIGNABLE_ROLES.join(', ')}`,
});

export const memberSchema = z
  .object({
    userId: idSchema('user'),
    email: z.email(),
    name: z.string().nullable(),
    role: z.enum(PROJECT_ROLES),
    joinedAt: dateTimeSchema,
  })
  .meta({ id: 'Member', description: 'Uma pessoa com acesso ao projeto, e o seu papel.' });

export const memberListResponseSchema = successResponse({ members: z.array(memberSchema) });
export const memberResponseSchema = successResponse({ member: memberSchema });

export const updateMemberBodySchema = z
  .strictObject({
    role: assignableRoleSchema.meta({
      description: '`admin`, `editor` ou `viewer`; o dono não muda de papel.',
    }),
  })
  .meta({ id: 'UpdateMemberBody' });

export const invitationSchema = z
  .object({
    id: idSchema('invitation'),
    email: z.email(),
    role: assignableRoleSchema,
    createdAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
  })
  .meta({ id: 'Invitation', description: 'Um convite para o projeto, ainda não aceito.' });

export const createdInvitationSchema = invitationSchema
  .extend({
    url: z.url().meta({
      description:
        'O endereço do convite (`<REELAY_PUBLIC_URL>/app/invite/<token>`); aparece só nesta resposta. Vale uma vez, por 7 dias.',
    }),
    emailed: z.boolean().meta({
      description:
        'true quando o convite também foi por e-mail (servidor com `REELAY_SMTP_URL`); senão, envie o endereço você mesmo.',
    }),
  })
  .meta({ id: 'CreatedInvitation' });

export const createInvitationBodySchema = z
  .strictObject({
    email: z
      .email({ error: 'esperava um e-mail válido' })
      .max(EMAIL_MAX_LENGTH)
      .transform((email) => email.toLowerCase()),
    role: assignableRoleSchema,
  })
  .meta({ id: 'CreateInvitationBody' });

export const invitationListResponseSchema = successResponse({
  invitations: z.array(invitationSchema),
});
export const createdInvitationResponseSchema = successResponse({
  invitation: createdInvitationSchema,
});

/** The token of an invitation, as its address carries it. */
export const invitationTokenSchema = safeString()
  .min(16, { error: 'o convite não é válido' })
  .max(200, { error: 'o convite não é válido' });

export const acceptInvitationBodySchema = z
  .strictObject({ token: invitationTokenSchema })
  .meta({ id: 'AcceptInvitationBody' });

export const acceptedInvitationResponseSchema = successResponse({ project: projectSchema });

export const invitationPreviewSchema = z
  .object({
    email: z.email(),
    role: assignableRoleSchema,
    projectName: z.string(),
    expiresAt: dateTimeSchema,
  })
  .meta({
    id: 'InvitationPreview',
    description: 'O que um convite pendente oferece, para quem tem o seu endereço.',
  });

export const invitationPreviewResponseSchema = successResponse({
  invitation: invitationPreviewSchema,
});
