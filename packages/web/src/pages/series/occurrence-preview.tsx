/**
 * The next occurrences a rule gives, before anything is saved: computed with the SDK's
 * `seriesOccurrences` (the server's own arithmetic), in the series' zone (the one the rule
 * is read in) and, when they differ, in the person's zone and in the zones of the
 * accounts' posting schedules.
 * Occurrences moved by a daylight saving change say so.
 */
import { RECURRENCE_MAX_OCCURRENCES } from '@reelay/sdk';
import { checkSeries, seriesOccurrences } from '@reelay/sdk/recurrence';
import { useMemo } from 'preact/hooks';
import { zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import { occurrenceText } from './rule-words';

export interface OccurrencePreviewProps {
  rrule: string;
  /** The first occurrence. */
  start: Date;
  seriesZone: string;
  personZone: string;
  /** The zones of the posting schedules of the post's accounts, with whose they are. */
  accountZones?: ReadonlyArray<{ names: string; zone: string }>;
  /** How many to list. */
  limit?: number;
}

/** A column of the preview: a zone and what the header calls it. */
interface ZoneColumn {
  zone: string;
  header: string;
}

/** The occurrences to list and how many there are in all (null: up to the cap). */
function preview(props: OccurrencePreviewProps) {
  const series = { rrule: props.rrule, timezone: props.seriesZone, start: props.start.getTime() };
  const checked = checkSeries(series);
  if (!checked.ok) return null;
  const listed = seriesOccurrences(series, { limit: props.limit ?? 5 });
  const { count, until } = checked.rule;
  const total = count ?? (until !== null ? seriesOccurrences(series).length : null);
  return { listed, total };
}

export function OccurrencePreview(props: OccurrencePreviewProps) {
  const t = useT();
  const found = useMemo(
    () => preview(props),
    [props.rrule, props.start.getTime(), props.seriesZone, props.limit],
  );
  if (!found) return null;
  const at = props.start;
  // The series' zone, then the person's and the accounts' schedules' when they differ.
  const columns: ZoneColumn[] = [
    {
      zone: props.seriesZone,
      header: t('series.repeat.previewSeriesZone', { zone: zoneLabel(props.seriesZone, at) }),
    },
    {
      zone: props.personZone,
      header: t('series.repeat.previewYourZone', { zone: zoneLabel(props.personZone, at) }),
    },
    ...(props.accountZones ?? []).map(({ names, zone }) => ({
      zone,
      header: t('series.repeat.previewAccountZone', { names, zone: zoneLabel(zone, at) }),
    })),
  ].filter((column, index, all) => all.findIndex((other) => other.zone === column.zone) === index);
  const more = found.total === null ? null : found.total - found.listed.length;
  return (
    <section
      class="occurrence-preview"
      aria-labelledby="occurrence-preview-title"
      aria-live="polite"
    >
      <h3 id="occurrence-preview-title">{t('series.repeat.previewTitle')}</h3>
      {/* Scrolls sideways on a phone: reachable by keyboard to scroll it. */}
      <div
        class="table-scroll"
        tabIndex={0}
        role="group"
        aria-labelledby="occurrence-preview-title"
      >
        <table>
          <thead>
            <tr>
              <th scope="col">{t('series.section.index')}</th>
              {columns.map((column) => (
                <th key={column.zone} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {found.listed.map((occurrence) => {
              const iso = new Date(occurrence.at).toISOString();
              return (
                <tr key={occurrence.index}>
                  <td>{occurrence.index}</td>
                  {columns.map((column, index) => (
                    <td key={column.zone}>
                      <time dateTime={iso}>{occurrenceText(iso, column.zone)}</time>
                      {index === 0 && occurrence.resolution === 'gap' && (
                        <small class="hint"> ({t('series.repeat.adjusted')})</small>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="hint">
        {more === null
          ? t('series.repeat.previewNoEnd', { max: RECURRENCE_MAX_OCCURRENCES })
          : more > 0
            ? t('series.repeat.previewMore', { count: more })
            : null}
      </p>
    </section>
  );
}
