/**
 * Posting schedules: the weekly slots (a day and a wall-clock time in an IANA zone) an
 * account, or every account of a profile, posts at; and the free slots that
 * `POST /v1/posts` with `queue: true` takes. How a slot becomes an instant is in
 * `scheduling/posting-slots`.
 */
import * as z from 'zod';
import { isIanaTimeZone } from '../rules/timezone';
import { POSTING_SCHEDULE_SOURCES, WEEKDAYS } from '../vocabulary/enums';
import {
  EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
  EVERGREEN_MIN_DAYS_BETWEEN_MAX,
  EVERGREEN_MIN_DAYS_BETWEEN_MIN,
  FREE_SLOTS_MAX,
  POSTING_SLOTS_MAX,
  SLOT_TIME_PATTERN,
} from '../vocabulary/limits';
import { dateTimeSchema, queryInteger, safeString, successResponse } from './common';
import { SUGGESTION_SOURCES } from '../scheduling/posting-suggestions';

export const weekdaySchema = z
  .enum(WEEKDAYS)
  .meta({ description: 'Dia da semana, em inglês e minúsculas.', example: 'monday' });

const slotTimeSchema = safeString()
  .regex(SLOT_TIME_PATTERN, { error: 'esperava a hora no formato HH:MM, de 00:00 a 23:59' })
  .meta({ description: 'Hora do relógio local, HH:MM (00:00 a 23:59).', example: '09:00' });

const scheduleTimezoneSchema = safeString()
  .refine(isIanaTimeZone, { error: 'esperava um fuso horário IANA, como America/Sao_Paulo' })
  .meta({
    description:
      'Fuso IANA em que as horas dos horários são lidas, data a data (o horário de verão é seguido).',
    example: 'America/Sao_Paulo',
  });

export const postingSlotInputSchema = z
  .strictObject({ day: weekdaySchema, time: slotTimeSchema })
  .meta({ id: 'PostingSlotInput', description: 'Um horário semanal: dia e hora local.' });

const minDaysBetweenSchema = z
  .int({ error: 'esperava um número inteiro de dias' })
  .min(EVERGREEN_MIN_DAYS_BETWEEN_MIN, {
    error: `no mínimo ${EVERGREEN_MIN_DAYS_BETWEEN_MIN} dia`,
  })
  .max(EVERGREEN_MIN_DAYS_BETWEEN_MAX, {
    error: `no máximo ${EVERGREEN_MIN_DAYS_BETWEEN_MAX} dias`,
  })
  .meta({
    description: `Dias, de ${EVERGREEN_MIN_DAYS_BETWEEN_MIN} a ${EVERGREEN_MIN_DAYS_BETWEEN_MAX}, que um post evergreen espera entre duas publicações (contando a última do original ou de qualquer cópia dele).`,
    example: EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT,
  });

export const evergreenSettingsInputSchema = z
  .strictObject({
    enabled: z.boolean().meta({
      description:
        'true: um horário que chega sem post recebe de novo o post evergreen publicado que está há mais tempo sem sair.',
    }),
    minDaysBetween: minDaysBetweenSchema
      .optional()
      .meta({ description: `Ausente: ${EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT}.` }),
  })
  .meta({
    id: 'EvergreenSettingsInput',
    description: 'A fila evergreen da agenda: reaproveitar posts publicados nos horários vazios.',
  });
export type EvergreenSettingsInput = z.output<typeof evergreenSettingsInputSchema>;

export const replacePostingSlotsBodySchema = z
  .strictObject({
    timezone: scheduleTimezoneSchema
      .optional()
      .meta({ description: 'Obrigatório quando `slots` não é vazio.' }),
    slots: z
      .array(postingSlotInputSchema)
      .max(POSTING_SLOTS_MAX, { error: `no máximo ${POSTING_SLOTS_MAX} horários` })
      .superRefine((slots, ctx) => {
        const seen = new Set<string>();
        slots.forEach((slot, index) => {
          const key = `${slot.day} ${slot.time}`;
          if (seen.has(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [index],
              message: `horário repetido: ${slot.day} ${slot.time}`,
            });
          }
          seen.add(key);
        });
      })
      .meta({
        description: `Os horários da semana, até ${POSTING_SLOTS_MAX}, sem repetir dia e hora. Vazio remove a agenda.`,
      }),
    evergreen: evergreenSettingsInputSchema.optional().meta({
      description: `Ausente: a agenda mantém a configuração que tinha; numa agenda nova, desligada (\`enabled\` = false, \`minDaysBetween\` = ${EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT}).`,
    }),
  })
  .superRefine((body, ctx) => {
    if (body.slots.length > 0 && body.timezone === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['timezone'],
        message: 'informe o fuso horário IANA dos horários, como America/Sao_Paulo',
      });
    }
  })
  .meta({ id: 'ReplacePostingSlotsBody' });
