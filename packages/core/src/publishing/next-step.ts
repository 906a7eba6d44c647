/**
 * The publishing pipeline of one target as a pure decision (DESIGN.md "Publishing
 * pipeline, per target"): from what is stored about the target, and what the current run
 * has observed, the one thing to do next. The server carries the step out (a platform
 * call, a stored id), then asks again, so a run that crashed at any point resumes from
 * what was stored.
 *
 * `media_publish` is never blindly repeated: once a publication was attempted, the
 * container's status decides (PUBLISHED → it happened; FINISHED → it did not, publish).
 * An outcome still unknown after the confirmation window ends as `PUBLISH_UNCONFIRMED`.
 *
 * A scheduled target's containers are prepared ahead of its time (`prepareWindowMs`), within
 * the account's container budget (`reserve-containers`), so that at the time asked only
 * `media_publish` remains. A container that would expire before its time is discarded and
 * made again.
 */
import { isActiveTargetStatus } from '../posts/post-state';
import type { TargetStatus } from '../vocabulary/enums';

/** Timings of the publishing pipeline. */
export interface PipelineSettings {
  /** A scheduled target that could not start within this long after its time is `MISSED`. */
  missedGraceMs: number;
  /** Posts with video start creating containers this long before their time, to publish on time. */
  videoLeadMs: number;
  /** `IN_PROGRESS` for longer than this is `CONTAINER_STUCK` (spec §3: 1 hour). */
  stuckAfterMs: number;
  /** An attempted publication not confirmed within this long is `PUBLISH_UNCONFIRMED`. */
  confirmWindowMs: number;
  /** Automatic retries (rate limits, expired containers, platform failures) before failing. */
  maxAttempts: number;
  /**
   * Scheduled posts of every kind create and finish their containers this long before their
   * time, so that only `media_publish` is left at it; 0 prepares nothing ahead (video still
   * starts `videoLeadMs` early). Keep it well under {@link CONTAINER_USABLE_MS}.
   */
  prepareWindowMs: number;
}

/**
 * How long after its creation a container is still trusted for publishing: Instagram
 * expires containers 24 h after creation (reference §2 "Limits"), less an hour of margin
 * for clocks and processing. An older one, not yet published, is discarded and made again.
 */
export const CONTAINER_USABLE_MS = 23 * 60 * 60_000;

/** What the current run has learned from the platform; never stored. */
export interface RunObservations {
  /** The parent container was created by this run (an image one is usually ready at once). */
  containerCreatedNow?: boolean;
  /** The container's status as read by this run. */
  containerStatus?: 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED';
  /** The last publication attempt, or the check of it, ended without a verdict. */
  outcomeUnknown?: boolean;
  /** The account's container budget, asked before preparing ahead of time. */
  preparation?: 'allowed' | 'refused';
}

/** A target's stored progress, plus what the current run observed. */
export interface PipelineProgress {
  status: TargetStatus;
  /** The time asked, or `null` for an immediate post, which is due when created. */
  scheduledFor: number | null;
  createdAt: number;
  hasVideo: boolean;
  /** Carousel child containers the post needs (0 for other kinds). */
  childrenNeeded: number;
  childrenCreated: number;
  containerId: string | null;
  containerCreatedAt: number | null;
  containerReadyAt: number | null;
  publishAttemptedAt: number | null;
  platformPostId: string | null;
  /** Automatic retries used so far. */
  attempts: number;
  observed?: RunObservations;
}

/** Codes the pipeline itself decides a target fails with. */
export type PipelineFailureCode = 'MISSED' | 'CONTAINER_STUCK' | 'PUBLISH_UNCONFIRMED';

