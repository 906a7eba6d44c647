/**
 * The publishing pipeline of one target (DESIGN.md "Publishing pipeline, per target"):
 * create the containers (carousel children, then the parent), poll until FINISHED,
 * `media_publish`, look up the permalink, post the first comment.
 *
 * Core's `nextStep` decides each step from the stored progress and what this run has
 * observed; this module carries the steps out (`pipeline-steps.ts`) until one ends the
 * run. Each run starts from what is stored, so a crash at any point resumes at the right
 * step, and `media_publish` is never blindly repeated.
 */
import { isActiveTargetStatus, isReelayError, nextStep, type PipelineStep } from '@reelay/core';
import { buildContainerPlan, type ContainerPlan } from '@reelay/core/platform';
import {
  PUBLISH_TARGET_GIVES_UP_AFTER as ABANDON_AFTER_FAILURES,
  type JobContext,
  type JobLease,
  type JobOutcome,
} from '../queue';
import { canPublishWith, platformFor, readAccessToken } from '../services/account-token';
import { findIntegration } from '../store/integrations';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { findTarget, findTargetWithPost } from '../store/post-targets';
import { storeFaultOf } from '../store/store-faults';
import { fail, failEarly, handleError, progressOf, type Run } from './pipeline-run';
import type { PipelineSettings } from './pipeline-settings';
import { discardContainers, reserveContainers } from './prepared-containers';
import {
  createChild,
  createParent,
  finish,
  observeContainer,
  publish,
  type StepResult,
} from './pipeline-steps';
import { recordTarget } from './post-outcome';
import { failure } from './post-view';
import type { PublishingDeps } from './publishing-deps';
import { usesResumableUpload } from './video-upload';

/**
 * The `publish_target` job handler.
 *
 * @example
 * ```ts
 * const handlers = { publish_target: createPublishTargetHandler(deps) };
 * ```
 */
export function createPublishTargetHandler(ctx: PublishingDeps) {
  return async function publishTarget(
    payload: { targetId: string },
    { attempt, lease }: JobContext,
  ): Promise<JobOutcome> {
    try {
      return await runTarget(ctx, ctx.pipeline, payload.targetId, lease);
    } catch (error) {
      // Nothing lost: a target whose job keeps failing unexpectedly (a bug) ends failed
      // with its event instead of waiting forever once the worker gives up. The database
      // away or full is no reason to give up: the worker retries once it is back.
      if (attempt < ABANDON_AFTER_FAILURES || storeFaultOf(error)) throw error;
      ctx.logger.error('publicação abandonada após falhas repetidas', {
        targetId: payload.targetId,
        error,
      });
      const target = await findTarget(ctx.db, payload.targetId);
      if (target && isActiveTargetStatus(target.status)) {
        await recordTarget(ctx, target, { status: 'failed', ...failure('INTERNAL_ERROR') });
      }
    }
  };
}

/** The account and token of a run, or `null` when the target cannot start (recorded). */
async function openRun(
  ctx: PublishingDeps,
  settings: PipelineSettings,
  post: PostRecord,
  target: TargetRecord,
  lease: JobLease,
): Promise<Run | null> {
  const integration = await findIntegration(ctx.db, post.projectId, target.integrationId);
  if (!integration || !canPublishWith(integration, ctx.clock.now())) {
    await failEarly(
      ctx,
      target,
      'TOKEN_INVALID',
      'A conta foi desconectada ou precisa ser reconectada.',
    );
    return null;
  }
  const platform = platformFor(ctx, integration);
  if (!platform) {
    await failEarly(ctx, target, 'PLATFORM_CREDENTIALS_MISSING');
    return null;
  }
  return {
    ctx,
    settings,
    platform,
    post,
    target,
    integration,
    accessToken: '',
    observed: {},
    lease,
  };
}

/** The containers to create, or `null` when the post can no longer be published (recorded). */
async function planContainers(run: Run): Promise<ContainerPlan | null> {
  const { ctx, post } = run;
  const media: Array<{ type: 'image' | 'video'; url: string }> = [];
  for (const [index, item] of post.mediaItems.entries()) {
    const record = await ctx.media.find(post.projectId, item.mediaId);
    if (!record) {
      await fail(run, 'MEDIA_INVALID', `A mídia mediaItems[${index}] não existe mais.`);
      return null;
    }
    ctx.media.assertUsable(record, post.kind, `mediaItems[${index}]`);
    media.push({ type: record.type, url: await ctx.media.platformUrl(record) });
  }
  return buildContainerPlan({
    kind: post.kind,
    caption: post.content,
    media,
    options: run.target.options,
    resumableVideos: usesResumableUpload(ctx.config.videoUpload, run.integration),
  });
}