export type ReplacePostingSlotsBody = z.output<typeof replacePostingSlotsBodySchema>;

export const postingSlotSchema = z
  .object({ day: weekdaySchema, time: z.string() })
  .meta({ id: 'PostingSlot', description: 'Um horário semanal: dia e hora local (HH:MM).' });

export const evergreenSettingsSchema = z
  .object({
    enabled: z.boolean(),
    minDaysBetween: z.int().meta({ example: EVERGREEN_MIN_DAYS_BETWEEN_DEFAULT }),
  })
  .meta({
    id: 'EvergreenSettings',
    description:
      'A fila evergreen da agenda: com `enabled`, um horário que chega sem post recebe uma cópia nova do post evergreen publicado que está há mais tempo sem sair (e há pelo menos `minDaysBetween` dias).',
  });

export const postingScheduleSchema = z
  .object({
    timezone: z.string().nullable().meta({ description: 'Fuso IANA; null sem agenda.' }),
    slots: z
      .array(postingSlotSchema)
      .meta({ description: 'Os horários, de segunda a domingo e por hora.' }),
    source: z.enum(POSTING_SCHEDULE_SOURCES).meta({
      description:
        '`integration`: a agenda da própria conta; `profile`: a do perfil da conta; `none`: nenhuma.',
    }),
    evergreen: evergreenSettingsSchema,
    updatedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: 'PostingSchedule' });

export const postingScheduleResponseSchema = successResponse({ schedule: postingScheduleSchema });

export const freeSlotSchema = z
  .object({
    at: dateTimeSchema.meta({ description: 'O instante do horário, em UTC.' }),
    local: z.string().meta({
      description: 'A hora local do horário no fuso da agenda, AAAA-MM-DDTHH:MM.',
      example: '2026-12-01T09:00',
    }),
    day: weekdaySchema,
  })
  .meta({ id: 'FreeSlot' });

export const freeSlotsQuerySchema = z.object({
  count: queryInteger({
    min: 1,
    max: FREE_SLOTS_MAX,
    default: 10,
    description: `Quantos horários livres, de 1 a ${FREE_SLOTS_MAX}.`,
  }),
});

export const freeSlotsResponseSchema = successResponse({
  timezone: z.string().nullable().meta({ description: 'O fuso da agenda; null sem agenda.' }),
  source: z.enum(POSTING_SCHEDULE_SOURCES),
  slots: z.array(freeSlotSchema),
});

export const slotSuggestionsQuerySchema = z.object({
  timezone: scheduleTimezoneSchema
    .optional()
    .meta({ description: 'O fuso das horas sugeridas; sem ele, o da agenda da conta (ou UTC).' }),
});

export const slotSuggestionSchema = postingSlotSchema
  .extend({
    reason: z.string().meta({ description: 'Por que este horário: o que foi medido nele.' }),
    score: z.int().meta({ description: 'A medida que o classificou, na unidade da fonte.' }),
  })
  .meta({ id: 'SlotSuggestion', description: 'Um horário semanal sugerido.' });

export const slotSuggestionsResponseSchema = successResponse({
  timezone: z.string().meta({ description: 'O fuso em que as horas são lidas.' }),
  source: z.enum(SUGGESTION_SOURCES).meta({
    description:
      '`audience`: os seguidores online por hora (`online_followers`); `posts`: o alcance e as interações dos posts da conta por dia e hora; `default`: horários comuns, sem dados da conta.',
  }),
  suggestions: z.array(slotSuggestionSchema).meta({ description: 'Até 7, um por dia da semana.' }),
});
