/**
 * A post target as first stored: who and when, with no outcome and no pipeline progress.
 */
import type { PostTargetsTable } from '../store/schema';

/** Pipeline progress of a target that has not started (or starts over). */
export const FRESH_PIPELINE = {
  children_ids: '[]',
  container_id: null,
  container_created_at: null,
  container_ready_at: null,
  publish_attempted_at: null,
  comment_id: null,
  attempts: 0,
} as const satisfies Partial<PostTargetsTable>;

export type NewTarget = Pick<
  PostTargetsTable,
  | 'id'
  | 'post_id'
  | 'project_id'
  | 'integration_id'
  | 'profile_id'
  | 'options'
  | 'status'
  | 'scheduled_for'
> &
  Partial<PostTargetsTable>;

/**
 * The full row of a new target; anything given overrides the defaults.
 *
 * @example
 * ```ts
 * newTargetRow({ id, post_id, project_id, integration_id, profile_id: null, options: '{}', status: 'queued', scheduled_for: null }, now);
 * ```
 */
export function newTargetRow(target: NewTarget, now: number): PostTargetsTable {
  return {
    error_code: null,
    error_message: null,
    warning_message: null,
    platform_post_id: null,
    platform_post_url: null,
    published_at: null,
    revision: 0,
    ...FRESH_PIPELINE,
    created_at: now,
    updated_at: now,
    ...target,
  };
}
