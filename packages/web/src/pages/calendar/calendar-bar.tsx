/**
 * Above the calendar: the legend (each status, and the free slot mark), the refresh
 * button and when the posts were last read, in the calendar's zone.
 */
import { POST_STATUSES, StatusBadge } from '../../components/post-status';
import { currentLanguage, useT } from '../../i18n';

export interface CalendarBarProps {
  /** When the posts shown were read; null before the first answer. */
  loadedAt: Date | null;
  zone: string;
  onRefresh(): void;
}

export function CalendarBar({ loadedAt, zone, onRefresh }: CalendarBarProps) {
  const t = useT();
  return (
    <div class="calendar-bar">
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
      </ul>
      <div class="calendar-refresh">
        <button type="button" class="secondary outline" onClick={onRefresh}>
          {t('calendar.refresh')}
        </button>
        {loadedAt && (
          <small>
            {t('calendar.updatedAt', {
              time: new Intl.DateTimeFormat(currentLanguage(), {
                timeStyle: 'medium',
                timeZone: zone,
              }).format(loadedAt),
            })}
          </small>
        )}
      </div>
    </div>
  );
}
