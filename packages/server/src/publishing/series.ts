/**
 * Recurring posts (docs/recurring.md). A post created with `recurrence` starts a series:
 * the series row is written in the post's own transaction, with a `materialize_series`
 * job due when its next occurrence enters the 75-day window. That job creates each
 * occurrence as an ordinary post through the same acceptance as `POST /v1/posts` (window,
 * accounts, media, the platform's live quota, approval), then moves the series on and sets
 * itself for the next one.
 *
 * Exactly once: an occurrence's post carries the idempotency key
 * `series:<id>:<generation>:<index>` and the unique `(series_id, series_index)`, so a run
 * that crashes after creating it and runs again finds it instead of creating another; the
 * series moves on only with a write conditional on the index it was at.
 */
import {
  newId,
  recurrenceProblemMessage,
  ReelayError,
  SCHEDULE_MAX_LEAD_MS,
  SCHEDULE_MIN_LEAD_MS,
  validationError,
  type CreatePostBody,
  type ProjectRole,
} from '@reelay/core';
import { checkSeries, seriesOccurrences } from '@reelay/core/recurrence';
import { add, jobKey } from '../queue';
import type { Actor } from '../store/activity';
import { findApiKey } from '../store/api-keys';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { findMemberRole } from '../store/project-members';
import { findPostByIdempotencyKey } from '../store/posts';
import type { Db } from '../store/schema';
import {
  findSeriesById,
  insertSeries,
  updateSeries,
  type SeriesRecord,
  type SkippedOccurrence,
} from '../store/series';
import type { PublishingDeps } from './publishing-deps';

export const materializeJobKey = (seriesId: string) => jobKey('materialize_series', seriesId);

/** How long a run waits before trying an occurrence again after a passing refusal. */
const TRANSIENT_RETRY_MS = 5 * 60_000;
/** The most skipped occurrences a series remembers (the newest). */
const SKIPPED_KEPT = 50;
/** Occurrences one run creates at most: a daily series entering the window is 75. */
const OCCURRENCES_PER_RUN = 100;

/** The rule of a series from its current start, as `seriesOccurrences` reads it. */
function ruleOf(series: Pick<SeriesRecord, 'rrule' | 'timezone' | 'startAt'>) {
  return { rrule: series.rrule, timezone: series.timezone, start: series.startAt };
}

/**
 * The occurrence with index `index` of a series (counting from its current rule's first
 * occurrence, `firstIndex`), or undefined past the last.
 */
export function occurrenceAt(series: SeriesRecord, index: number) {
  const [found] = seriesOccurrences(ruleOf(series), {
    afterIndex: index - series.firstIndex,
    limit: 1,
  });
  return found && { ...found, index: found.index + series.firstIndex - 1 };
}

/** When the job creating an occurrence publishing at `at` falls due: as it enters the window. */
export function materializeAt(at: number, now: number): number {
  // A minute inside the window, so a run on time is never a hair outside it.
  return Math.max(now, at - SCHEDULE_MAX_LEAD_MS + 60_000);
}

/**
 * The rule of a post created with `recurrence`, checked against its start and written in
 * one form; throws the validation error a refused rule gives.
 *
 * @example
 * ```ts
 * assertSeriesRule(body, 'America/New_York', Date.parse('2027-03-08T14:00:00Z')); // 'FREQ=WEEKLY;BYDAY=MO'
 * ```
 */
export function assertSeriesRule(body: CreatePostBody, timezone: string, start: number): string {
  const checked = checkSeries({ rrule: body.recurrence!.rrule, timezone, start });
  if (!checked.ok) {
    throw validationError([
      {
        field: 'recurrence.rrule',
        message: recurrenceProblemMessage(checked.problem, checked.detail),
      },
    ]);
  }
  return checked.rule.rrule;
}

/**
 * A new series for a post created with `recurrence`: the post is its first occurrence.
 *
 * @example
 * ```ts
 * const series = newSeries(post, body, accountIds, actor, now);
 * ```
 */
export function newSeries(
  post: PostRecord,
  body: CreatePostBody,
  accountIds: readonly string[],
  actor: Actor,
  now: number,
): SeriesRecord {
  const rrule = assertSeriesRule(body, post.timezone, post.scheduledFor!);
  const series: SeriesRecord = {
    id: newId('series', now),
    projectId: post.projectId,
    status: 'active',
    rrule,
    timezone: post.timezone,
    startAt: post.scheduledFor!,
    firstIndex: 1,
    generation: 1,
    nextIndex: 2,
    nextAt: null,
    template: {
      kind: post.kind,
      content: post.content,
      mediaItems: post.mediaItems,
      platforms: (body.platforms ?? []).map((target, index) => ({
        accountId: accountIds[index]!,
        options: target.options ?? {},
      })),
    },
    createdBy: actor,
    skipped: [],
    firstPostId: post.id,
    createdAt: now,
    updatedAt: now,
  };
  series.nextAt = occurrenceAt(series, 2)?.at ?? null;
  return series;
}

/**
 * Inside the transaction that writes the series' first post: the series row and the job
 * that creates its next occurrence when that enters the window.
 */
export async function storeSeries(trx: Db, series: SeriesRecord, now: number): Promise<void> {
  await insertSeries(trx, series);
  if (series.nextAt !== null) {
    await scheduleMaterialize(trx, series.id, materializeAt(series.nextAt, now), now);
  }
}

/** Sets (or moves) a series' job. */
export async function scheduleMaterialize(
  db: Db,
  seriesId: string,
  runAt: number,
  now: number,
): Promise<void> {
  await add(
    db,
    'materialize_series',
    { seriesId },
    { runAt, key: materializeJobKey(seriesId), mode: 'replace', now },
  );
}

