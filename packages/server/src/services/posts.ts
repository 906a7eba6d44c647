/**
 * The post routes' operations (spec §4 "Posts"): accept, read, edit, cancel and retry,
 * each recorded in the activity trail with who did it; and the team's notes on a post.
 * Commands keep their own transactions and locks in publishing/; reads come from the
 * store decoded.
 */
import type * as z from 'zod';
import {
  newId,
  ReelayError,
  type CreatePostBody,
  type approvePostBodySchema,
  type retryPostBodySchema,
  type updatePostBodySchema,
} from '@reelay/core';
import {
  insertNote,
  listActivity,
  listNotes,
  recordActivity,
  type Actor,
  type ActivityRecord,
  type NoteRecord,
} from '../store/activity';
import type { AcceptedPost } from '../publishing/accept-post';
import { acceptPost } from '../publishing/accept-request';
import { cancelPost, editPost, retryPost } from '../publishing/post-commands';
import { submitDraft } from '../publishing/drafts';
import { approvePost, rejectPost } from '../publishing/review-commands';
import type { PublishingDeps } from '../publishing/publishing-deps';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { findTargetsOfPost } from '../store/post-targets';
import { findPost, listPosts, targetsOfListedPosts, type PostFilters } from '../store/posts';

export type { PostRecord, TargetRecord } from '../store/post-records';
export type { Actor, ActivityRecord, NoteRecord };

/** A post with its targets, as every post route answers it. */
export interface PostWithTargets {
  post: PostRecord;
  targets: TargetRecord[];
}

export interface PostsService {
  accept(projectId: string, body: CreatePostBody, actor: Actor): Promise<AcceptedPost>;
  list(
    projectId: string,
    filters: PostFilters,
    page: { limit: number; offset: number; sort: 'asc' | 'desc' },
  ): Promise<{ total: number; posts: PostWithTargets[] }>;
  /** The post with its targets, or undefined when the project has no such post. */
  find(projectId: string, id: string): Promise<PostWithTargets | undefined>;
  edit(
    projectId: string,
    id: string,
    body: z.output<typeof updatePostBodySchema>,
    actor: Actor,
  ): Promise<PostWithTargets>;
  cancel(projectId: string, id: string, actor: Actor): Promise<PostWithTargets>;
  retry(
    projectId: string,
    id: string,
    body: z.output<typeof retryPostBodySchema>,
    actor: Actor,
  ): Promise<PostWithTargets>;
  /** Submits a draft: scheduled, publishing, or awaiting approval. */
  submit(projectId: string, id: string, actor: Actor): Promise<PostWithTargets>;
  /** Approves a post awaiting approval. */
  approve(
    projectId: string,
    id: string,
    body: z.output<typeof approvePostBodySchema>,
    actor: Actor,
  ): Promise<PostWithTargets>;
  /** Rejects a post awaiting approval: back to draft, with the reason. */
  reject(projectId: string, id: string, reason: string, actor: Actor): Promise<PostWithTargets>;
  /** The post's notes, oldest first. */
  notes(projectId: string, id: string): Promise<NoteRecord[]>;
  /** Adds a note, recorded in the activity as `noted`, and answers it. */
  addNote(projectId: string, id: string, text: string, actor: Actor): Promise<NoteRecord>;
  /** The post's activity, oldest first. */
  postActivity(projectId: string, id: string): Promise<ActivityRecord[]>;
  /** The project's activity, newest first. */
  activity(
    projectId: string,
    filters: { postId?: string | undefined; actorId?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ total: number; entries: ActivityRecord[] }>;
}

const notFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });

/** The most entries a post's activity answers at once: far more than a post gathers. */
const POST_ACTIVITY_LIMIT = 1_000;

/**
 * @example
 * ```ts
 * const posts = createPostsService(context);
 * const found = await posts.find(projectId, postId);
 * ```
 */
export function createPostsService(ctx: PublishingDeps): PostsService {
  async function existing(projectId: string, id: string) {
    const post = await findPost(ctx.db, projectId, id);
    if (!post) throw notFound();
    return post;
  }

  return {
    accept: (projectId, body, actor) => acceptPost(ctx, projectId, body, actor),
    async list(projectId, filters, page) {
      const { total, rows } = await listPosts(ctx.db, projectId, filters, page);
      const targets = await targetsOfListedPosts(
        ctx.db,
        rows.map((row) => row.id),
      );
      return { total, posts: rows.map((post) => ({ post, targets: targets.get(post.id) ?? [] })) };
    },
    async find(projectId, id) {
      const post = await findPost(ctx.db, projectId, id);
      if (!post) return undefined;
      return { post, targets: await findTargetsOfPost(ctx.db, post.id) };
    },
    edit: (projectId, id, body, actor) => editPost(ctx, projectId, id, body, actor),
    cancel: (projectId, id, actor) => cancelPost(ctx, projectId, id, actor),
    retry: (projectId, id, body, actor) => retryPost(ctx, projectId, id, body, actor),

    async submit(projectId, id, actor) {
      const post = await existing(projectId, id);
      await submitDraft(ctx, post, await findTargetsOfPost(ctx.db, id), actor);
      return (await this.find(projectId, id))!;
    },

    async approve(projectId, id, body, actor) {
      await approvePost(ctx, await existing(projectId, id), body, actor);
      return (await this.find(projectId, id))!;
    },

    async reject(projectId, id, reason, actor) {
      await rejectPost(ctx, await existing(projectId, id), reason, actor);
      return (await this.find(projectId, id))!;
    },

    async notes(projectId, id) {
      return listNotes(ctx.db, (await existing(projectId, id)).id);
    },

    async addNote(projectId, id, text, actor) {
      await existing(projectId, id);
      const now = ctx.clock.now();
      const noteId = newId('note', now);
      await ctx.db.transaction().execute(async (trx) => {
        await insertNote(trx, { id: noteId, projectId, postId: id, text, author: actor, now });
        await recordActivity(trx, { projectId, postId: id, action: 'noted', actor, now });
      });
      return (await listNotes(ctx.db, id, noteId))[0]!;
    },

    async postActivity(projectId, id) {
      await existing(projectId, id);
      const { entries } = await listActivity(
        ctx.db,
        projectId,
        { postId: id },
        { limit: POST_ACTIVITY_LIMIT, offset: 0, order: 'asc' },
      );
      return entries;
    },

    activity: (projectId, filters, page) =>
      listActivity(ctx.db, projectId, filters, { ...page, order: 'desc' }),
  };
}
