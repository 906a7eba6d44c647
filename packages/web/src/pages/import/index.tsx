/**
 * Importing posts from a CSV file, the web app's `reelay posts bulk`: the file is read and
 * checked in the browser with core's plan (the CLI's), shown as a dry run (each row's
 * accounts, kind, time in the person's zone, caption and media, and each problem with
 * its row and column), and nothing is created until the person confirms. Rows with
 * problems are skipped; the ready ones are created one by one with per-row progress, and
 * each row's key (from its content) keeps a second import of the same file from creating
 * anything twice.
 */
import './import.css';
import { roleMeets } from '@reelay/sdk';
import { useRef, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { readProjectAccounts } from '../../components/project-accounts';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';
import { ImportHelp } from './import-help';
import { planImport, type ImportPlan, type ImportRow } from './import-plan';
import { ImportTable } from './import-table';
import { fileProblemText } from './problem-text';
import { createRows, type RowOutcome } from './run-import';

type Stage = 'checking' | 'planned' | 'creating' | 'done';

export default function ImportPage() {
  const t = useT();
  const api = useApi();
  const role = useProjectRole();
  const zone = usePersonTimeZone();
  const canCreate = role === null || roleMeets(role, 'editor');
  const [file, setFile] = useState<{ name: string; plan: ImportPlan } | null>(null);
  const [stage, setStage] = useState<Stage>('planned');
  const [outcomes, setOutcomes] = useState<Record<number, RowOutcome>>({});
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function read(chosen: File) {
    setError('');
    setOutcomes({});
    setFile(null);
    setStage('checking');
    try {
      let text: string;
      try {
        text = await chosen.text();
      } catch {
        setError(t('import.readFailed'));
        return;
      }
      // The accounts are read afresh: one connected a minute ago counts.
      const { integrations } = await readProjectAccounts(api);
      setFile({
        name: chosen.name,
        plan: planImport(text, { timezone: zone, accounts: integrations }),
      });
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setStage('planned');
    }
  }

  const rows = file?.plan.ok ? file.plan.rows : [];
  const ready = rows.filter((row) => row.problems.length === 0);
  const withProblems = rows.length - ready.length;

  async function create(readyRows: ImportRow[]) {
    setStage('creating');
    setError('');
    try {
      await createRows(api, readyRows, (line, outcome) =>
        setOutcomes((all) => ({ ...all, [line]: outcome })),
      );
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setStage('done');
    }
  }

  const finished = Object.values(outcomes).filter((outcome) => outcome.status !== 'creating');
  const count = (status: RowOutcome['status']) =>
    finished.filter((outcome) => outcome.status === status).length;

  return (
    <section class="import-page">
      <PageHeading title={t('import.title')} help={<ImportHelp />}>
        {t('import.title')}
      </PageHeading>
      {!canCreate && role && (
        <p class="notice">{t('import.viewerOnly', { role: t(`roles.${role}`) })}</p>
      )}
      <div
        class={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          if (!event.dataTransfer?.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const dropped = event.dataTransfer?.files[0];
          if (dropped && stage !== 'creating') void read(dropped);
        }}
      >
        <p aria-hidden="true">{t('import.dropHere')}</p>
        <label for="import-file">{t('import.choose')}</label>
        <input
          ref={input}
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="import-file-hint"
          disabled={stage === 'creating'}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void read(chosen);
          }}
        />
        <small id="import-file-hint" class="hint">
          {t('import.hint')} {t('import.zoneNote', { zone: zoneLabel(zone) })}
        </small>
      </div>
      {stage === 'checking' && <p aria-busy="true">{t('app.loading')}</p>}
      {error && <p role="alert">{error}</p>}
      {file && !file.plan.ok && (
        <p role="alert">
          {t('import.fileProblem', {
            name: file.name,
            problem: fileProblemText(file.plan.problem),
          })}
        </p>
      )}
      {file?.plan.ok && (
        <>
          <h2>{t('import.planTitle', { name: file.name })}</h2>
          <p role="status" class="import-summary">
            {t('import.summary', {
              ready: t('import.ready', { count: ready.length }),
              problems: t('import.withProblems', { count: withProblems }),
            })}{' '}
            {withProblems > 0 && ready.length > 0 && t('import.skipNote')}
            {ready.length === 0 && t('import.nothingReady')}
          </p>
          <ImportTable rows={rows} zone={zone} outcomes={outcomes} started={stage !== 'planned'} />
          {stage === 'planned' && canCreate && ready.length > 0 && (
            <button type="button" onClick={() => void create(ready)}>
              {t('import.create', { count: ready.length })}
            </button>
          )}
          <p role="status" class="import-progress">
            {stage === 'creating' &&
              `${t('import.creating')} ${t('import.progress', { done: finished.length, total: ready.length })}`}
            {stage === 'done' &&
              t('import.result', {
                created: count('created'),
                existing: count('existing'),
                failed: count('failed'),
              })}
          </p>
          {stage === 'done' && (
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setFile(null);
                setOutcomes({});
                setStage('planned');
                if (input.current) {
                  input.current.value = '';
                  input.current.focus();
                }
              }}
            >
              {t('import.another')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
