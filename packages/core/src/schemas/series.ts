/**
 * Recurring posts (series): the `recurrence` a post is created with, and a series as the
 * API shows it (`GET /v1/series/{id}`). The rule's checks live in
 * `scheduling/recurrence-rule.ts`, so the SDK, the CLI and the server refuse the same.
 */
import * as z from 'zod';
import { POST_STATUSES, SERIES_STATUSES } from '../vocabulary/enums';
import { captionSchema } from './posts';
import { rruleSchema } from './recurrence';
import {
  dateTimeSchema,
  idSchema,
  paginationQueryShape,
  queryInteger,
  successResponse,
} from './common';

export const seriesOccurrenceSchema = z
  .object({
    index: z.int().meta({ description: 'A posição na série, a partir de 1 (o primeiro post).' }),
    at: dateTimeSchema.meta({ description: 'O instante (UTC) em que a ocorrência publica.' }),
    local: z.string().meta({
      description: 'A hora local pedida pela regra, no fuso da série: AAAA-MM-DDTHH:MM.',
      example: '2027-03-15T09:00',
    }),
    adjusted: z.boolean().meta({
      description:
        'true quando a hora local não existe nesse dia (mudança de horário de verão) e a ocorrência passou para o primeiro minuto válido.',
    }),
    postId: idSchema('post').nullable().meta({
      description: 'O post da ocorrência, quando já criado (dentro da janela de 75 dias).',
    }),
    status: z.enum(POST_STATUSES).nullable().meta({ description: 'O estado desse post.' }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({
      description:
        'Por que a ocorrência não foi criada (a conta precisa ser reconectada, a mídia foi apagada, o servidor estava parado no horário); null nas demais.',
    }),
  })
  .meta({ id: 'SeriesOccurrence' });

export const seriesSchema = z
  .object({
    id: idSchema('series'),
    status: z.enum(SERIES_STATUSES).meta({
      description:
        '`active`: ainda cria ocorrências; `ended`: todas já foram criadas como posts (que ainda podem ser mudados); `stopped`: parada por `DELETE`.',
    }),
    rrule: z.string(),
    timezone: z.string(),
    content: z.string().meta({ description: 'A legenda das próximas ocorrências.' }),
    firstPostId: idSchema('post'),
    accountIds: z.array(idSchema('integration')),
    occurrences: z.int().meta({
      description: 'Quantas ocorrências a série tem ao todo (no máximo 366).',
    }),
    posts: z.array(seriesOccurrenceSchema).meta({
      description: 'As ocorrências já criadas como posts, da mais antiga à mais nova.',
    }),
    upcoming: z.array(seriesOccurrenceSchema).meta({
      description: 'As próximas ocorrências ainda não criadas, com os instantes em UTC.',
    }),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Series', description: 'Um post recorrente e as suas ocorrências.' });

export const seriesResponseSchema = successResponse({ series: seriesSchema });

export const getSeriesQuerySchema = z.object({
  upcoming: queryInteger({
    min: 0,
    max: 50,
    default: 10,
    description: 'Quantas das próximas ocorrências listar, de 0 a 50.',
  }),
});

export const listSeriesQuerySchema = z.object({
  status: z.enum(SERIES_STATUSES).optional(),
  accountId: idSchema('integration').optional().meta({ description: 'Só séries com esta conta.' }),
  ...paginationQueryShape,
});

export const seriesSummarySchema = seriesSchema
  .omit({ posts: true, upcoming: true, occurrences: true })
  .extend({
    next: dateTimeSchema
      .nullable()
      .meta({ description: 'A próxima ocorrência ainda não publicada.' }),
  })
  .meta({ id: 'SeriesSummary' });

export const seriesListResponseSchema = successResponse({
  total: z.int(),
  series: z.array(seriesSummarySchema),
});

export const updateSeriesBodySchema = z
  .strictObject({
    content: captionSchema.optional().meta({ description: 'A nova legenda.' }),
    rrule: rruleSchema.optional(),
    fromPostId: idSchema('post').optional().meta({
      description:
        'A partir de qual ocorrência (inclusive) mudar: ela e todas as seguintes. Ausente: todas as que ainda não publicaram. Para mudar só uma ocorrência, edite o post dela (`PATCH /v1/posts/{id}`).',
    }),
  })
  .refine((body) => body.content !== undefined || body.rrule !== undefined, {
    error: 'informe content ou rrule',
  })
  .meta({ id: 'UpdateSeriesBody' });

export const stopSeriesResponseSchema = successResponse({
  series: seriesSchema,
  cancelledPostIds: z.array(idSchema('post')).meta({
    description: 'As ocorrências já criadas e ainda não publicadas que foram canceladas.',
  }),
});
