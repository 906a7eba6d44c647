/**
 * The weekly slots as a list of days, for narrow screens where a table of seven day
 * columns does not fit: the times first (each removable), then each day with a box per
 * time. The same changes as the table's, under the same names.
 */
import { useEffect, useState } from 'preact/hooks';
import { WEEK_DAYS, weekDayName, type SlotRow, type WeekDay } from '../../components/posting-slots';
import { currentLanguage, useT } from '../../i18n';
import type { SlotsTableProps } from './slots-table';

/** Below this width the editor lists days instead of drawing a table. */
const NARROW_QUERY = '(max-width: 40rem)';

/**
 * Whether the screen is narrow, followed as the window changes size.
 *
 * @example
 * ```ts
 * const narrow = useNarrowScreen();
 * ```
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = matchMedia(NARROW_QUERY);
    const follow = () => setNarrow(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}

/**
 * @example
 * ```tsx
 * <SlotsDays rows={rows} name="@cafe.aurora" onToggle={toggle} onRemove={remove} />
 * ```
 */
export function SlotsDays({ rows, name, onToggle, onRemove }: SlotsTableProps) {
  const t = useT();
  const language = currentLanguage();
  return (
    <fieldset class="slots-days">
      <legend class="slots-days-caption">{t('grid.days.caption', { name })}</legend>
      <ul class="slots-times" aria-label={t('grid.days.times')}>
        {rows.map((row) => (
          <li key={row.time}>
            {row.time}
            <button
              type="button"
              class="secondary outline"
              aria-label={t('accounts.slots.removeTime', { time: row.time })}
              onClick={() => onRemove(row.time)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      {WEEK_DAYS.map((day) => (
        <DayField key={day} day={day} rows={rows} language={language} onToggle={onToggle} />
      ))}
    </fieldset>
  );
}

function DayField(props: {
  day: WeekDay;
  rows: readonly SlotRow[];
  language: string;
  onToggle: SlotsTableProps['onToggle'];
}) {
  const t = useT();
  const dayName = weekDayName(props.day, props.language);
  return (
    <fieldset class="slots-day">
      <legend>{dayName}</legend>
      {props.rows.map((row) => (
        <label key={row.time}>
          <input
            type="checkbox"
            // The table's name, so a box is found the same way in both layouts.
            aria-label={t('accounts.slots.slotLabel', { day: dayName, time: row.time })}
            checked={row.days.has(props.day)}
            onChange={(event) => props.onToggle(row.time, props.day, event.currentTarget.checked)}
          />
          {row.time}
        </label>
      ))}
    </fieldset>
  );
}