/** The next thing to do for a target. */
export type PipelineStep =
  /** Nothing: the target is no longer waiting or publishing. */
  | { kind: 'stop' }
  /** Come back at `until` (not started yet, not due yet, still processing, confirming). */
  | { kind: 'wait'; until: number }
  | { kind: 'fail'; code: PipelineFailureCode }
  /**
   * Before preparing containers ahead of time: ask whether the account's container budget
   * (400 per 24 h on Instagram) allows `count` more; the answer is `observed.preparation`.
   */
  | { kind: 'reserve-containers'; count: number }
  /** Forget the stored containers (too old to publish): the next steps create them again. */
  | { kind: 'discard-containers' }
  | { kind: 'create-child'; index: number }
  | { kind: 'create-container' }
  /** Read the container's status. */
  | { kind: 'poll' }
  /** Read the container's status after an attempt whose outcome is not known. */
  | { kind: 'confirm' }
  /** Mark the target publishing, if it is not yet, and call `media_publish`. */
  | { kind: 'publish' }
  /** The publication happened: permalink, first comment, and the published result. */
  | { kind: 'finish' };

/** How often an unconfirmed publication is checked again. */
export const CONFIRM_INTERVAL_MS = 15_000;

type StartSettings = Pick<PipelineSettings, 'videoLeadMs' | 'prepareWindowMs'>;

/**
 * When a scheduled target's work starts: within the preparation window before its time,
 * or earlier for video, whose processing on the platform takes minutes, so the publication
 * itself happens at the time asked.
 *
 * @example
 * ```ts
 * workStart(scheduledFor, [{ type: 'video' }], settings); // scheduledFor - 10 minutes
 * ```
 */
export function workStart(
  due: number,
  items: ReadonlyArray<{ type: string }>,
  settings: StartSettings,
): number {
  return Math.min(
    lateStart(
      due,
      items.some((item) => item.type === 'video'),
      settings,
    ),
    due - settings.prepareWindowMs,
  );
}

/** When work must start even without preparation: at the time, or early for video. */
function lateStart(due: number, hasVideo: boolean, settings: StartSettings): number {
  return due - (hasVideo ? settings.videoLeadMs : 0);
}

/** Containers still to create: the missing carousel items, and the container itself. */
function containersMissing(progress: PipelineProgress): number {
  return (
    progress.childrenNeeded - progress.childrenCreated + (progress.containerId === null ? 1 : 0)
  );
}

/**
 * How long to wait before reading a processing container again: slower as processing
 * takes longer (large reels take minutes).
 *
 * @example
 * ```ts
 * pollDelay(0); // 1000
 * pollDelay(10 * 60_000); // 30000
 * ```
 */
export function pollDelay(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 1_000;
  if (elapsedMs < 60_000) return 3_000;
  if (elapsedMs < 5 * 60_000) return 10_000;
  return 30_000;
}

/** Whether anything was done yet: a target that started is never `MISSED`. */
function hasStarted(progress: PipelineProgress): boolean {
  return (
    progress.containerId !== null ||
    progress.childrenCreated > 0 ||
    progress.attempts > 0 ||
    progress.publishAttemptedAt !== null
  );
}

/**
 * Prepared in time, yet not published within the grace after its time: the service was
 * down or stalled, not the platform slow. Such a target is `MISSED`, as one that never
 * started, rather than published late.
 */
function preparedButMissed(
  progress: PipelineProgress,
  due: number,
  now: number,
  settings: PipelineSettings,
): boolean {
  return (
    progress.scheduledFor !== null &&
    progress.attempts === 0 &&
    progress.publishAttemptedAt === null &&
    progress.platformPostId === null &&
    progress.containerReadyAt !== null &&
    progress.containerReadyAt <= due &&
    now > due + settings.missedGraceMs
  );
}

/** A container still `IN_PROGRESS`: poll again later, or give up after the stuck limit. */
function processing(
  progress: PipelineProgress,
  now: number,
  settings: PipelineSettings,
): PipelineStep {
  const elapsed = now - (progress.containerCreatedAt ?? now);
  if (elapsed > settings.stuckAfterMs) return { kind: 'fail', code: 'CONTAINER_STUCK' };
  return { kind: 'wait', until: now + pollDelay(elapsed) };
}

