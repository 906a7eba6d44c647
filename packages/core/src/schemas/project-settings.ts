/**
 * A project's settings (`GET/PATCH /v1/projects/{id}/settings`): for now, whether posts
 * written by editors wait for an admin's approval.
 */
import * as z from 'zod';
import { successResponse } from './common';

export const projectSettingsSchema = z
  .object({
    approvalRequired: z.boolean().meta({
      description:
        'true: os posts de editores (pessoas ou chaves com papel `editor`) aguardam a aprovação de um admin antes de serem agendados. Um perfil pode decidir por si (`approvalRequired` do perfil).',
    }),
  })
  .meta({ id: 'ProjectSettings' });

export const updateProjectSettingsBodySchema = z
  .strictObject({ approvalRequired: z.boolean() })
  .meta({ id: 'UpdateProjectSettingsBody' });

export const projectSettingsResponseSchema = successResponse({ settings: projectSettingsSchema });
