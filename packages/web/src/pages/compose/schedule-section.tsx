/**
 * When the post goes out: now, at a date and time of a named time zone, or in the queue
 * (each account at the next free slot of its posting schedule). The zone is the
 * browser's at first, always shown with its offset, and can be changed to any zone the
 * browser knows; the chosen moment is repeated in words, in that zone.
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { currentLanguage, useT } from '../../i18n';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import { browserTimeZone, timeZones, zonedTime, zoneLabel } from './time-zone';

export interface ScheduleValue {
  when: 'now' | 'schedule' | 'queue';
  date: string;
  time: string;
  timeZone: string;
}

export interface ScheduleSectionProps {
  value: ScheduleValue;
  errorOf: ErrorOf;
  onChange(change: Partial<ScheduleValue>): void;
  /** What the queue would do with the post, shown while the queue is chosen. */
  queue: ComponentChildren;
  /** Whether and how the post repeats, shown while a time is chosen. */
  repeat?: ComponentChildren;
}

/**
 * A moment in words, in a zone and the app's language, with the zone named:
 * `segunda-feira, 1 de dezembro de 2026 09:00`.
 */
export function formatInZone(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  }).format(instant);
}

export function ScheduleSection({ value, errorOf, onChange, queue, repeat }: ScheduleSectionProps) {
  const t = useT();
  const error = errorOf('scheduledFor');
  const zoneError = errorOf('timezone');
  const scheduled =
    value.when === 'schedule' ? zonedTime(value.date, value.time, value.timeZone) : null;
  // Offsets change with daylight saving time: the labels use the chosen day when there is one.
  const labelDay = scheduled ? scheduled.instant.toISOString().slice(0, 10) : 'now';
  const zones = useMemo(() => {
    const at = scheduled?.instant ?? new Date();
    return timeZones(value.timeZone).map((zone) => ({ zone, label: zoneLabel(zone, at) }));
  }, [labelDay, value.timeZone]);
  const local = browserTimeZone();

  return (
    <fieldset class="compose-schedule">
      <legend>{t('compose.schedule.legend')}</legend>
      <label>
        <input
          type="radio"
          name="when"
          value="now"
          checked={value.when === 'now'}
          onChange={() => onChange({ when: 'now' })}
        />
        {t('compose.schedule.now')}
      </label>
      <label>
        <input
          type="radio"
          name="when"
          value="schedule"
          checked={value.when === 'schedule'}
          onChange={() => onChange({ when: 'schedule' })}
        />
        {t('compose.schedule.later')}
      </label>
      <label>
        <input
          type="radio"
          name="when"
          value="queue"
          checked={value.when === 'queue'}
          aria-describedby="compose-queue-hint"
          onChange={() => onChange({ when: 'queue' })}
        />
        {t('compose.schedule.queue')}
      </label>
      <small id="compose-queue-hint" class="queue-hint">
        {t('compose.schedule.queueHint')}
      </small>
      {value.when === 'queue' && queue}
      {value.when === 'schedule' && (
        <div class="schedule-fields">
          <div class="grid">
            <label for="compose-date">
              {t('compose.schedule.date')}
              <input
                id="compose-date"
                type="date"
                value={value.date}
                required
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={describedBy(
                  'compose-schedule-zone',
                  error && noteId('scheduledFor'),
                )}
                onInput={(event) => onChange({ date: event.currentTarget.value })}
              />
            </label>
            <label for="compose-time">
              {t('compose.schedule.time')}
              <input
                id="compose-time"
                type="time"
                value={value.time}
                required
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={describedBy(
                  'compose-schedule-zone',
                  error && noteId('scheduledFor'),
                )}
                onInput={(event) => onChange({ time: event.currentTarget.value })}
              />
            </label>
          </div>
          <FieldNote field="scheduledFor" text={error} />
          <p id="compose-schedule-zone" class="hint">
            {t('compose.schedule.inZone', {
              zone: zoneLabel(value.timeZone, scheduled?.instant ?? new Date()),
            })}
          </p>
          <label for="compose-zone">{t('compose.schedule.zone')}</label>
          <select
            id="compose-zone"
            value={value.timeZone}
            aria-invalid={zoneError ? 'true' : undefined}
            aria-describedby={describedBy(zoneError && noteId('timezone'))}
            onChange={(event) => onChange({ timeZone: event.currentTarget.value })}
          >
            {zones.map(({ zone, label }) => (
              <option key={zone} value={zone}>
                {label}
              </option>
            ))}
          </select>
          <FieldNote field="timezone" text={zoneError} />
          {scheduled && (
            <p class="schedule-summary" aria-live="polite">
              {t('compose.schedule.summary', {
                when: formatInZone(scheduled.instant, value.timeZone),
                zone: zoneLabel(value.timeZone, scheduled.instant),
              })}
              {local !== value.timeZone &&
                ` ${t('compose.schedule.localEquivalent', {
                  when: formatInZone(scheduled.instant, local),
                  zone: local,
                })}`}
            </p>
          )}
          {repeat}
        </div>
      )}
    </fieldset>
  );
}
