/**
 * The post routes (spec §4 "Posts"), and the team's notes and activity on posts.
 */
import { ReelayError } from '@reelay/core';
import { presentPost } from '../../publishing/post-view';
import type { PostsService, PostWithTargets } from '../../services/posts';
import { actorOf, projectOf, type RouteHandlers } from '../route-handler';
import { presentActivity, presentNote } from '../presenters';

export function postHandlers(posts: PostsService, publicUrl: string): RouteHandlers {
  const show = ({ post, targets }: PostWithTargets) => presentPost(post, targets, publicUrl);

  return {
    createPost: async ({ body }, context) => {
      const accepted = await posts.accept(projectOf(context), body!, actorOf(context));
      return { status: accepted.status, body: { success: true, post: show(accepted) } };
    },

    listPosts: async ({ query }, context) => {
      const { total, posts: found } = await posts.list(
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
      return { status: 200, body: { success: true, total, posts: found.map(show) } };
    },

    getPost: async ({ params }, context) => {
      const found = await posts.find(projectOf(context), params.id);
      if (!found)
        throw new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });
      return { status: 200, body: { success: true, post: show(found) } };
    },

    updatePost: async ({ params, body }, context) => {
      const edited = await posts.edit(projectOf(context), params.id, body!, actorOf(context));
      return { status: 200, body: { success: true, post: show(edited) } };
    },

    deletePost: async ({ params }, context) => {
      const cancelled = await posts.cancel(projectOf(context), params.id, actorOf(context));
      return { status: 200, body: { success: true, post: show(cancelled) } };
    },

    retryPost: async ({ params, body }, context) => {
      const retried = await posts.retry(
        projectOf(context),
        params.id,
        body ?? {},
        actorOf(context),
      );
      return { status: 202, body: { success: true, post: show(retried) } };
    },

    submitPost: async ({ params }, context) => {
      const submitted = await posts.submit(projectOf(context), params.id, actorOf(context));
      return { status: 200, body: { success: true, post: show(submitted) } };
    },

    approvePost: async ({ params, body }, context) => {
      const approved = await posts.approve(
        projectOf(context),
        params.id,
        body ?? {},
        actorOf(context),
      );
      return { status: 200, body: { success: true, post: show(approved) } };
    },

    rejectPost: async ({ params, body }, context) => {
      const rejected = await posts.reject(
        projectOf(context),
        params.id,
        body!.reason,
        actorOf(context),
      );
      return { status: 200, body: { success: true, post: show(rejected) } };
    },

    listPostNotes: async ({ params }, context) => {
      const notes = await posts.notes(projectOf(context), params.id);
      return { status: 200, body: { success: true, notes: notes.map(presentNote) } };
    },

    createPostNote: async ({ params, body }, context) => {
      const note = await posts.addNote(projectOf(context), params.id, body!.text, actorOf(context));
      return { status: 201, body: { success: true, note: presentNote(note) } };
    },

    listPostActivity: async ({ params }, context) => {
      const entries = await posts.postActivity(projectOf(context), params.id);
      return { status: 200, body: { success: true, activity: entries.map(presentActivity) } };
    },

    listActivity: async ({ query }, context) => {
      const { total, entries } = await posts.activity(
        projectOf(context),
        { postId: query.postId, actorId: query.actor },
        { limit: query.limit, offset: query.offset },
      );
      return {
        status: 200,
        body: { success: true, total, activity: entries.map(presentActivity) },
      };
    },
  };
}
