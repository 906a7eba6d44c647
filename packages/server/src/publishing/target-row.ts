/**
 * A post target as first stored: who and when, with no outcome and no pipeline progress.
 */
import type { TargetChanges, TargetRecord } from '../store/post-records';

/**
 * Pipeline progress of a target that has not started (or starts over).
 *
 * @example
 * ```ts
 * await bumpTargets(trx, postId, targets, { ...freshPipeline(), scheduledFor }, now);
 * ```
 */
export function freshPipeline() {
  return {
    childrenIds: [] as string[],
    containerId: null,
    containerCreatedAt: null,
    containerReadyAt: null,
    videosUploadedAt: null,
    publishAttemptedAt: null,
    commentId: null,
    attempts: 0,
  } satisfies TargetChanges;
}

export type NewTarget = Pick<
  TargetRecord,
  | 'id'
  | 'postId'
  | 'projectId'
  | 'integrationId'
  | 'profileId'
  | 'options'
  | 'status'
  | 'scheduledFor'
> &
  Partial<TargetRecord>;

/**
 * The full record of a new target; anything given overrides the defaults.
 *
 * @example
 * ```ts
 * newTarget({ id, postId, projectId, integrationId, profileId: null, options: {}, status: 'queued', scheduledFor: null }, now);
 * ```
 */
export function newTarget(target: NewTarget, now: number): TargetRecord {
  return {
    errorCode: null,
    errorMessage: null,
    warningMessage: null,
    platformPostId: null,
    platformPostUrl: null,
    publishedAt: null,
    revision: 0,
    ...freshPipeline(),
    createdAt: now,
    updatedAt: now,
    ...target,
  };
}