/** After a publication attempt: confirm it, keep confirming within the window, or publish. */
function afterAttempt(
  progress: PipelineProgress,
  attemptedAt: number,
  now: number,
  settings: PipelineSettings,
): PipelineStep {
  const observed = progress.observed ?? {};
  if (observed.outcomeUnknown) {
    if (now - attemptedAt > settings.confirmWindowMs) {
      return { kind: 'fail', code: 'PUBLISH_UNCONFIRMED' };
    }
    return { kind: 'wait', until: now + CONFIRM_INTERVAL_MS };
  }
  if (observed.containerStatus === undefined) return { kind: 'confirm' };
  if (observed.containerStatus === 'IN_PROGRESS') return processing(progress, now, settings);
  // FINISHED: the earlier attempt did not publish, so this one may.
  return { kind: 'publish' };
}

/**
 * The pipeline's next action for a target, from its stored progress and what the current
 * run observed.
 *
 * @example
 * ```ts
 * nextStep({ ...progress, containerId: null }, now, settings); // { kind: 'create-container' }
 * nextStep({ ...progress, publishAttemptedAt: now - 1000 }, now, settings); // { kind: 'confirm' }
 * ```
 */
export function nextStep(
  progress: PipelineProgress,
  now: number,
  settings: PipelineSettings,
): PipelineStep {
  if (!isActiveTargetStatus(progress.status)) return { kind: 'stop' };
  const due = progress.scheduledFor ?? progress.createdAt;
  if (
    progress.scheduledFor !== null &&
    // Missed means nothing was done in time: once work started (containers, retries),
    // the pipeline's own limits (stuck, attempts) decide.
    !hasStarted(progress) &&
    now > progress.scheduledFor + settings.missedGraceMs
  ) {
    return { kind: 'fail', code: 'MISSED' };
  }
  if (preparedButMissed(progress, due, now, settings)) return { kind: 'fail', code: 'MISSED' };
  const mustStart = lateStart(due, progress.hasVideo, settings);
  const startAt =
    progress.scheduledFor === null
      ? mustStart
      : Math.min(mustStart, due - settings.prepareWindowMs);
  if (now < startAt) return { kind: 'wait', until: startAt };

  const observed = progress.observed ?? {};
  if (progress.platformPostId !== null || observed.containerStatus === 'PUBLISHED') {
    return { kind: 'finish' };
  }
  if (progress.publishAttemptedAt !== null) {
    return afterAttempt(progress, progress.publishAttemptedAt, now, settings);
  }
  // Too old to be published at its time (a run held back, a clock that jumped): made again.
  if (
    progress.containerCreatedAt !== null &&
    Math.max(now, due) - progress.containerCreatedAt >= CONTAINER_USABLE_MS
  ) {
    return { kind: 'discard-containers' };
  }
  // Ahead of the time work must start, containers are made only within the account's budget;
  // refused, the work starts when it would without preparation.
  if (now < mustStart && containersMissing(progress) > 0) {
    if (observed.preparation === undefined) {
      return { kind: 'reserve-containers', count: containersMissing(progress) };
    }
    if (observed.preparation === 'refused') return { kind: 'wait', until: mustStart };
  }
  if (progress.childrenCreated < progress.childrenNeeded) {
    return { kind: 'create-child', index: progress.childrenCreated };
  }
  if (progress.containerId === null) return { kind: 'create-container' };
  // An image container is usually ready at once: publish straight away and poll only if
  // the platform says it is not ready. Video, and containers made earlier, poll first.
  const pollFirst = progress.hasVideo || !observed.containerCreatedNow || now < due;
  if (pollFirst && progress.containerReadyAt === null) {
    if (observed.containerStatus === undefined) return { kind: 'poll' };
    if (observed.containerStatus === 'IN_PROGRESS') return processing(progress, now, settings);
  }
  // Prepared early: publish at the time asked, not before.
  if (now < due) return { kind: 'wait', until: due };
  return { kind: 'publish' };
}
