/**
 * `reelay posts submit|approve|reject` and `reelay approval show|set`: a team's review of
 * posts. Submitting sends a draft on (scheduled, publishing now, or waiting for an
 * admin); admins approve or reject what editors proposed; the project's setting says
 * whether editors' posts wait for approval. The setting's routes take only a session, so
 * `approval` needs `reelay login`, like `members`.
 */
import type { Post } from '@reelay/sdk';
import { approvalSetting } from '../approval-setting';
import { usageError } from '../cli-error';
import { projectClient, projectOf, sessionClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { describePost, statusText, wallClock } from '../post-display';
import { parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { assertScheduleWindow } from './posts';

/** Where a post stands once submitted or approved: its time, now, or an admin's approval. */
function outcomeText(post: Post, verb: 'submitted' | 'approved'): string {
  if (post.status === 'awaiting_approval') return t('review.submittedAwaiting', { id: post.id });
  if (post.status === 'scheduled' && post.scheduledFor) {
    const when = wallClock(post.scheduledFor, post.timezone);
    return t(`review.${verb}Scheduled` as const, { id: post.id, when });
  }
  if (post.status === 'queued' || post.status === 'publishing') {
    return t(`review.${verb}Now` as const, { id: post.id });
  }
  return t(`review.${verb}Status` as const, { id: post.id, status: statusText(post.status) });
}

/**
 * `reelay posts submit <id>`: sends a draft on. It is checked as a new post; it is then
 * scheduled (or publishes now, without a time), or waits for an admin's approval when
 * approval is required of whoever submits it.
 *
 * @example
 * ```ts
 * await submitDraft('post_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function submitDraft(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.submit(postId);
  const text = outcomeText(answer.post, 'submitted');
  ctx.out.result(answer, () => `${text}\n\n${describePost(answer.post)}`);
}

export interface ApproveOptions {
  note?: string;
  at?: string;
  now?: boolean;
  timezone?: string;
}

/**
 * `reelay posts approve <id> [--note] [--at <when> | --now]`: an admin's approval. The
 * post is scheduled for its time, or for `--at`; `--now` publishes it at once. A post
 * whose time passed while it waited needs one of the two (`APPROVAL_TIME_PASSED`).
 *
 * @example
 * ```ts
 * await approvePost('post_01…', { note: 'Pode ir!', now: true }, ctx);
 * ```
 */
export async function approvePost(
  postId: string,
  options: ApproveOptions,
  ctx: CommandContext,
): Promise<void> {
  if (options.at && options.now) throw usageError(t('review.atOrNow'));
  const at = options.at ? parseScheduleTime(options.at, { timeZone: options.timezone }) : undefined;
  if (at) assertScheduleWindow(at, options.at!);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.approve(postId, {
    ...(options.note !== undefined ? { note: options.note } : {}),
    ...(options.now ? { scheduledFor: 'now' as const } : at ? { scheduledFor: at } : {}),
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  const text = outcomeText(answer.post, 'approved');
  ctx.out.result(answer, () => `${text}\n\n${describePost(answer.post)}`);
}

/**
 * `reelay posts reject <id> --reason <text>`: sends a post that awaits approval back to
 * draft, with the reason for whoever wrote it.
 *
 * @example
 * ```ts
 * await rejectPost('post_01…', { reason: 'Troque a foto, por favor.' }, ctx);
 * ```
 */
export async function rejectPost(
  postId: string,
  options: { reason: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.reject(postId, { reason: options.reason });
  ctx.out.result(answer, () =>
    t('review.rejected', { id: answer.post.id, reason: answer.post.rejectionReason ?? '' }),
  );
}

async function projectAndClient(ctx: CommandContext) {
  const settings = await loadSettings(ctx.global);
  const reelay = await sessionClient(settings);
  return { reelay, project: await projectOf(settings, reelay) };
}

function settingText(required: boolean, project: string): string {
  return t(required ? 'approval.required' : 'approval.notRequired', { project });
}

/**
 * `reelay approval show`: whether editors' posts wait for an admin's approval in the
 * context's project.
 *
 * @example
 * ```ts
 * await showApproval(ctx);
 * ```
 */
export async function showApproval(ctx: CommandContext): Promise<void> {
  const { reelay, project } = await projectAndClient(ctx);
  const answer = await reelay.projectSettings.get(project);
  ctx.out.result(answer, () =>
    [settingText(answer.settings.approvalRequired, project), t('approval.profilesHint')].join('\n'),
  );
}

/**
 * `reelay approval set <on|off>`: from now on, editors' posts wait for an admin's
 * approval (`on`) or are scheduled at once (`off`). Posts already scheduled stay so.
 *
 * @example
 * ```ts
 * await setApproval('on', ctx);
 * ```
 */
export async function setApproval(setting: string, ctx: CommandContext): Promise<void> {
  const approvalRequired = approvalSetting(setting, false) as boolean;
  const { reelay, project } = await projectAndClient(ctx);
  const answer = await reelay.projectSettings.update(project, { approvalRequired });
  ctx.out.result(answer, () =>
    [
      settingText(answer.settings.approvalRequired, project),
      t(answer.settings.approvalRequired ? 'approval.turnedOn' : 'approval.turnedOff'),
    ].join('\n'),
  );
}
