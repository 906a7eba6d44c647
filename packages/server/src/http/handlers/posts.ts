/**
 * The post routes (spec §4 "Posts").
 */
import { ReelayError } from '@reelay/core';
import { acceptPost } from '../../publishing/accept-post';
import { cancelPost, editPost, retryPost } from '../../publishing/post-commands';
import { presentPost } from '../../publishing/post-view';
import type { ServerContext } from '../../server-context';
import { findTargetsOfPost, findTargetsOfPosts } from '../../store/post-targets';
import { findPost, listPosts } from '../../store/posts';
import { projectOf, type RouteHandlers } from '../route-handler';

export function postHandlers(ctx: ServerContext): RouteHandlers {
  const show = (
    post: Parameters<typeof presentPost>[0],
    targets: Parameters<typeof presentPost>[1],
  ) => presentPost(post, targets, ctx.config.publicUrl);

  return {
    createPost: async ({ body }, context) => {
      const accepted = await acceptPost(ctx, projectOf(context), body!);
      return {
        status: accepted.status,
        body: { success: true, post: show(accepted.post, accepted.targets) },
      };
    },

    listPosts: async ({ query }, context) => {
      const { total, rows } = await listPosts(
        ctx.db,
        projectOf(context),
        {
          status: query.status,
          kind: query.kind,
          accountId: query.accountId,
          profileId: query.profileId,
          from: query.from?.getTime(),
          to: query.to?.getTime(),
        },
        { limit: query.limit, offset: query.offset, sort: query.sort },
      );
      const targets = await findTargetsOfPosts(
        ctx.db,
        rows.map((row) => row.id),
      );
      return {
        status: 200,
        body: {
          success: true,
          total,
          posts: rows.map((row) => show(row, targets.get(row.id) ?? [])),
        },
      };
    },

    getPost: async ({ params }, context) => {
      const post = await findPost(ctx.db, projectOf(context), params.id);
      if (!post)
        throw new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });
      return {
        status: 200,
        body: { success: true, post: show(post, await findTargetsOfPost(ctx.db, post.id)) },
      };
    },

    updatePost: async ({ params, body }, context) => {
      const { post, targets } = await editPost(ctx, projectOf(context), params.id, body!);
      return { status: 200, body: { success: true, post: show(post, targets) } };
    },

    deletePost: async ({ params }, context) => {
      const { post, targets } = await cancelPost(ctx, projectOf(context), params.id);
      return { status: 200, body: { success: true, post: show(post, targets) } };
    },

    retryPost: async ({ params, body }, context) => {
      const { post, targets } = await retryPost(ctx, projectOf(context), params.id, body ?? {});
      return { status: 202, body: { success: true, post: show(post, targets) } };
    },
  };
}
