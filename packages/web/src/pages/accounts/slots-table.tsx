/** The weekly slots as a table of times by days, and the field that adds a time. */
import { useState } from 'preact/hooks';
import { WEEK_DAYS, weekDayName, type SlotRow, type WeekDay } from '../../components/posting-slots';
import { currentLanguage, useT } from '../../i18n';

/** A `HH:MM` time typed in a time field (which may add seconds). */
function clockTime(value: string): string | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

export interface SlotsTableProps {
  rows: readonly SlotRow[];
  /** Whose schedule, for the caption. */
  name: string;
  onToggle(time: string, day: WeekDay, on: boolean): void;
  onRemove(time: string): void;
}

export function SlotsTable({ rows, name, onToggle, onRemove }: SlotsTableProps) {
  const t = useT();
  const language = currentLanguage();
  return (
    <div class="table-scroll">
      <table class="slots-table">
        <caption>{t('accounts.slots.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('accounts.slots.time')}</th>
            {WEEK_DAYS.map((day) => (
              <th key={day} scope="col" abbr={weekDayName(day, language)}>
                {weekDayName(day, language, 'short')}
              </th>
            ))}
            <th scope="col">
              <span class="visually-hidden">{t('accounts.slots.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.time}>
              <th scope="row">{row.time}</th>
              {WEEK_DAYS.map((day) => (
                <td key={day}>
                  <input
                    type="checkbox"
                    aria-label={t('accounts.slots.slotLabel', {
                      day: weekDayName(day, language),
                      time: row.time,
                    })}
                    checked={row.days.has(day)}
                    onChange={(event) => onToggle(row.time, day, event.currentTarget.checked)}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  class="secondary outline"
                  aria-label={t('accounts.slots.removeTime', { time: row.time })}
                  onClick={() => onRemove(row.time)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A time to add on every day of the week. `onAdd` answers why the time cannot be added,
 * or '' once added.
 */
export function NewTimeField({ base, onAdd }: { base: string; onAdd(time: string): string }) {
  const t = useT();
  const [newTime, setNewTime] = useState('');
  const [timeError, setTimeError] = useState('');

  function addTime() {
    const time = clockTime(newTime);
    const refused = time ? onAdd(time) : t('accounts.slots.timeMissing');
    setTimeError(refused);
    if (!refused) setNewTime('');
  }

  return (
    <>
      <label for={`${base}-new`}>{t('accounts.slots.newTime')}</label>
      <div class="slots-add">
        <input
          id={`${base}-new`}
          type="time"
          value={newTime}
          aria-invalid={timeError ? 'true' : undefined}
          aria-describedby={timeError ? `${base}-new-error` : `${base}-new-hint`}
          onInput={(event) => setNewTime(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds the time instead of saving the whole schedule.
            if (event.key === 'Enter') {
              event.preventDefault();
              addTime();
            }
          }}
        />
        <button type="button" class="secondary" onClick={addTime}>
          {t('accounts.slots.addTime')}
        </button>
      </div>
      {timeError ? (
        <small id={`${base}-new-error`} class="field-error">
          {timeError}
        </small>
      ) : (
        <small id={`${base}-new-hint`} class="hint">
          {t('accounts.slots.newTimeHint')}
        </small>
      )}
    </>
  );
}
