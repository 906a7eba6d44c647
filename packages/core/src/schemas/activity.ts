/**
 * The team's trail on posts: internal notes (never published) and the activity of each
 * post, who did what and when. Both are append-only.
 */
import * as z from 'zod';
import { ACTIVITY_ACTIONS, ACTOR_KINDS } from '../vocabulary/enums';
import { NOTE_MAX_LENGTH } from '../vocabulary/limits';
import {
  dateTimeSchema,
  idSchema,
  paginationQueryShape,
  safeString,
  successResponse,
} from './common';

export const actorSchema = z
  .object({
    kind: z.enum(ACTOR_KINDS).meta({
      description: '`member` (uma pessoa), `key` (uma chave de API), `review_link` ou `system`.',
    }),
    id: z.string().nullable().meta({ description: 'O usuário (`usr_…`) ou a chave (`key_…`).' }),
    name: z.string().nullable().meta({
      description: 'O e-mail da pessoa ou o nome da chave; null se removidos ou sem nome.',
    }),
  })
  .meta({ id: 'Actor', description: 'Quem fez.' });

export const noteSchema = z
  .object({
    id: idSchema('note'),
    postId: idSchema('post'),
    text: z.string(),
    author: actorSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'Note', description: 'Uma nota interna de um post: nunca é publicada.' });

export const createNoteBodySchema = z
  .strictObject({
    text: safeString({ error: 'o texto é obrigatório' })
      .trim()
      .min(1, { error: 'a nota não pode ser vazia' })
      .max(NOTE_MAX_LENGTH, { error: `a nota tem no máximo ${NOTE_MAX_LENGTH} caracteres` }),
  })
  .meta({ id: 'CreateNoteBody' });

export const noteListResponseSchema = successResponse({ notes: z.array(noteSchema) });
export const noteResponseSchema = successResponse({ note: noteSchema });

export const activityEntrySchema = z
  .object({
    id: idSchema('activity'),
    postId: idSchema('post').nullable(),
    action: z.enum(ACTIVITY_ACTIONS),
    fields: z.array(z.string()).nullable().meta({
      description: 'Em `edited`: os campos alterados (`content`, `scheduledFor`, …).',
    }),
    actor: actorSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'ActivityEntry', description: 'Um acontecimento: quem fez o quê, e quando.' });

export const postActivityResponseSchema = successResponse({
  activity: z.array(activityEntrySchema),
});

export const activityQuerySchema = z.object({
  ...paginationQueryShape,
  actor: safeString()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Só o que fez esta pessoa (`usr_…`) ou esta chave (`key_…`).' }),
  postId: safeString()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Só a atividade deste post.' }),
});

export const activityListResponseSchema = successResponse({
  total: z.int(),
  activity: z.array(activityEntrySchema),
});
