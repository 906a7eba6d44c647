/**
 * Reading, changing and stopping series (`/v1/series`). Creating one is `POST /v1/posts`
 * with `recurrence` (publishing/accept-post.ts); creating its occurrences is the
 * `materialize_series` job (publishing/series.ts).
 */
import {
  formatZonedDateTime,
  ReelayError,
  validationError,
  type PostStatus,
  type SeriesStatus,
  type updateSeriesBodySchema,
} from '@reelay/core';
import { seriesOccurrences } from '@reelay/core/recurrence';
import type * as z from 'zod';
import { cancel } from '../queue';
import {
  assertSeriesRule,
  materializeAt,
  materializeJobKey,
  occurrenceAt,
  scheduleMaterialize,
} from '../publishing/series';
import type { PublishingDeps } from '../publishing/publishing-deps';
import type { Actor } from '../store/activity';
import {
  detachOccurrences,
  findSeries,
  listSeries,
  occurrencePosts,
  updateSeries,
  type SeriesRecord,
} from '../store/series';
import type { PostsService } from './posts';

export type { SeriesRecord };

/** One occurrence as the series route shows it. */
export interface OccurrenceView {
  index: number;
  at: number;
  local: string;
  adjusted: boolean;
  postId: string | null;
  status: PostStatus | null;
  error: { code: string; message: string } | null;
}

export interface SeriesView {
  series: SeriesRecord;
  /** Occurrences in all: the rule's count from its first, plus those before it. */
  occurrences: number;
  posts: OccurrenceView[];
  upcoming: OccurrenceView[];
}