/**
 * The role the creator of a series (or a feed) has in the project now, read from stored
 * state: what it creates waits for approval as a post of theirs would today. Someone no
 * longer in the project (or a revoked key) counts as an editor, so nothing skips an
 * approval.
 *
 * @example
 * ```ts
 * const actor = await creatorNow(db, { projectId, createdBy: feed.createdBy });
 * ```
 */
export async function creatorNow(
  db: Db,
  owner: { projectId: string; createdBy: Actor },
): Promise<Actor> {
  const { createdBy } = owner;
  let role: ProjectRole | undefined;
  if (createdBy.kind === 'member' && createdBy.id !== null) {
    role = await findMemberRole(db, owner.projectId, createdBy.id);
  } else if (createdBy.kind === 'key' && createdBy.id !== null) {
    const key = await findApiKey(db, owner.projectId, createdBy.id);
    role = key && key.revokedAt === null ? key.role : undefined;
  } else {
    return createdBy;
  }
  return { ...createdBy, role: role ?? 'editor' };
}

/** The creation body of one occurrence: the template at the occurrence's instant. */
export function occurrenceBody(series: SeriesRecord, index: number, at: number): CreatePostBody {
  return {
    content: series.template.content,
    kind: series.template.kind,
    mediaItems: series.template.mediaItems.map((item) => ({ mediaId: item.mediaId })),
    platforms: series.template.platforms.map((target) => ({
      platform: 'instagram' as const,
      accountId: target.accountId,
      options: target.options,
    })),
    scheduledFor: new Date(at),
    timezone: series.timezone,
    idempotencyKey: `series:${series.id}:${series.generation}:${index}`,
  } as CreatePostBody;
}

/** What creating one occurrence came to. */
type OccurrenceOutcome =
  | { kind: 'created' }
  | { kind: 'skipped'; skipped: SkippedOccurrence }
  | { kind: 'later'; runAt: number };

export type AcceptOccurrence = (
  projectId: string,
  body: CreatePostBody,
  actor: Actor,
  occurrence: { seriesId: string; index: number },
) => Promise<{ post: PostRecord; targets: TargetRecord[] }>;

async function createOccurrence(
  ctx: PublishingDeps,
  accept: AcceptOccurrence,
  series: SeriesRecord,
  index: number,
  at: number,
): Promise<OccurrenceOutcome> {
  const now = ctx.clock.now();
  const body = occurrenceBody(series, index, at);
  // Created by a run that crashed before moving the series on.
  if (await findPostByIdempotencyKey(ctx.db, series.projectId, body.idempotencyKey!)) {
    return { kind: 'created' };
  }
  if (at - now < SCHEDULE_MIN_LEAD_MS) {
    return {
      kind: 'skipped',
      skipped: {
        index,
        at,
        code: 'MISSED',
        message: 'A ocorrência não foi criada antes do seu horário (o servidor estava parado?).',
      },
    };
  }
  try {
    await accept(series.projectId, body, await creatorNow(ctx.db, series), {
      seriesId: series.id,
      index,
    });
    return { kind: 'created' };
  } catch (error) {
    if (!(error instanceof ReelayError)) throw error;
    // A passing refusal (the platform slow or limiting): the same occurrence, later, while
    // it can still be created in time.
    if (error.retry === 'safe' && at - now > SCHEDULE_MIN_LEAD_MS + TRANSIENT_RETRY_MS) {
      return { kind: 'later', runAt: now + TRANSIENT_RETRY_MS };
    }
    return {
      kind: 'skipped',
      skipped: { index, at, code: error.code, message: error.message },
    };
  }
}

/**
 * Creates the occurrences of a series that entered the window, moves it on, and sets its
 * job for the next one (or ends it after its last).
 *
 * @example
 * ```ts
 * await materializeSeries(ctx, accept, 'ser_…');
 * ```
 */
export async function materializeSeries(
  ctx: PublishingDeps,
  accept: AcceptOccurrence,
  seriesId: string,
): Promise<void> {
  for (let run = 0; run < OCCURRENCES_PER_RUN; run++) {
    const series = await findSeriesById(ctx.db, seriesId);
    if (!series || series.status !== 'active' || series.nextAt === null) return;
    const now = ctx.clock.now();
    if (series.nextAt > now + SCHEDULE_MAX_LEAD_MS) {
      await scheduleMaterialize(ctx.db, series.id, materializeAt(series.nextAt, now), now);
      return;
    }
    const index = series.nextIndex;
    const outcome = await createOccurrence(ctx, accept, series, index, series.nextAt);
    if (outcome.kind === 'later') {
      await scheduleMaterialize(ctx.db, series.id, outcome.runAt, now);
      return;
    }
    const following = occurrenceAt(series, index + 1);
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const current = await findSeriesById(trx, series.id);
      // Stopped, given a new rule or moved on meanwhile: that write wins.
      if (current?.nextIndex !== index || current.status !== 'active') return false;
      return updateSeries(trx, series.id, series.generation, {
        nextIndex: index + 1,
        nextAt: following?.at ?? null,
        status: following ? 'active' : 'ended',
        ...(outcome.kind === 'skipped'
          ? { skipped: [...series.skipped, outcome.skipped].slice(-SKIPPED_KEPT) }
          : {}),
        updatedAt: now,
      });
    });
    if (!moved) continue;
  }
  // A run creates a bounded number; the rest in the next run, at once.
  await scheduleMaterialize(ctx.db, seriesId, ctx.clock.now(), ctx.clock.now());
}
