/**
 * Snippets: captions and hashtag groups a project keeps to compose faster.
 */
import * as z from 'zod';
import { SNIPPET_KINDS } from '../vocabulary/enums';
import { CAPTION_MAX_LENGTH, SNIPPET_TITLE_MAX_LENGTH } from '../vocabulary/limits';
import { dateTimeSchema, idSchema, safeString, successResponse } from './common';

export const snippetSchema = z
  .object({
    id: idSchema('snippet'),
    kind: z.enum(SNIPPET_KINDS).meta({
      description:
        '`caption`: uma legenda para começar; `hashtags`: um grupo de hashtags para acrescentar.',
    }),
    title: z.string(),
    text: z.string(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Snippet', description: 'Uma legenda ou um grupo de hashtags guardado no projeto.' });

const titleSchema = safeString()
  .trim()
  .min(1)
  .max(SNIPPET_TITLE_MAX_LENGTH, { error: `no máximo ${SNIPPET_TITLE_MAX_LENGTH} caracteres` });
const textSchema = safeString()
  .trim()
  .min(1, { error: 'o texto não pode ficar vazio' })
  .max(CAPTION_MAX_LENGTH, { error: `no máximo ${CAPTION_MAX_LENGTH} caracteres` });

export const createSnippetBodySchema = z
  .strictObject({ kind: z.enum(SNIPPET_KINDS), title: titleSchema, text: textSchema })
  .meta({ id: 'CreateSnippetBody' });

export const updateSnippetBodySchema = z
  .strictObject({ title: titleSchema.optional(), text: textSchema.optional() })
  .refine((body) => body.title !== undefined || body.text !== undefined, {
    error: 'informe title ou text',
  })
  .meta({ id: 'UpdateSnippetBody' });

export const listSnippetsQuerySchema = z.object({
  kind: z.enum(SNIPPET_KINDS).optional().meta({ description: 'Só deste tipo.' }),
});

export const snippetResponseSchema = successResponse({ snippet: snippetSchema });
export const snippetListResponseSchema = successResponse({ snippets: z.array(snippetSchema) });
