/**
 * The publishing pipeline of one target (DESIGN.md "Publishing pipeline, per target"):
 * create the containers (carousel children, then the parent), poll until FINISHED,
 * `media_publish`, look up the permalink, post the first comment.
 *
 * Every platform id is stored before the next call, and each run starts from what is
 * stored, so a crash at any point resumes at the right step. `media_publish` is never
 * blindly repeated: once a publication was attempted, the container's status decides
 * (PUBLISHED → it happened; FINISHED → it did not, publish). An outcome still unknown
 * after the confirmation window ends as `PUBLISH_UNCONFIRMED`.
 */
import { isReelayError, type HttpErrorCode } from '@reelay/core';
import {
  buildContainerPlan,
  InstagramPlatformError,
  withCarouselChildren,
  type ContainerPlan,
  type ContainerStatus,
} from '@reelay/core/platform';
import type { JobOutcome } from '../queue/worker';
import type { ServerContext } from '../server-context';
import { findIntegration, updateIntegration } from '../store/integrations';
import { findPostById, findTarget, updateTargetAtRevision } from '../store/posts';
import type { IntegrationsTable, JobsTable, PostsTable, PostTargetsTable } from '../store/schema';
import { readAccessToken } from '../services/account-token';
import { recordTarget, type TargetChanges } from './post-outcome';
import { failure, mediaItemsOf } from './post-view';
import type { InstagramPlatform } from '../platform';

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
}

export const DEFAULT_PIPELINE_SETTINGS: PipelineSettings = {
  missedGraceMs: 15 * 60_000,
  videoLeadMs: 5 * 60_000,
  stuckAfterMs: 60 * 60_000,
  confirmWindowMs: 10 * 60_000,
  maxAttempts: 6,
};

/**
 * When a target's work starts: at its time, or earlier for video, whose processing on
 * the platform takes minutes, so the publication itself happens at the time asked.
 *
 * @example
 * ```ts
 * workStart(scheduledFor, [{ type: 'video' }], settings); // scheduledFor - 5 minutes
 * ```
 */
export function workStart(
  due: number,
  items: ReadonlyArray<{ type: string }>,
  settings: PipelineSettings,
): number {
  return due - (items.some((item) => item.type === 'video') ? settings.videoLeadMs : 0);
}

/** Codes after which the same publication is tried again automatically (spec §7). */
const RETRIED_CODES = new Set<HttpErrorCode>([
  'RATE_LIMIT_APP',
  'CONTAINER_EXPIRED',
  'INTERNAL_ERROR',
]);

/** Polling gets slower as processing takes longer (reference §2: large reels take minutes). */
function pollDelay(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 1_000;
  if (elapsedMs < 60_000) return 3_000;
  if (elapsedMs < 5 * 60_000) return 10_000;
  return 30_000;
}

