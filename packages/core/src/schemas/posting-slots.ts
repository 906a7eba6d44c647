/**
 * Posting schedules: the weekly slots (a day and a wall-clock time in an IANA zone) an
 * account, or every account of a profile, posts at; and the free slots that
 * `POST /v1/posts` with `queue: true` takes. How a slot becomes an instant is in
 * `scheduling/posting-slots`.
 */
import * as z from 'zod';
import { isIanaTimeZone } from '../rules/timezone';
import { POSTING_SCHEDULE_SOURCES, WEEKDAYS } from '../vocabulary/enums';
import { FREE_SLOTS_MAX, POSTING_SLOTS_MAX, SLOT_TIME_PATTERN } from '../vocabulary/limits';
import { dateTimeSchema, queryInteger, safeString, successResponse } from './common';

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
