/**
 * The rows of a dry run, and then of the import: row number, accounts, kind, time in the
 * person's zone, the caption's start and the media count, with each row's state, its
 * problems or the link to the post made from it. The table scrolls inside its own
 * region, which takes keyboard focus, so a phone's page never scrolls sideways.
 */
import { useId } from 'preact/hooks';
import { formatInZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import type { ImportRow } from './import-plan';
import { problemText } from './problem-text';
import type { RowOutcome } from './run-import';

/** How much of a caption the table shows. */
const CAPTION_START = 60;

function captionStart(caption: string): string {
  const chars = [...caption];
  return chars.length > CAPTION_START ? `${chars.slice(0, CAPTION_START).join('')}…` : caption;
}

function RowState({ row, outcome }: { row: ImportRow; outcome: RowOutcome | undefined }) {
  const t = useT();
  if (row.problems.length > 0) {
    return (
      <>
        <strong>{t('import.state.problem')}</strong>
        <ul class="import-problems">
          {row.problems.map((problem, index) => (
            <li key={index}>{problemText(row.line, problem)}</li>
          ))}
        </ul>
      </>
    );
  }
  if (!outcome) return <>{t('import.state.ready')}</>;
  if (outcome.status === 'failed') {
    return (
      <>
        <strong>{t('import.state.failed')}</strong>: {outcome.error}
      </>
    );
  }
  if (outcome.status === 'creating')
    return <span aria-busy="true">{t('import.state.creating')}</span>;
  const label = t(`import.state.${outcome.status}`);
  return (
    <>
      <strong>{label}</strong>
      {outcome.postId && (
        <>
          {' '}
          <a href={`/app/posts/${outcome.postId}`}>{t('import.openPost', { line: row.line })}</a>
        </>
      )}
    </>
  );
}

/**
 * @example
 * <ImportTable rows={plan.rows} zone={zone} outcomes={outcomes} started={running} />
 */
export function ImportTable(props: {
  rows: readonly ImportRow[];
  zone: string;
  outcomes: Readonly<Record<number, RowOutcome>>;
  /** The import has started: ready rows not reached yet are waiting. */
  started: boolean;
}) {
  const t = useT();
  const captionId = useId();
  return (
    <div class="table-scroll import-table" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table class="striped">
        <caption id={captionId}>{t('import.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.columns.line')}</th>
            <th scope="col">{t('import.columns.accounts')}</th>
            <th scope="col">{t('import.columns.kind')}</th>
            <th scope="col">{t('import.columns.when')}</th>
            <th scope="col">{t('import.columns.caption')}</th>
            <th scope="col">{t('import.columns.media')}</th>
            <th scope="col">{t('import.columns.state')}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const outcome = props.outcomes[row.line];
            const waiting = props.started && row.problems.length === 0 && !outcome;
            return (
              <tr key={row.line} id={`import-row-${row.line}`}>
                <th scope="row">{row.line}</th>
                <td class="import-accounts">{row.accounts.join(', ')}</td>
                <td>{row.kind ?? t('import.kindAuto')}</td>
                <td>
                  {row.scheduledFor
                    ? formatInZone(row.scheduledFor.toISOString(), props.zone)
                    : '—'}
                </td>
                <td class="import-caption">
                  {row.content ? captionStart(row.content) : <em>{t('import.noCaption')}</em>}
                </td>
                <td>{t('import.mediaCount', { count: row.mediaText.length })}</td>
                <td class="import-state">
                  {waiting ? t('import.state.waiting') : <RowState row={row} outcome={outcome} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
