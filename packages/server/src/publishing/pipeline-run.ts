/**
 * One run of a target's pipeline: what it read, how it stores progress, and how it ends a
 * target (failure, or another try later). The steps themselves are in `pipeline-steps.ts`;
 * which step comes next is core's `nextStep`.
 */
import {
  isReelayError,
  type ErrorCode,
  type HttpErrorCode,
  type PipelineProgress,
  type RunObservations,
} from '@reelay/core';
import { InstagramPlatformError } from '@reelay/core/platform';
import type { JobLease, JobOutcome } from '../queue';
import type { AccountPlatform } from '../platform';
import { markReconnectRequired } from '../store/integration-upkeep';
import type { IntegrationRecord } from '../store/integrations';
import type { PostRecord, TargetChanges, TargetRecord } from '../store/post-records';
import { updateTargetAtRevision } from '../store/post-targets';
import type { PipelineSettings } from './pipeline-settings';
import { recordTarget } from './post-outcome';
import { failure } from './post-view';
import type { PublishingDeps } from './publishing-deps';

/** The run state of one target's pipeline: what was read, and the stored progress so far. */
export interface Run {
  ctx: PublishingDeps;
  settings: PipelineSettings;
  /** The client of the account's login mode (its host and token, `platformFor`). */
  platform: AccountPlatform;
  post: PostRecord;
  target: TargetRecord;
  integration: IntegrationRecord;
  accessToken: string;
  /** What this run learned from the platform (never stored). */
  observed: RunObservations;
  /** The lease of the job this run is; confirmed before `media_publish`. */
  lease: JobLease;
  /** A prepared container found unusable at the time asked was made again (once per run). */
  remadeContainer?: boolean;
}

/**
 * The target's progress as `nextStep` reads it.
 *
 * @example
 * ```ts
 * const step = nextStep(progressOf(post, target, run.observed), ctx.clock.now(), settings);
 * ```
 */
export function progressOf(
  post: PostRecord,
  target: TargetRecord,
  observed: RunObservations = {},
): PipelineProgress {
  return {
    status: target.status,
    scheduledFor: target.scheduledFor,
    createdAt: target.createdAt,
    hasVideo: post.mediaItems.some((item) => item.type === 'video'),
    childrenNeeded: post.kind === 'carousel' ? post.mediaItems.length : 0,
    childrenCreated: target.childrenIds.length,
    containerId: target.containerId,
    containerCreatedAt: target.containerCreatedAt,
    containerReadyAt: target.containerReadyAt,
    publishAttemptedAt: target.publishAttemptedAt,
    platformPostId: target.platformPostId,
    attempts: target.attempts,
    observed,
  };
}

/** Stores progress if the target was not edited meanwhile; `false` means stop: the work is stale. */
export async function persist(run: Run, changes: TargetChanges): Promise<boolean> {
  const applied = await updateTargetAtRevision(run.ctx.db, run.target, {
    ...changes,
    updatedAt: run.ctx.clock.now(),
  });
  if (applied) run.target = { ...run.target, ...changes };
  return applied;
}

/** Fails a target that never got to run, before any platform call. */
export async function failEarly(
  ctx: PublishingDeps,
  target: TargetRecord,
  code: ErrorCode,
  message?: string,
): Promise<JobOutcome> {
  await recordTarget(ctx, target, { status: 'failed', ...failure(code, message) });
}

/** Fails the target; a token the platform refused also marks the account for reconnection. */
export async function fail(run: Run, code: ErrorCode, message?: string): Promise<JobOutcome> {
  if (code === 'TOKEN_INVALID') {
    await markReconnectRequired(
      run.ctx.db,
      run.integration.id,
      `TOKEN_INVALID: ${message ?? 'o Instagram recusou o token'}`,
      run.ctx.clock.now(),
    );
  }
  return failEarly(run.ctx, run.target, code, message);
}

/** Codes after which the same publication is tried again automatically (spec §7). */
const RETRIED_CODES = new Set<HttpErrorCode>([
  'RATE_LIMIT_APP',
  'CONTAINER_EXPIRED',
  'INTERNAL_ERROR',
]);

function retryDelay(attempt: number): number {
  const base = Math.min(30 * 60_000, 15_000 * 2 ** attempt);
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/**
 * What to do with a platform error: try again later (rate limits, expired containers,
 * platform failures, within the attempt budget), or fail the target with its code.
 */
export async function handleError(run: Run, error: unknown): Promise<JobOutcome> {
  if (!isReelayError(error)) throw error;
  const retried =
    RETRIED_CODES.has(error.code) &&
    (error.code !== 'INTERNAL_ERROR' ||
      (error instanceof InstagramPlatformError && error.transient));
  if (retried && run.target.attempts < run.settings.maxAttempts) {
    const attempts = run.target.attempts + 1;
    const reset: TargetChanges =
      error.code === 'CONTAINER_EXPIRED'
        ? {
            childrenIds: [],
            containerId: null,
            containerCreatedAt: null,
            containerReadyAt: null,
            videosUploadedAt: null,
            // An expired container was never published: a new one starts from scratch.
            publishAttemptedAt: null,
          }
        : {};
    if (!(await persist(run, { attempts, ...reset }))) return;
    run.ctx.logger.warn('publicação adiada para nova tentativa', {
      targetId: run.target.id,
      code: error.code,
      attempts,
    });
    return { retryAt: run.ctx.clock.now() + retryDelay(attempts) };
  }
  return fail(run, error.code, error.message);
}