function retryDelay(attempt: number): number {
  const base = Math.min(30 * 60_000, 15_000 * 2 ** attempt);
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/** The run state of one target's pipeline: what was read, and the stored progress so far. */
interface Run {
  ctx: ServerContext;
  settings: PipelineSettings;
  platform: InstagramPlatform;
  post: PostsTable;
  target: PostTargetsTable;
  integration: IntegrationsTable;
  accessToken: string;
}

/** Stores progress if the target was not edited meanwhile; `false` means stop: the work is stale. */
async function persist(run: Run, changes: TargetChanges): Promise<boolean> {
  const applied = await updateTargetAtRevision(run.ctx.db, run.target.id, run.target.revision, {
    ...changes,
    updated_at: run.ctx.clock.now(),
  });
  if (applied) run.target = { ...run.target, ...changes };
  return applied;
}

async function fail(
  run: Run,
  code: Parameters<typeof failure>[0],
  message?: string,
): Promise<JobOutcome> {
  if (code === 'TOKEN_INVALID') {
    await updateIntegration(run.ctx.db, run.integration.id, {
      auth_status: 'reconnect_required',
      status: 'revoked',
      health_error: `TOKEN_INVALID: ${message ?? 'o Instagram recusou o token'}`,
      updated_at: run.ctx.clock.now(),
    });
  }
  await recordTarget(run.ctx, run.target, { status: 'failed', ...failure(code, message) });
}

/** Fails a target that never got to run, before any platform call. */
async function failEarly(
  ctx: ServerContext,
  target: PostTargetsTable,
  code: Parameters<typeof failure>[0],
  message?: string,
) {
  await recordTarget(ctx, target, { status: 'failed', ...failure(code, message) });
}

/**
 * What to do with a platform error: try again later (rate limits, expired containers,
 * platform failures, within the attempt budget), or fail the target with its code.
 */
async function handleError(run: Run, error: unknown): Promise<JobOutcome> {
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
            children_ids: '[]',
            container_id: null,
            container_created_at: null,
            container_ready_at: null,
            // An expired container was never published: a new one starts from scratch.
            publish_attempted_at: null,
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

/** The containers to create, or `null` when the post can no longer be published (recorded). */
async function plan(run: Run): Promise<ContainerPlan | null> {
  const items = mediaItemsOf(run.post);
  const media: Array<{ type: 'image' | 'video'; url: string }> = [];
  for (const [index, item] of items.entries()) {
    const record = await run.ctx.media.find(run.post.project_id, item.mediaId);
    if (!record) {
      await fail(run, 'MEDIA_INVALID', `A mídia mediaItems[${index}] não existe mais.`);
      return null;
    }
    run.ctx.media.assertUsable(record, run.post.kind, `mediaItems[${index}]`);
    media.push({ type: record.type, url: await run.ctx.media.platformUrl(record) });
  }
  return buildContainerPlan({
    kind: run.post.kind,
    caption: run.post.content,
    media,
    options: JSON.parse(run.target.options),
  });
}

/**
 * Creates whatever containers do not exist yet, storing each id before the next call.
 * `null` means stop (the target changed); otherwise whether the parent container was
 * created by this call.
 */
async function createContainers(
  run: Run,
  containerPlan: ContainerPlan,
): Promise<{ createdNow: boolean } | null> {
  const user = { accessToken: run.accessToken, igUserId: run.integration.platform_user_id };
  const children = JSON.parse(run.target.children_ids) as string[];
  while (children.length < containerPlan.children.length) {
    const { id } = await run.platform.createContainer({
      ...user,
      params: containerPlan.children[children.length]!,
    });
    children.push(id);
    if (!(await persist(run, { children_ids: JSON.stringify(children) }))) return null;
  }
  if (run.target.container_id === null) {
    const params =
      containerPlan.kind === 'carousel'
        ? withCarouselChildren(containerPlan, children)
        : containerPlan.container;
    const { id } = await run.platform.createContainer({ ...user, params });
    if (!(await persist(run, { container_id: id, container_created_at: run.ctx.clock.now() })))
      return null;
    return { createdNow: true };
  }
  return { createdNow: false };
}

/** Waits for FINISHED: `null` when ready, else what the job should do meanwhile. */
async function awaitContainer(run: Run): Promise<JobOutcome | null | 'published'> {
  const status = await run.platform.getContainerStatus({
    accessToken: run.accessToken,
    containerId: run.target.container_id!,
  });
  return onStatus(run, status);
}

async function onStatus(
  run: Run,
  status: ContainerStatus,
): Promise<JobOutcome | null | 'published'> {
  const now = run.ctx.clock.now();
  switch (status.statusCode) {
    case 'FINISHED':
      if (
        run.target.container_ready_at === null &&
        !(await persist(run, { container_ready_at: now }))
      )
        return;
      return null;
    case 'PUBLISHED':
      return 'published';
    case 'IN_PROGRESS': {
      const elapsed = now - (run.target.container_created_at ?? now);
      if (elapsed > run.settings.stuckAfterMs) return fail(run, 'CONTAINER_STUCK');
      return { retryAt: now + pollDelay(elapsed) };
    }
    default:
      return handleError(
        run,
        status.error ??
          new InstagramPlatformError('INTERNAL_ERROR', { transient: false, outcome: 'refused' }),
      );
  }
}

/** The publication happened: store the media id, then the permalink and comment (best effort). */
async function finish(
  run: Run,
  mediaId: string | null,
  containerPlan: ContainerPlan,
): Promise<JobOutcome> {
  const warnings: string[] = [];
  if (mediaId !== null && run.target.platform_post_id === null) {
    if (!(await persist(run, { platform_post_id: mediaId }))) return;
  }
  if (mediaId === null) {
    warnings.push('Publicado: o Instagram confirmou a publicação, mas não informou o id da mídia.');
  }
  let permalink = run.target.platform_post_url;
  if (mediaId !== null && permalink === null) {
    try {
      permalink = (await run.platform.getMedia({ accessToken: run.accessToken, mediaId }))
        .permalink;
    } catch (error) {
      run.ctx.logger.warn('link do post não obtido', { targetId: run.target.id, error });
    }
    if (permalink === null)
      warnings.push('Publicado, mas o link do post ainda não estava disponível.');
  }
  if (containerPlan.firstComment && mediaId !== null && run.target.comment_id === null) {
    try {
      const { id } = await run.platform.createComment({
        accessToken: run.accessToken,
        mediaId,
        message: containerPlan.firstComment,
      });
      if (!(await persist(run, { comment_id: id }))) return;
    } catch (error) {
      const reason = isReelayError(error) ? `${error.code}: ${error.message}` : 'falha inesperada';
      warnings.push(`Publicado, mas o primeiro comentário não foi publicado (${reason}).`);
    }
  }
  await recordTarget(run.ctx, run.target, {
    status: 'published',
    published_at: run.ctx.clock.now(),
    platform_post_id: mediaId,
    platform_post_url: permalink,
    warning_message: warnings.length > 0 ? warnings.join(' ') : null,
    error_code: null,
    error_message: null,
  });
}

/** `media_publish`, or, if a previous attempt may have gone through, the container's word first. */
async function publish(run: Run, containerPlan: ContainerPlan): Promise<JobOutcome> {
  const user = { accessToken: run.accessToken, igUserId: run.integration.platform_user_id };
  if (run.target.publish_attempted_at !== null) {
    // A previous attempt's outcome is unknown (crash, timeout, error): never publish twice.
    // A failure to read the status lands in the caller's unconfirmed path.
    const status = await run.platform.getContainerStatus({
      accessToken: run.accessToken,
      containerId: run.target.container_id!,
    });
    const next = await onStatus(run, status);
    if (next === 'published') return finish(run, null, containerPlan);
    if (next !== null) return next;
  }
  // FINISHED, so not published: this attempt starts now.
  if (!(await persist(run, { publish_attempted_at: run.ctx.clock.now() }))) return;
  try {
    const { id } = await run.platform.publishContainer({
      ...user,
      creationId: run.target.container_id!,
    });
    return finish(run, id, containerPlan);
  } catch (error) {
    if (error instanceof InstagramPlatformError && error.outcome === 'unknown') {
      return unconfirmed(run, error);
    }
    if (error instanceof InstagramPlatformError && error.details?.reason === 'media_not_ready') {
      // Not ready after all: back to polling, nothing was published.
      if (!(await persist(run, { container_ready_at: null, publish_attempted_at: null }))) return;
      return { retryAt: run.ctx.clock.now() + pollDelay(0) };
    }
    return handleError(run, error);
  }
}

/** After an attempt whose outcome is unknown: check again later, until the window closes. */
async function unconfirmed(run: Run, error: unknown): Promise<JobOutcome> {
  const now = run.ctx.clock.now();
  if (now - (run.target.publish_attempted_at ?? now) > run.settings.confirmWindowMs) {
    return fail(run, 'PUBLISH_UNCONFIRMED');
  }
  run.ctx.logger.warn('resultado da publicação desconhecido; a confirmar', {
    targetId: run.target.id,
    error,
  });
  return { retryAt: now + 15_000 };
}

/**
 * The `publish_target` job handler.
 *
 * @example
 * ```ts
 * const handlers = { publish_target: createPublishTargetHandler(ctx) };
 * ```
 */
export function createPublishTargetHandler(ctx: ServerContext) {
  return async function publishTarget(
    payload: { targetId: string },
    job: JobsTable,
  ): Promise<JobOutcome> {
    try {
      return await runTarget(ctx, ctx.pipeline, payload.targetId);
    } catch (error) {
      // Nothing lost: a target whose job keeps failing unexpectedly (the database, a bug)
      // ends failed with its event instead of waiting forever once the worker gives up.
      if (job.attempts < ABANDON_AFTER_FAILURES) throw error;
      ctx.logger.error('publicação abandonada após falhas repetidas', {
        targetId: payload.targetId,
        error,
      });
      const target = await findTarget(ctx.db, payload.targetId);
      if (target && ['scheduled', 'queued', 'publishing'].includes(target.status)) {
        await recordTarget(ctx, target, { status: 'failed', ...failure('INTERNAL_ERROR') });
      }
    }
  };
}

/** Unexpected failures of one target's job before it is failed for good (the worker allows 8). */
const ABANDON_AFTER_FAILURES = 6;

async function runTarget(
  ctx: ServerContext,
  settings: PipelineSettings,
  targetId: string,
): Promise<JobOutcome> {
  const target = await findTarget(ctx.db, targetId);
  if (!target || !['scheduled', 'queued', 'publishing'].includes(target.status)) return;
  const post = await findPostById(ctx.db, target.post_id);
  if (!post) return;
  const now = ctx.clock.now();
  const due = target.scheduled_for ?? target.created_at;

  if (
    target.scheduled_for !== null &&
    // Missed means nothing was done in time: once work started (containers, retries),
    // the pipeline's own limits (stuck, attempts) decide.
    target.container_id === null &&
    target.children_ids === '[]' &&
    target.attempts === 0 &&
    target.publish_attempted_at === null &&
    now > target.scheduled_for + settings.missedGraceMs
  ) {
    return failEarly(ctx, target, 'MISSED');
  }
  const startAt = workStart(due, mediaItemsOf(post), settings);
  if (now < startAt) return { retryAt: startAt };

  const integration = await findIntegration(ctx.db, post.project_id, target.integration_id);
  if (!integration || integration.access_token === null || integration.auth_status !== 'active') {
    return failEarly(
      ctx,
      target,
      'TOKEN_INVALID',
      'A conta foi desconectada ou precisa ser reconectada.',
    );
  }
  if (!ctx.platform) return failEarly(ctx, target, 'PLATFORM_CREDENTIALS_MISSING');

  const run: Run = {
    ctx,
    settings,
    platform: ctx.platform,
    post,
    target,
    integration,
    accessToken: '',
  };
  try {
    run.accessToken = readAccessToken(ctx, integration);
    const ready = await plan(run);
    if (!ready) return;
    if (run.target.platform_post_id !== null)
      return finish(run, run.target.platform_post_id, ready);
    if (run.target.publish_attempted_at === null) {
      const created = await createContainers(run, ready);
      if (!created) return;
      // An image container is usually ready at once: publish straight away and poll
      // only if the platform says it is not ready (9007/2207027). Video always polls.
      const hasVideo = mediaItemsOf(post).some((item) => item.type === 'video');
      const pollFirst = hasVideo || !created.createdNow || ctx.clock.now() < due;
      if (pollFirst && run.target.container_ready_at === null) {
        const waiting = await awaitContainer(run);
        if (waiting === 'published') return finish(run, null, ready);
        if (waiting !== null) return waiting;
      }
      // Prepared early: publish at the time asked, not before.
      if (ctx.clock.now() < due) return { retryAt: due };
      // From here the post is publishing: it can no longer be cancelled or edited.
      const started = await recordTarget(ctx, run.target, { status: 'publishing' });
      if (!started) return;
      run.target = { ...run.target, status: 'publishing' };
    }
    return await publish(run, ready);
  } catch (error) {
    // Once a publication was attempted, a failure can no longer say it did not happen.
    if (
      run.target.publish_attempted_at !== null &&
      run.target.platform_post_id === null &&
      isReelayError(error)
    ) {
      return unconfirmed(run, error);
    }
    return handleError(run, error);
  }
}
