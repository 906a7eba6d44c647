/**
 * The platform side of each pipeline step. Every platform id is stored before the next
 * call, so a crash at any point resumes at the right step; a handler answers `undefined`
 * to go on with the next step, or the job's outcome to end this run.
 */
import { isReelayError, pollDelay } from '@reelay/core';
import {
  explainCaptionRefusal,
  InstagramPlatformError,
  isTransientPlatformError,
  transientOnRead,
  withCarouselChildren,
  type ContainerPlan,
} from '@reelay/core/platform';
import type { JobOutcome } from '../queue';
import { recordContainerCreations } from '../store/container-creations';
import { carouselItemFailure } from './carousel-failure';
import { recordTarget, startPublishing } from './post-outcome';
import { handleError, persist, type Run } from './pipeline-run';
import { remakeLostContainer } from './prepared-containers';
import { acceptanceWarning } from './target-options';
import { completeUploads } from './video-upload';

/** A step's answer: go on (`'next'`), or end the run with this outcome. */
export type StepResult = 'next' | { end: JobOutcome };

const stop: StepResult = { end: undefined };

function account(run: Run) {
  return { accessToken: run.accessToken, igUserId: run.integration.platformUserId };
}

/**
 * Counted before the call (a creation whose answer is lost still used the platform's
 * limit), unless this run reserved its containers ahead of time.
 */
async function countCreation(run: Run): Promise<void> {
  if (run.observed.preparation === 'allowed') return;
  await recordContainerCreations(run.ctx.db, run.integration.id, 1, run.ctx.clock.now());
}

export async function createChild(
  run: Run,
  plan: ContainerPlan,
  index: number,
): Promise<StepResult> {
  await countCreation(run);
  const { id } = await run.platform.createContainer({
    ...account(run),
    params: plan.children[index]!,
  });
  return (await persist(run, { childrenIds: [...run.target.childrenIds, id] })) ? 'next' : stop;
}

export async function createParent(run: Run, plan: ContainerPlan): Promise<StepResult> {
  const params =
    plan.kind === 'carousel' ? withCarouselChildren(plan, run.target.childrenIds) : plan.container;
  await countCreation(run);
  const { id } = await run.platform
    .createContainer({ ...account(run), params })
    .catch((error: unknown) => {
      // A caption refused for its hashtags says so, with the cap Instagram announced.
      throw explainCaptionRefusal(error, params.caption ?? '');
    });
  if (!(await persist(run, { containerId: id, containerCreatedAt: run.ctx.clock.now() })))
    return stop;
  run.observed.containerCreatedNow = true;
  return 'next';
}

/** Reads the container's status (`poll`, or `confirm` after an attempt) and notes it. */
export async function observeContainer(run: Run): Promise<StepResult> {
  // A resumable container stays in progress until its bytes are all there.
  if (!(await completeUploads(run))) return stop;
  const status = await run.platform
    .getContainerStatus({ accessToken: run.accessToken, containerId: run.target.containerId! })
    .catch((error: unknown) => {
      throw transientOnRead(error);
    });
  switch (status.statusCode) {
    case 'FINISHED':
      if (
        run.target.containerReadyAt === null &&
        !(await persist(run, { containerReadyAt: run.ctx.clock.now() }))
      )
        return stop;
      run.observed.containerStatus = 'FINISHED';
      return 'next';
    case 'PUBLISHED':
    case 'IN_PROGRESS':
      run.observed.containerStatus = status.statusCode;
      return 'next';
    default: {
      const error =
        status.error ??
        new InstagramPlatformError('INTERNAL_ERROR', { transient: false, outcome: 'refused' });
      // A failed carousel does not say which item failed: its items are read to tell.
      const failure =
        run.post.kind === 'carousel' && status.statusCode === 'ERROR'
          ? await carouselItemFailure(run, error)
          : error;
      return { end: await handleError(run, failure) };
    }
  }
}