export interface SeriesService {
  get(projectId: string, id: string, upcoming: number): Promise<SeriesView>;
  list(
    projectId: string,
    filters: { status?: SeriesStatus | undefined; accountId?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ total: number; series: SeriesRecord[] }>;
  update(
    projectId: string,
    id: string,
    body: z.output<typeof updateSeriesBodySchema>,
    actor: Actor,
  ): Promise<SeriesView>;
  stop(
    projectId: string,
    id: string,
    actor: Actor,
  ): Promise<{ view: SeriesView; cancelledPostIds: string[] }>;
}

/** Statuses of an occurrence's post that has not started publishing: it may change. */
const WAITING: ReadonlySet<PostStatus> = new Set([
  'scheduled',
  'awaiting_approval',
  'queued',
  'draft',
]);

const notFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Série não encontrada neste projeto.' });

/** `YYYY-MM-DDTHH:MM` of an instant in a zone. */
function localOf(at: number, timezone: string): string {
  return formatZonedDateTime(at, timezone).slice(0, 16);
}

/**
 * @example
 * ```ts
 * const series = createSeriesService(context, posts);
 * const view = await series.get(projectId, 'ser_…', 10);
 * ```
 */
export function createSeriesService(ctx: PublishingDeps, posts: PostsService): SeriesService {
  async function existing(projectId: string, id: string): Promise<SeriesRecord> {
    const series = await findSeries(ctx.db, projectId, id);
    if (!series) throw notFound();
    return series;
  }

  async function view(series: SeriesRecord, upcoming: number): Promise<SeriesView> {
    const created = await occurrencePosts(ctx.db, series.id);
    const shown: OccurrenceView[] = created.map((post) => ({
      index: post.index,
      at: post.scheduledFor ?? series.startAt,
      local: localOf(post.scheduledFor ?? series.startAt, series.timezone),
      adjusted: false,
      postId: post.id,
      status: post.status,
      error: null,
    }));
    for (const skipped of series.skipped) {
      if (created.some((post) => post.index === skipped.index)) continue;
      shown.push({
        index: skipped.index,
        at: skipped.at,
        local: localOf(skipped.at, series.timezone),
        adjusted: false,
        postId: null,
        status: null,
        error: { code: skipped.code, message: skipped.message },
      });
    }
    shown.sort((a, b) => a.index - b.index);
    const rule = { rrule: series.rrule, timezone: series.timezone, start: series.startAt };
    const next =
      series.status === 'active' && upcoming > 0
        ? seriesOccurrences(rule, {
            afterIndex: series.nextIndex - series.firstIndex,
            limit: upcoming,
          })
        : [];
    const total = seriesOccurrences(rule).length + series.firstIndex - 1;
    return {
      series,
      occurrences: series.status === 'active' ? total : Math.min(total, series.nextIndex - 1),
      posts: shown,
      upcoming: next.map((occurrence) => ({
        index: occurrence.index + series.firstIndex - 1,
        at: occurrence.at,
        local: occurrence.local,
        adjusted: occurrence.resolution === 'gap',
        postId: null,
        status: null,
        error: null,
      })),
    };
  }

  /** Cancels the waiting ones among posts; answers the ids it cancelled. */
  async function cancelWaiting(
    projectId: string,
    candidates: ReadonlyArray<{ id: string; status: PostStatus }>,
    actor: Actor,
  ): Promise<string[]> {
    const cancelled: string[] = [];
    for (const post of candidates) {
      if (!WAITING.has(post.status)) continue;
      try {
        await posts.cancel(projectId, post.id, actor);
        cancelled.push(post.id);
      } catch (error) {
        // Started publishing meanwhile: it publishes, as any post that began.
        if (!(error instanceof ReelayError) || error.code !== 'POST_NOT_CANCELLABLE') throw error;
      }
    }
    return cancelled;
  }

  return {
    async get(projectId, id, upcoming) {
      return view(await existing(projectId, id), upcoming);
    },

    async list(projectId, filters, page) {
      if (filters.accountId === undefined) return listSeries(ctx.db, projectId, filters, page);
      // A project has few series: the account is matched in their templates.
      const all = await listSeries(ctx.db, projectId, filters, { limit: 10_000, offset: 0 });
      const matching = all.series.filter((series) =>
        series.template.platforms.some((target) => target.accountId === filters.accountId),
      );
      return {
        total: matching.length,
        series: matching.slice(page.offset, page.offset + page.limit),
      };
    },

    async update(projectId, id, body, actor) {
      const series = await existing(projectId, id);
      if (series.status === 'stopped') throw new ReelayError('SERIES_STOPPED');
      const created = await occurrencePosts(ctx.db, series.id);
      let fromIndex: number;
      if (body.fromPostId !== undefined) {
        const from = created.find((post) => post.id === body.fromPostId);
        if (!from) {
          throw validationError([
            { field: 'fromPostId', message: 'o post não é uma ocorrência desta série' },
          ]);
        }
        fromIndex = from.index;
      } else {
        fromIndex = created.find((post) => WAITING.has(post.status))?.index ?? series.nextIndex;
      }
      const affected = created.filter((post) => post.index >= fromIndex);
      const now = ctx.clock.now();

      if (body.content !== undefined) {
        for (const post of affected) {
          if (!WAITING.has(post.status)) continue;
          try {
            await posts.edit(projectId, post.id, { content: body.content }, actor);
          } catch (error) {
            if (!(error instanceof ReelayError) || error.code !== 'POST_NOT_EDITABLE') throw error;
          }
        }
        await updateSeries(ctx.db, series.id, series.generation, {
          template: { ...series.template, content: body.content },
          updatedAt: now,
        });
      }

      if (body.rrule !== undefined) {
        const later = affected.filter((post) => post.index > fromIndex);
        if (later.some((post) => !WAITING.has(post.status) && post.status !== 'cancelled')) {
          throw validationError([
            {
              field: 'fromPostId',
              message: 'uma ocorrência depois desta já publicou; escolha uma ocorrência mais nova',
            },
          ]);
        }
        const fromPost = created.find((post) => post.index === fromIndex);
        const start = fromPost?.scheduledFor ?? occurrenceAt(series, fromIndex)?.at;
        if (start === undefined) {
          throw validationError([{ field: 'rrule', message: 'a série não tem mais ocorrências' }]);
        }
        const rrule = assertSeriesRule(
          { recurrence: { rrule: body.rrule } } as Parameters<typeof assertSeriesRule>[0],
          series.timezone,
          start,
        );
        // The occurrences after it follow the new rule: those created are cancelled and
        // lose their places, which the new rule's occurrences take.
        await cancelWaiting(projectId, later, actor);
        const fresh = (await findSeries(ctx.db, projectId, id))!;
        const nextIndex = fromPost ? fromIndex + 1 : fromIndex;
        const segment = {
          ...fresh,
          rrule,
          startAt: start,
          firstIndex: fromIndex,
          generation: fresh.generation + 1,
        };
        const nextAt = occurrenceAt(segment, nextIndex)?.at ?? null;
        await ctx.db.transaction().execute(async (trx) => {
          await detachOccurrences(
            trx,
            later.map((post) => post.id),
          );
          await updateSeries(trx, series.id, fresh.generation, {
            rrule,
            startAt: start,
            firstIndex: fromIndex,
            generation: segment.generation,
            nextIndex,
            nextAt,
            status: nextAt === null ? 'ended' : 'active',
            updatedAt: now,
          });
          if (nextAt !== null) {
            await scheduleMaterialize(trx, series.id, materializeAt(nextAt, now), now);
          }
        });
        ctx.wakeWorker();
      }
      return view((await existing(projectId, id))!, 10);
    },

    async stop(projectId, id, actor) {
      const series = await existing(projectId, id);
      const now = ctx.clock.now();
      if (series.status === 'active') {
        await ctx.db.transaction().execute(async (trx) => {
          await updateSeries(trx, series.id, series.generation, {
            status: 'stopped',
            nextAt: null,
            updatedAt: now,
          });
          await cancel(trx, [materializeJobKey(series.id)]);
        });
      }
      const created = await occurrencePosts(ctx.db, series.id);
      const cancelledPostIds = await cancelWaiting(
        projectId,
        created.filter((post) => (post.scheduledFor ?? 0) > now),
        actor,
      );
      return { view: await view(await existing(projectId, id), 0), cancelledPostIds };
    },
  };
}
