/**
 * The "Repeat" control: does not repeat, daily, weekly on chosen weekdays, or monthly on
 * the first post's day; every how many; and the end (never, after N times, on a date).
 * Used by the composer and by the post page's "Edit this and all following". The
 * person's choices stay as typed; the rule is built from them (repeat-rule.ts).
 */
import { RECURRENCE_MAX_OCCURRENCES } from '@reelay/sdk';
import { useT } from '../../i18n';
import { describedBy, FieldNote, noteId } from '../compose/field-note';
import {
  REPEAT_INTERVAL_MAX,
  RULE_WEEKDAYS,
  weekdayOf,
  type RepeatControlName,
  type RepeatDraft,
  type RepeatEnd,
  type RepeatFrequency,
} from './repeat-rule';
import { weekdayName } from './rule-words';
import './series.css';

export interface RepeatControlProps {
  /** Prefix of the controls' ids, unique in the page. */
  id: string;
  value: RepeatDraft;
  /** The first post's day (`YYYY-MM-DD`): the monthly choice names its day. */
  startDate: string;
  /** The problem with the choice, in words, if any. */
  error: string | null;
  /** The field key the error note is named after (`recurrence`). */
  field: string;
  /** Which control the error is about (see `problemControl`). */
  errorAt: RepeatControlName;
  onChange(change: Partial<RepeatDraft>): void;
  /** Whether "does not repeat" is offered (not when changing a series' rule). */
  allowNone?: boolean;
}

/** A number or a date typed, with its label; invalid and described as the choice is. */
function TypedField(props: {
  id: string;
  label: string;
  type?: 'number' | 'date';
  min?: number | string | undefined;
  max?: number;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onInput(value: string): void;
}) {
  const type = props.type ?? 'number';
  return (
    <label for={props.id}>
      {props.label}
      <input
        id={props.id}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={props.min}
        max={props.max}
        value={props.value}
        aria-invalid={props.invalid ? 'true' : undefined}
        aria-describedby={props.describedBy}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </label>
  );
}

const FREQUENCIES: RepeatFrequency[] = ['none', 'daily', 'weekly', 'monthly'];
const ENDS: RepeatEnd[] = ['never', 'count', 'until'];

export function RepeatControl(props: RepeatControlProps) {
  const t = useT();
  const { id, value, onChange, error, field } = props;
  const firstWeekday = weekdayOf(props.startDate);
  const frequencies = props.allowNone === false ? FREQUENCIES.slice(1) : FREQUENCIES;
  // The control in trouble is invalid and reads the problem; focus goes to it.
  const note = describedBy(error ? noteId(field) : null);
  const common = (control: RepeatControlName) => ({
    invalid: !!error && props.errorAt === control,
    describedBy: props.errorAt === control ? note : undefined,
  });
  const endLabel = (end: RepeatEnd) =>
    end === 'never'
      ? t('series.repeat.never', { max: RECURRENCE_MAX_OCCURRENCES })
      : t(end === 'count' ? 'series.repeat.afterCount' : 'series.repeat.onDate');
  return (
    <fieldset class="repeat-control">
      <legend>{t('series.repeat.legend')}</legend>
      <label for={`${id}-frequency`} class="visually-hidden">
        {t('series.repeat.frequency')}
      </label>
      <select
        id={`${id}-frequency`}
        value={value.frequency}
        aria-invalid={error && props.errorAt === 'frequency' ? 'true' : undefined}
        aria-describedby={props.errorAt === 'frequency' ? note : undefined}
        onChange={(event) => onChange({ frequency: event.currentTarget.value as RepeatFrequency })}
      >
        {frequencies.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(`series.repeat.${frequency}`)}
          </option>
        ))}
      </select>
      {value.frequency !== 'none' && (
        <div class="repeat-details">
          <TypedField
            {...common('interval')}
            id={`${id}-interval`}
            label={t(`series.repeat.interval.${value.frequency}`)}
            min={1}
            max={REPEAT_INTERVAL_MAX}
            value={value.interval}
            onInput={(interval) => onChange({ interval })}
          />
          {value.frequency === 'weekly' && (
            <fieldset class="repeat-weekdays" aria-describedby={`${id}-weekdays-hint`}>
              <legend>{t('series.repeat.weekdays')}</legend>
              {RULE_WEEKDAYS.map((day) => (
                <label key={day}>
                  <input
                    type="checkbox"
                    checked={value.weekdays.includes(day)}
                    onChange={(event) =>
                      onChange({
                        weekdays: event.currentTarget.checked
                          ? [...value.weekdays, day]
                          : value.weekdays.filter((chosen) => chosen !== day),
                      })
                    }
                  />
                  <span aria-hidden="true">{weekdayName(day, 'short')}</span>
                  <span class="visually-hidden">{weekdayName(day)}</span>
                </label>
              ))}
              <small id={`${id}-weekdays-hint`} class="hint">
                {t('series.repeat.weekdaysHint', {
                  day: firstWeekday ? weekdayName(firstWeekday) : '—',
                })}
              </small>
            </fieldset>
          )}
          {value.frequency === 'monthly' && props.startDate && (
            <p class="hint">
              {t('series.repeat.monthDay', { day: Number(props.startDate.slice(8, 10)) })}
            </p>
          )}
          <fieldset class="repeat-end">
            <legend>{t('series.repeat.end')}</legend>
            {ENDS.map((end) => (
              <label key={end}>
                <input
                  type="radio"
                  name={`${id}-end`}
                  value={end}
                  checked={value.end === end}
                  onChange={() => onChange({ end })}
                />
                {endLabel(end)}
              </label>
            ))}
            {value.end === 'count' && (
              <TypedField
                {...common('count')}
                id={`${id}-count`}
                label={t('series.repeat.count')}
                min={2}
                max={RECURRENCE_MAX_OCCURRENCES}
                value={value.count}
                onInput={(count) => onChange({ count })}
              />
            )}
            {value.end === 'until' && (
              <TypedField
                {...common('until')}
                id={`${id}-until`}
                type="date"
                label={t('series.repeat.until')}
                min={props.startDate || undefined}
                value={value.until}
                onInput={(until) => onChange({ until })}
              />
            )}
          </fieldset>
        </div>
      )}
      <FieldNote field={field} text={error} />
    </fieldset>
  );
}