/** `media_publish`, once the target is `publishing`: from here it can no longer be cancelled. */
export async function publish(run: Run): Promise<StepResult> {
  // This attempt starts now: after a crash, the container's status decides. Written with
  // the move to `publishing` (one write at the time asked, for a prepared container).
  // A run that lost its job's lease (a stalled process, skewed clocks) must not publish:
  // the run that took the job over reads the stored attempt and confirms it. The lease
  // is confirmed with the move to `publishing`, or after the attempt is stored.
  const attempt = { publishAttemptedAt: run.ctx.clock.now() };
  if (run.target.status !== 'publishing') {
    const changes = { status: 'publishing', ...attempt } as const;
    if (!(await startPublishing(run.ctx, run.target, changes, run.lease))) return stop;
    run.target = { ...run.target, ...changes };
  } else if (!(await persist(run, attempt)) || !(await run.lease.confirm())) return stop;
  run.observed = {};
  try {
    const { id } = await run.platform.publishContainer({
      ...account(run),
      creationId: run.target.containerId!,
    });
    return (await persist(run, { platformPostId: id })) ? 'next' : stop;
  } catch (error) {
    if (error instanceof InstagramPlatformError && error.outcome === 'unknown') {
      run.observed.outcomeUnknown = true;
      return 'next';
    }
    // A container prepared ahead of time that expired or failed since: made again now.
    const remade = await remakeLostContainer(run, error);
    if (remade !== null) return remade === 'remade' ? 'next' : stop;
    if (error instanceof InstagramPlatformError && error.details?.reason === 'media_not_ready') {
      // Not ready after all: back to polling, nothing was published.
      if (!(await persist(run, { containerReadyAt: null, publishAttemptedAt: null }))) return stop;
      return { end: { retryAt: run.ctx.clock.now() + pollDelay(0) } };
    }
    return { end: await handleError(run, error) };
  }
}

/** The publication happened: the permalink and the first comment (best effort), then the result. */
export async function finish(run: Run): Promise<JobOutcome> {
  // As the container plan has it (`buildContainerPlan`), read without building the plan.
  const firstComment = run.target.options.firstComment ?? null;
  const mediaId = run.target.platformPostId;
  const warnings: string[] = [];
  const captionWarning = acceptanceWarning(run.post.content);
  if (captionWarning) warnings.push(captionWarning);
  if (mediaId === null) {
    warnings.push('Publicado: o Instagram confirmou a publicação, mas não informou o id da mídia.');
  }
  let permalink = run.target.platformPostUrl;
  if (mediaId !== null && permalink === null) {
    const read = () => run.platform.getMedia({ accessToken: run.accessToken, mediaId });
    try {
      // A transient failure (100/33 during an incident among them) gets one more read.
      permalink = (
        await read().catch((error: unknown) => {
          if (isTransientPlatformError(transientOnRead(error))) return read();
          throw error;
        })
      ).permalink;
    } catch (error) {
      run.ctx.logger.warn('link do post não obtido', { targetId: run.target.id, error });
    }
    if (permalink === null)
      warnings.push('Publicado, mas o link do post ainda não estava disponível.');
  }
  if (firstComment && mediaId !== null && run.target.commentId === null) {
    try {
      const { id } = await run.platform.createComment({
        accessToken: run.accessToken,
        mediaId,
        message: firstComment,
      });
      if (!(await persist(run, { commentId: id }))) return;
    } catch (error) {
      const reason = isReelayError(error) ? `${error.code}: ${error.message}` : 'falha inesperada';
      warnings.push(`Publicado, mas o primeiro comentário não foi publicado (${reason}).`);
    }
  }
  // The run's job ends with the result, in its transaction: nothing is left to write.
  await recordTarget(
    run.ctx,
    run.target,
    {
      status: 'published',
      publishedAt: run.ctx.clock.now(),
      platformPostId: mediaId,
      platformPostUrl: permalink,
      warningMessage: warnings.length > 0 ? warnings.join(' ') : null,
      errorCode: null,
      errorMessage: null,
    },
    { endJob: run.lease.held },
  );
  return { ended: true };
}
