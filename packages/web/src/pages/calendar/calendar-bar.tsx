/**
 * Beside the filters: the refresh button and when the posts were last read, in the
 * calendar's zone. The legend (each status, the free slot mark and the series mark) waits in the page's
 * help, since every event carries its status's symbol besides its colour.
 */
import { POST_STATUSES, StatusBadge } from '../../components/post-status';
import { currentLanguage, useT } from '../../i18n';
import { timeFormat } from './calendar-options';
import '../series/series.css';

export interface CalendarBarProps {
  /** When the posts shown were read; null before the first answer. */
  loadedAt: Date | null;
  zone: string;
  onRefresh(): void;
}

export function CalendarBar({ loadedAt, zone, onRefresh }: CalendarBarProps) {
  const t = useT();
  const language = currentLanguage();
  return (
    <div class="calendar-refresh">
      <button type="button" class="secondary outline" onClick={onRefresh}>
        {t('calendar.refresh')}
      </button>
      {loadedAt && (
        <small>
          {t('calendar.updatedAt', {
            time: new Intl.DateTimeFormat(language, {
              ...timeFormat(language),
              second: '2-digit',
              timeZone: zone,
            }).format(loadedAt),
          })}
        </small>
      )}
    </div>
  );
}

/** Each status as a badge (symbol, word, colour), the free slot's mark and the series'. */
export function CalendarLegend() {
  const t = useT();
  return (
    <ul class="calendar-legend" aria-label={t('calendar.legend')}>
      {POST_STATUSES.map((status) => (
        <li key={status}>
          <StatusBadge status={status} />
        </li>
      ))}
      <li>
        <span class="status-badge free-slot-badge">
          <span aria-hidden="true">+</span> {t('calendar.freeSlot')}
        </span>
      </li>
      <li>
        <span class="status-badge series-badge">
          <span aria-hidden="true">↻</span> {t('series.mark.legend')}
        </span>
      </li>
    </ul>
  );
}
