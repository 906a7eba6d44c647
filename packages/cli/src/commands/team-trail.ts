/**
 * `reelay posts notes|note|activity` and `reelay activity`: the team's notes on a post
 * (never published) and who did what to posts, and when.
 */
import type { ActivityEntry, Actor, Note } from '@reelay/sdk';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t, type MessageKey } from '../i18n';
import { loadSettings } from '../settings';
import { renderTable } from '../table';

/** How an actor reads: the member's e-mail, the key's name, a review link or the server. */
function actorName(actor: Actor): string {
  if (actor.kind === 'system') return t('trail.system');
  if (actor.kind === 'review_link') return t('trail.reviewLink');
  const name = actor.name ?? actor.id ?? '?';
  return actor.kind === 'key' ? t('trail.key', { name }) : name;
}

function describeAction(entry: ActivityEntry): string {
  const action = t(`trail.actions.${entry.action}` as MessageKey);
  return entry.fields?.length ? `${action} (${entry.fields.join(', ')})` : action;
}

function activityTable(entries: readonly ActivityEntry[], withPost: boolean): string {
  return renderTable(entries, [
    { header: t('trail.when'), value: (entry: ActivityEntry) => entry.createdAt },
    ...(withPost ? [{ header: 'post', value: (entry: ActivityEntry) => entry.postId }] : []),
    { header: t('trail.who'), value: (entry: ActivityEntry) => actorName(entry.actor), max: 40 },
    { header: t('trail.what'), value: (entry: ActivityEntry) => describeAction(entry), max: 60 },
  ]);
}

/**
 * `reelay posts notes <id>`: the post's notes, oldest first.
 *
 * @example
 * ```ts
 * await listNotes('post_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function listNotes(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.notes(postId);
  ctx.out.result(answer, () =>
    answer.notes.length === 0
      ? t('trail.noNotes')
      : answer.notes
          .map((note: Note) => `${note.createdAt} ${actorName(note.author)}\n  ${note.text}`)
          .join('\n'),
  );
}

/**
 * `reelay posts note <id> <text>`: leaves a note for the team on the post.
 *
 * @example
 * ```ts
 * await addNote('post_01jd8k2m3n4p5q6r7s8t9v0wxy', 'Trocar a capa', ctx);
 * ```
 */
export async function addNote(postId: string, text: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.addNote(postId, { text });
  ctx.out.result(answer, () => t('trail.noted', { id: answer.note.id }));
}

/**
 * `reelay posts activity <id>`: who did what to the post, oldest first.
 *
 * @example
 * ```ts
 * await postActivity('post_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function postActivity(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.activity(postId);
  ctx.out.result(answer, () => activityTable(answer.activity, false));
}

/**
 * `reelay activity [--actor] [--post] [--limit] [--offset]`: the project's activity,
 * newest first.
 *
 * @example
 * ```ts
 * await projectActivity({ limit: 20 }, ctx);
 * ```
 */
export async function projectActivity(
  options: { actor?: string; post?: string; limit?: number; offset?: number },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.activity.list({
    ...(options.actor ? { actor: options.actor } : {}),
    ...(options.post ? { postId: options.post } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.offset !== undefined ? { offset: options.offset } : {}),
  });
  ctx.out.result(answer, () =>
    answer.activity.length === 0 ? t('trail.noActivity') : activityTable(answer.activity, true),
  );
}
