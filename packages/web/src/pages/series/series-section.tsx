/**
 * The post page's Series section, for an occurrence of a series: the rule in words, the
 * series' zone and status, this post's place; "Edit this post only", "Edit this and all
 * following" and "Stop the series" (confirmed, then saying how many scheduled occurrences
 * were cancelled); and the occurrences created and to come (`GET /v1/series/{id}`), in
 * the person's zone. Published occurrences are never changed, and the section says so.
 */
import type { Post, Series, SeriesOccurrence } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailed, type Feedback } from '../../components/page-feedback';
import { wallClockIn, zoneLabel } from '../../components/person-zone';
import { StatusBadge } from '../../components/post-status';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { describeRule, occurrenceText } from './rule-words';
import { SeriesEditForm, type SeriesEditScope } from './series-edit-form';
import './series.css';

/** How many of the next occurrences not yet created the section lists. */
const UPCOMING = 10;
/** An occurrence still waiting: the series' changes reach it. */
const WAITING = new Set(['draft', 'awaiting_approval', 'scheduled']);

export interface SeriesSectionProps {
  post: Post;
  /** The person's zone. */
  zone: string;
  feedback: Feedback;
  /** Reads the post again (a change of the series may have changed it). */
  onChanged(): void;
}

function OccurrenceRows(props: { occurrences: SeriesOccurrence[]; zone: string; current: string }) {
  const t = useT();
  return (
    <>
      {props.occurrences.map((occurrence) => (
        <tr key={occurrence.index} aria-current={occurrence.postId === props.current || undefined}>
          <td>{occurrence.index}</td>
          <td>
            <time dateTime={occurrence.at}>{occurrenceText(occurrence.at, props.zone)}</time>
          </td>
          <td>
            {occurrence.postId && occurrence.status ? (
              <a href={`/app/posts/${occurrence.postId}`}>
                <StatusBadge status={occurrence.status} />
                <span class="visually-hidden">
                  {` · ${t('series.section.occurrence', { index: occurrence.index })}`}
                </span>
              </a>
            ) : occurrence.error ? (
              t('series.section.notCreatedError', { message: occurrence.error.message })
            ) : (
              t('series.section.notCreated')
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

function OccurrenceTable(props: {
  title: string;
  occurrences: SeriesOccurrence[];
  zone: string;
  current: string;
}) {
  const t = useT();
  if (props.occurrences.length === 0) return null;
  return (
    <>
      <h3>{props.title}</h3>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('series.section.index')}</th>
              <th scope="col">{t('series.section.when', { zone: zoneLabel(props.zone) })}</th>
              <th scope="col">{t('series.section.state')}</th>
            </tr>
          </thead>
          <tbody>
            <OccurrenceRows {...props} />
          </tbody>
        </table>
      </div>
    </>
  );
}

function SeriesFacts({ post, series }: { post: Post; series: Series }) {
  const t = useT();
  const first = series.posts.find((occurrence) => occurrence.index === 1);
  const firstDay = first ? wallClockIn(first.at, series.timezone).date : '';
  return (
    <dl>
      <dt>{t('series.section.rule')}</dt>
      <dd>{describeRule(series.rrule, firstDay)}</dd>
      <dt>{t('series.section.zone')}</dt>
      <dd>{zoneLabel(series.timezone)}</dd>
      <dt>{t('series.section.status')}</dt>
      <dd>{t(`series.section.statusValue.${series.status}`)}</dd>
      <dt>{t('series.section.position')}</dt>
      <dd>
        {t('series.section.positionValue', {
          index: post.series!.index,
          total: series.occurrences,
        })}
      </dd>
    </dl>
  );
}

export function SeriesSection({ post, zone, feedback, onChanged }: SeriesSectionProps) {
  const api = useApi();
  const t = useT();
  const seriesId = post.series!.id;
  const load = useLoad(
    async (signal) => (await api.series.get(seriesId, { upcoming: UPCOMING }, { signal })).series,
    [seriesId, post.updatedAt],
  );
  const [editing, setEditing] = useState<SeriesEditScope | null>(null);
  const [confirmingStop, setConfirmingStop] = useState(false);
  const [stopping, setStopping] = useState(false);
  const series = load.data;

  async function stop() {
    setStopping(true);
    try {
      const { cancelledPostIds } = await api.series.stop(seriesId);
      // Said once the section shows the series stopped.
      await load.refresh();
      feedback.say(t('series.stop.done', { count: cancelledPostIds.length }));
      onChanged();
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setStopping(false);
      setConfirmingStop(false);
    }
  }

  const waiting = WAITING.has(post.status);
  const open = series !== null && series !== undefined && series.status !== 'stopped';
  // Stopping still cancels what waits once every occurrence was created (`ended`).
  const stoppable =
    open &&
    (series.status === 'active' ||
      series.posts.some((occurrence) => occurrence.status && WAITING.has(occurrence.status)));
  return (
    <section class="series-section" aria-labelledby="series-section-title">
      <h2 id="series-section-title">{t('series.section.title')}</h2>
      {!series &&
        (load.error ? (
          <LoadFailed
            message={t('series.section.loadFailed')}
            error={load.error}
            onRetry={() => void load.retry()}
          />
        ) : (
          <p aria-busy="true">{t('app.loading')}</p>
        ))}
      {series && (
        <>
          <SeriesFacts post={post} series={series} />
          <p class="hint">{t('series.section.publishedNote')}</p>
          {!waiting && <p>{t('series.section.thisPublished')}</p>}
          {open && (
            <div class="actions">
              {waiting && (
                <>
                  <button type="button" class="secondary" onClick={() => setEditing('this')}>
                    {t('series.section.editThis')}
                  </button>
                  <button type="button" class="secondary" onClick={() => setEditing('following')}>
                    {t('series.section.editFollowing')}
                  </button>
                </>
              )}
              {stoppable && (
                <button
                  type="button"
                  class="danger outline"
                  onClick={() => setConfirmingStop(true)}
                >
                  {t('series.section.stop')}
                </button>
              )}
            </div>
          )}
          {editing && open && (
            <SeriesEditForm
              key={editing}
              post={post}
              series={series}
              scope={editing}
              onClose={() => setEditing(null)}
              onSaved={(message) => {
                setEditing(null);
                feedback.say(message);
                onChanged();
              }}
            />
          )}
          <OccurrenceTable
            title={t('series.section.created')}
            occurrences={series.posts}
            zone={zone}
            current={post.id}
          />
          <OccurrenceTable
            title={t('series.section.upcoming')}
            occurrences={series.upcoming}
            zone={zone}
            current={post.id}
          />
        </>
      )}
      {confirmingStop && (
        <ConfirmDialog
          title={t('series.stop.title')}
          confirmLabel={t('series.stop.confirm')}
          cancelLabel={t('series.stop.keep')}
          busy={stopping}
          onConfirm={() => void stop()}
          onCancel={() => setConfirmingStop(false)}
        >
          <p>{t('series.stop.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
