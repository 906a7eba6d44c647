/**
 * The post routes' operations (spec §4 "Posts"): accept, read, edit, cancel and retry.
 * Commands keep their own transactions and locks in publishing/; reads come from the
 * store decoded.
 */
import type * as z from 'zod';
import type { CreatePostBody, retryPostBodySchema, updatePostBodySchema } from '@reelay/core';
import { acceptPost, type AcceptedPost } from '../publishing/accept-post';
import { cancelPost, editPost, retryPost } from '../publishing/post-commands';
import type { PublishingDeps } from '../publishing/publishing-deps';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { findTargetsOfPost } from '../store/post-targets';
import { findPost, listPosts, targetsOfListedPosts, type PostFilters } from '../store/posts';

export type { PostRecord, TargetRecord } from '../store/post-records';

/** A post with its targets, as every post route answers it. */
export interface PostWithTargets {
  post: PostRecord;
  targets: TargetRecord[];
}

export interface PostsService {
  accept(projectId: string, body: CreatePostBody): Promise<AcceptedPost>;
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
  ): Promise<PostWithTargets>;
  cancel(projectId: string, id: string): Promise<PostWithTargets>;
  retry(
    projectId: string,
    id: string,
    body: z.output<typeof retryPostBodySchema>,
  ): Promise<PostWithTargets>;
}

/**
 * @example
 * ```ts
 * const posts = createPostsService(context);
 * const found = await posts.find(projectId, postId);
 * ```
 */
export function createPostsService(ctx: PublishingDeps): PostsService {
  return {
    accept: (projectId, body) => acceptPost(ctx, projectId, body),
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
    edit: (projectId, id, body) => editPost(ctx, projectId, id, body),
    cancel: (projectId, id) => cancelPost(ctx, projectId, id),
    retry: (projectId, id, body) => retryPost(ctx, projectId, id, body),
  };
}
