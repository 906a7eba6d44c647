/**
 * `reelay series list|show|edit|stop`: recurring posts (`/v1/series`), started by
 * `reelay posts create --at <when> --repeat <rule>`.
 */
import {
  checkRecurrence,
  recurrenceProblemMessage,
  SERIES_STATUSES,
  type SeriesStatus,
} from '@reelay/core';
import type { Series, SeriesOccurrence, SeriesSummary } from '@reelay/sdk';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { inZone, statusText } from '../post-display';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';

function statusOf(text: string): SeriesStatus {
  if ((SERIES_STATUSES as readonly string[]).includes(text)) return text as SeriesStatus;
  throw usageError(t('series.unknownStatus', { status: text }), t('help.seriesStatus'));
}

function occurrenceRows(occurrences: readonly SeriesOccurrence[], timezone: string): string {
  return renderTable(occurrences, [
    { header: t('series.columnIndex'), value: (o: SeriesOccurrence) => String(o.index) },
    {
      header: t('series.columnWhen'),
      value: (o: SeriesOccurrence) =>
        `${inZone(o.at, timezone)}${o.adjusted ? ` ${t('series.adjusted')}` : ''}`,
    },
    { header: t('series.columnPost'), value: (o: SeriesOccurrence) => o.postId ?? '' },
    {
      header: t('series.columnStatus'),
      value: (o: SeriesOccurrence) =>
        o.error ? o.error.message : o.status ? statusText(o.status) : '',
      max: 60,
    },
  ]);
}

/** A series: its fields, the posts it created and the next occurrences. */
function describeSeries(series: Series): string {
  return (
    renderFields([
      ['Id', series.id],
      [t('series.columnStatus'), series.status],
      [t('series.columnRule'), series.rrule],
      ['Timezone', series.timezone],
      [t('series.columnCaption'), series.content || null],
    ]) +
    (series.posts.length > 0
      ? `\n${t('series.posts')}\n${occurrenceRows(series.posts, series.timezone)}`
      : '') +
    (series.upcoming.length > 0
      ? `\n${t('series.upcoming')}\n${occurrenceRows(series.upcoming, series.timezone)}`
      : '')
  );
}

/**
 * @example
 * ```ts
 * await listSeries({ status: 'active' }, ctx);
 * ```
 */
export async function listSeries(options: { status?: string }, ctx: CommandContext): Promise<void> {
  const status = options.status === undefined ? undefined : statusOf(options.status);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.series.list(status ? { status } : {});
  ctx.out.result(answer, () =>
    answer.series.length === 0
      ? `${t('series.none')}\n`
      : renderTable(answer.series, [
          { header: 'id', value: (item: SeriesSummary) => item.id },
          { header: t('series.columnStatus'), value: (item: SeriesSummary) => item.status },
          { header: t('series.columnRule'), value: (item: SeriesSummary) => item.rrule, max: 40 },
          {
            header: t('series.columnNext'),
            value: (item: SeriesSummary) => (item.next ? inZone(item.next, item.timezone) : ''),
          },
          {
            header: t('series.columnCaption'),
            value: (item: SeriesSummary) => item.content,
            max: 40,
          },
        ]),
  );
}

/**
 * @example
 * ```ts
 * await showSeries('ser_…', ctx);
 * ```
 */
export async function showSeries(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.series.get(id);
  ctx.out.result(answer, () => describeSeries(answer.series));
}

/**
 * @example
 * ```ts
 * await editSeries('ser_…', { caption: 'O cardápio da semana', from: 'post_…' }, ctx);
 * ```
 */
export async function editSeries(
  id: string,
  options: { caption?: string; repeat?: string; from?: string },
  ctx: CommandContext,
): Promise<void> {
  if (options.caption === undefined && options.repeat === undefined) {
    throw usageError(t('series.nothingToChange'), t('series.nothingToChangeHint'));
  }
  if (options.repeat !== undefined) {
    const checked = checkRecurrence(options.repeat);
    if (!checked.ok) {
      throw usageError(
        t('series.invalidRule', {
          reason: recurrenceProblemMessage(checked.problem, checked.detail),
        }),
        t('series.invalidRuleHint'),
      );
    }
  }
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.series.update(id, {
    ...(options.caption !== undefined ? { content: options.caption } : {}),
    ...(options.repeat !== undefined ? { rrule: options.repeat } : {}),
    ...(options.from !== undefined ? { fromPostId: options.from } : {}),
  });
  ctx.out.result(
    answer,
    () => `${t('series.updated', { id })}\n\n${describeSeries(answer.series)}`,
  );
}

/**
 * @example
 * ```ts
 * await stopSeries('ser_…', ctx);
 * ```
 */
export async function stopSeries(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.series.stop(id);
  ctx.out.result(answer, () => {
    const cancelled =
      answer.cancelledPostIds.length > 0
        ? `${t('series.cancelled', { ids: answer.cancelledPostIds.join(', ') })}\n`
        : '';
    return `${t('series.stopped', { id })}\n${cancelled}`;
  });
}
