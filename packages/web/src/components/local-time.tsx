/**
 * Dates and times in the person's own time zone (the browser's), with that zone named
 * once per page, so "14:05" is never ambiguous.
 */
import { formatDateTime } from '../i18n';

/**
 * The browser's IANA time zone, such as `America/Sao_Paulo`.
 *
 * @example
 * ```ts
 * t('webhooks.timesIn', { zone: localTimeZone() }); // 'Times in America/Sao_Paulo.'
 * ```
 */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A moment as people of the current language write it, in the browser's zone. */
export function LocalTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={`${formatDateTime(iso)} (${localTimeZone()})`}>
      {formatDateTime(iso)}
    </time>
  );
}
