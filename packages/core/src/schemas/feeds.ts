/**
 * Feeds: RSS 2.0, Atom and JSON Feed a project follows (`/v1/feeds`); each new item
 * becomes a draft or a queued post, with the item's image and a caption from a template.
 */
import * as z from 'zod';
import { FEED_CHECK_OUTCOMES, FEED_MODES, FEED_STATUSES } from '../vocabulary/enums';
import {
  ACCOUNTS_PER_POST_MAX,
  FEED_DEFAULT_TEMPLATE,
  FEED_TEMPLATE_MAX_LENGTH,
} from '../vocabulary/limits';
import { dateTimeSchema, httpUrlSchema, idSchema, safeString, successResponse } from './common';

const errorSchema = z.object({ code: z.string(), message: z.string() });

export const feedSchema = z
  .object({
    id: idSchema('feed'),
    url: z.string().meta({ description: 'O endereço do feed.' }),
    title: z.string().nullable().meta({ description: 'O título do feed, lido na última leitura.' }),
    mode: z.enum(FEED_MODES).meta({
      description:
        '`draft`: cada item novo vira um rascunho; `queue`: entra no próximo horário livre da agenda de publicação de cada conta.',
    }),
    captionTemplate: z.string().meta({
      description: 'O modelo da legenda: `{title}`, `{summary}` e `{link}` são trocados pelo item.',
    }),
    integrationIds: z.array(idSchema('integration')).meta({
      description: 'As contas dos posts criados; vazio quando o feed segue um perfil.',
    }),
    profileId: idSchema('profile').nullable().meta({
      description: 'O perfil cujas contas recebem os posts, lidas a cada leitura.',
    }),
    status: z.enum(FEED_STATUSES).meta({
      description: '`active`: lido a cada 15 minutos; `paused`: não é lido até ser retomado.',
    }),
    pausedReason: z.string().nullable().meta({
      description: 'Por que o feed está pausado (por uma pessoa, ou depois de 10 falhas seguidas).',
    }),
    consecutiveFailures: z.int().meta({
      description: 'Leituras com falha seguidas; uma leitura boa volta a zero.',
    }),
    lastCheckedAt: dateTimeSchema.nullable(),
    lastError: errorSchema.nullable().meta({ description: 'O erro da última leitura com falha.' }),
    nextCheckAt: dateTimeSchema.nullable().meta({
      description: 'Quando o feed será lido de novo; null enquanto pausado.',
    }),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Feed', description: 'Um feed seguido pelo projeto.' });

const templateSchema = safeString()
  .min(1, { error: 'o modelo não pode ficar vazio' })
  .max(FEED_TEMPLATE_MAX_LENGTH, { error: `no máximo ${FEED_TEMPLATE_MAX_LENGTH} caracteres` })
  .meta({
    description: `O modelo da legenda, com \`{title}\`, \`{summary}\` (o resumo sem HTML, cortado para caber) e \`{link}\`. Padrão: \`${FEED_DEFAULT_TEMPLATE.replace('\n\n', '\\n\\n')}\`.`,
    example: '{title}\n\n{summary}\n\n{link}',
  });

const integrationIdsSchema = z
  .array(idSchema('integration'))
  .min(1, { error: 'informe ao menos uma conta' })
  .max(ACCOUNTS_PER_POST_MAX, { error: `no máximo ${ACCOUNTS_PER_POST_MAX} contas` })
  .meta({ description: `As contas dos posts criados, de 1 a ${ACCOUNTS_PER_POST_MAX}.` });

const profileIdSchema = idSchema('profile').meta({
  description: 'Em vez de `integrationIds`: as contas deste perfil, lidas a cada leitura.',
});

const oneTarget = (body: { integrationIds?: unknown; profileId?: unknown }) =>
  !(body.integrationIds !== undefined && body.profileId !== undefined);

export const createFeedBodySchema = z
  .strictObject({
    url: httpUrlSchema.meta({ description: 'O endereço do feed RSS, Atom ou JSON Feed.' }),
    integrationIds: integrationIdsSchema.optional(),
    profileId: profileIdSchema.optional(),
    mode: z.enum(FEED_MODES),
    captionTemplate: templateSchema.optional(),
  })
  .refine((body) => body.integrationIds !== undefined || body.profileId !== undefined, {
    error: 'informe integrationIds ou profileId',
    path: ['integrationIds'],
  })
  .refine(oneTarget, {
    error: 'informe integrationIds ou profileId, não os dois',
    path: ['profileId'],
  })
  .meta({ id: 'CreateFeedBody' });

export const updateFeedBodySchema = z
  .strictObject({
    url: httpUrlSchema.optional(),
    captionTemplate: templateSchema.optional(),
    mode: z.enum(FEED_MODES).optional(),
    integrationIds: integrationIdsSchema.optional(),
    profileId: profileIdSchema.optional(),
    paused: z.boolean().optional().meta({
      description: '`true` pausa o feed; `false` o retoma, zerando as falhas, e o lê logo.',
    }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'informe o que mudar',
  })
  .refine(oneTarget, {
    error: 'informe integrationIds ou profileId, não os dois',
    path: ['profileId'],
  })
  .meta({ id: 'UpdateFeedBody' });

export const feedCheckSchema = z
  .object({
    outcome: z.enum(FEED_CHECK_OUTCOMES).meta({
      description:
        '`fetched`: o feed foi lido; `not_modified`: o servidor respondeu 304 e nada foi criado; `failed`: a leitura falhou (`error`).',
    }),
    itemsSeen: z.int().meta({ description: 'Os itens que o feed trazia.' }),
    newItems: z.int().meta({ description: 'Os itens ainda não vistos.' }),
    postIds: z.array(idSchema('post')).meta({ description: 'Os posts criados, um por item novo.' }),
    skipped: z
      .array(z.object({ item: z.string(), code: z.string(), message: z.string() }))
      .meta({ description: 'Os itens novos que não viraram post, e por quê.' }),
    error: errorSchema.nullable(),
  })
  .meta({ id: 'FeedCheck', description: 'O que uma leitura do feed encontrou.' });

export const feedResponseSchema = successResponse({ feed: feedSchema });
export const feedListResponseSchema = successResponse({ feeds: z.array(feedSchema) });
export const feedCheckResponseSchema = successResponse({
  feed: feedSchema,
  check: feedCheckSchema,
});