/**
 * The plan of a run's containers, built when a container is first to be made: a container
 * prepared ahead of time needs no plan at the time asked, nor a read of the post's media.
 */
function planOnDemand(run: Run): () => Promise<ContainerPlan | null> {
  let plan: Promise<ContainerPlan | null> | undefined;
  return () => (plan ??= planContainers(run));
}

/** Carries out one step: a platform call, or the container budget and discards. */
async function perform(
  run: Run,
  planned: () => Promise<ContainerPlan | null>,
  step: PipelineStep,
): Promise<StepResult> {
  switch (step.kind) {
    case 'reserve-containers':
      await reserveContainers(run, step.count);
      return 'next';
    case 'discard-containers':
      return (await discardContainers(run)) ? 'next' : { end: undefined };
    case 'create-child':
    case 'create-container': {
      const plan = await planned();
      if (!plan) return { end: undefined };
      return step.kind === 'create-child'
        ? createChild(run, plan, step.index)
        : createParent(run, plan);
    }
    case 'poll':
    case 'confirm':
      return observeContainer(run);
    case 'publish':
      return publish(run);
    default:
      throw new Error(`passo inesperado do pipeline: ${step.kind}`);
  }
}

/** Ends the run on the steps that need no platform call; `null` for the others. */
async function conclude(
  ctx: PublishingDeps,
  run: Run | null,
  target: TargetRecord,
  step: PipelineStep,
): Promise<{ outcome: JobOutcome } | null> {
  switch (step.kind) {
    case 'stop':
      return { outcome: undefined };
    case 'wait':
      if (run?.observed.outcomeUnknown) {
        ctx.logger.warn('resultado da publicação desconhecido; a confirmar', {
          targetId: target.id,
        });
      }
      return { outcome: { retryAt: step.until } };
    case 'fail':
      return { outcome: await (run ? fail(run, step.code) : failEarly(ctx, target, step.code)) };
    default:
      return null;
  }
}

/**
 * After a step threw: once a publication was attempted, a failure can no longer say it
 * did not happen, so the outcome is confirmed later (or `PUBLISH_UNCONFIRMED`); any
 * other platform error is retried or fails the target.
 */
async function recover(run: Run, error: unknown): Promise<JobOutcome> {
  if (
    run.target.publishAttemptedAt !== null &&
    run.target.platformPostId === null &&
    isReelayError(error)
  ) {
    run.observed = { outcomeUnknown: true };
    const step = nextStep(
      progressOf(run.post, run.target, run.observed),
      run.ctx.clock.now(),
      run.settings,
    );
    const ended = await conclude(run.ctx, run, run.target, step);
    if (ended) return ended.outcome;
  }
  return handleError(run, error);
}

async function runTarget(
  ctx: PublishingDeps,
  settings: PipelineSettings,
  targetId: string,
  lease: JobLease,
): Promise<JobOutcome> {
  const found = await findTargetWithPost(ctx.db, targetId);
  if (!found || !isActiveTargetStatus(found.target.status)) return;
  const { target, post } = found;

  // Missed, not due yet, or nothing to do: decided before the account is read.
  const first = await conclude(
    ctx,
    null,
    target,
    nextStep(progressOf(post, target), ctx.clock.now(), settings),
  );
  if (first) return first.outcome;

  const run = await openRun(ctx, settings, post, target, lease);
  if (!run) return;
  try {
    // A token that cannot be read fails the target as `TOKEN_INVALID` (`recover`).
    run.accessToken = readAccessToken(ctx, run.integration);
    const planned = planOnDemand(run);
    for (;;) {
      // The job went to another run (or was moved or removed): that run carries on.
      if (lease.signal.aborted) return;
      const step = nextStep(progressOf(post, run.target, run.observed), ctx.clock.now(), settings);
      const ended = await conclude(ctx, run, run.target, step);
      if (ended) return ended.outcome;
      if (step.kind === 'finish') return await finish(run);
      const result = await perform(run, planned, step);
      if (result !== 'next') return result.end;
    }
  } catch (error) {
    return recover(run, error);
  }
}
