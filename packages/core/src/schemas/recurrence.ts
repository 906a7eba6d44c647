/**
 * The `recurrence` a post is created with (`POST /v1/posts`), apart from the series'
 * own schemas so the post schemas can use it without a cycle.
 */
import * as z from 'zod';
import { checkRecurrence, type RecurrenceProblem } from '../scheduling/recurrence-rule';
import { RECURRENCE_MAX_OCCURRENCES } from '../vocabulary/limits';
import { safeString } from './common';

/** What each refusal of a rule says, in the contract's language. */
export function recurrenceProblemMessage(problem: RecurrenceProblem, detail?: string): string {
  switch (problem) {
    case 'syntax':
      return detail
        ? `regra de recorrência inválida em ${detail} (RFC 5545, como FREQ=WEEKLY;BYDAY=MO)`
        : 'regra de recorrência inválida (RFC 5545, como FREQ=WEEKLY;BYDAY=MO)';
    case 'part':
      return `a regra não aceita ${detail ?? 'essa parte'}: use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL ou WKST`;
    case 'frequency':
      return `FREQ=${detail ?? ''} não é aceita: use DAILY, WEEKLY ou MONTHLY`;
    case 'too_many':
      return `no máximo ${RECURRENCE_MAX_OCCURRENCES} ocorrências por série`;
    case 'empty':
      return 'a regra não gera nenhuma ocorrência depois da primeira';
  }
}

export const rruleSchema = safeString()
  .max(200, { error: 'no máximo 200 caracteres' })
  .superRefine((rrule, ctx) => {
    const checked = checkRecurrence(rrule);
    if (!checked.ok) {
      ctx.addIssue({
        code: 'custom',
        message: recurrenceProblemMessage(checked.problem, checked.detail),
      });
    }
  })
  .meta({
    description: `Regra RFC 5545: FREQ=DAILY, WEEKLY ou MONTHLY, com INTERVAL, BYDAY, BYMONTHDAY e COUNT ou UNTIL; no máximo ${RECURRENCE_MAX_OCCURRENCES} ocorrências (sem COUNT nem UNTIL, a série termina na ${RECURRENCE_MAX_OCCURRENCES}ª).`,
    example: 'FREQ=WEEKLY;BYDAY=MO',
  });

export const recurrenceInputSchema = z.strictObject({ rrule: rruleSchema }).meta({
  id: 'RecurrenceInput',
  description:
    'Torna o post uma série: a regra é lida no fuso `timezone` do post, na hora local de `scheduledFor`, que é a primeira ocorrência. Cada ocorrência vira um post comum quando entra na janela de 75 dias. Uma hora que não existe num dia de mudança de horário de verão passa para o primeiro minuto válido depois do salto.',
});
