/**
 * Review links (docs/teams.md "Review links"): an admin sends one post to someone
 * without an account, who sees it as it will be published and approves or rejects it
 * while it awaits approval. The token is random, shown once and stored as a hash; a link
 * expires and can be revoked; what it decides is recorded as done by the link (actor
 * `review_link`, named by its label), through the same approval as an admin's.
 */
import { randomBytes } from 'node:crypto';
import { newId, ReelayError } from '@reelay/core';
import type { PublishingDeps } from '../publishing/publishing-deps';
import { approvePost, rejectPost } from '../publishing/review-commands';
import { hashSecret } from '../security/api-keys';
import type { Actor } from '../store/activity';
import { findIntegration } from '../store/integrations';
import type { PostRecord } from '../store/post-records';
import { findTargetsOfPost } from '../store/post-targets';
import { findPost, findPostById } from '../store/posts';
import {
  findReviewLinkByHash,
  insertReviewLink,
  listLiveReviewLinks,
  revokeReviewLink,
  type ReviewLinkRecord,
} from '../store/review-links';
import { findProjectById } from '../store/users';

export type { ReviewLinkRecord };

const REVIEW_TOKEN_PREFIX = 'rly_rvw_';
const HOUR = 3_600_000;

/** A post as its review page shows it. */
export interface Review {
  post: PostRecord;
  usernames: Array<string | null>;
  projectName: string;
  link: ReviewLinkRecord;
  /** Whether the link may still approve or reject: the post awaits approval. */
  canDecide: boolean;
}

export interface ReviewLinksService {
  /** A new link to the post, and this once its address. */
  create(
    projectId: string,
    postId: string,
    request: { expiresInHours: number; label?: string | undefined },
    actor: Actor,
  ): Promise<{ link: ReviewLinkRecord; url: string }>;
  /** The post's live links. */
  list(projectId: string, postId: string): Promise<ReviewLinkRecord[]>;
  /** Revokes a live link; `NOT_FOUND` when there is none. */
  revoke(projectId: string, id: string): Promise<void>;
  lookup(token: string): Promise<Review>;
  approve(
    token: string,
    decision: { comment?: string | undefined; publishNow?: boolean | undefined },
  ): Promise<Review>;
  reject(token: string, comment: string): Promise<Review>;
}

const postNotFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });

/**
 * @example
 * ```ts
 * const reviews = createReviewLinksService(context);
 * const { url } = await reviews.create(projectId, postId, { expiresInHours: 48 }, actor);
 * ```
 */
export function createReviewLinksService(ctx: PublishingDeps): ReviewLinksService {
  /** The live link a token names, or the error its holder is shown. */
  async function liveLink(token: string): Promise<ReviewLinkRecord> {
    const link = token.startsWith(REVIEW_TOKEN_PREFIX)
      ? await findReviewLinkByHash(ctx.db, hashSecret(token))
      : undefined;
    if (!link) {
      throw new ReelayError('NOT_FOUND', { message: 'Link de revisão não encontrado.' });
    }
    if (link.revokedAt !== null) {
      throw new ReelayError('REVIEW_LINK_INVALID', { details: { reason: 'revoked' } });
    }
    if (link.expiresAt <= ctx.clock.now()) {
      throw new ReelayError('REVIEW_LINK_INVALID', { details: { reason: 'expired' } });
    }
    return link;
  }

  async function review(link: ReviewLinkRecord): Promise<Review> {
    const post = await findPostById(ctx.db, link.postId);
    if (!post) throw postNotFound();
    const usernames: Array<string | null> = [];
    for (const target of await findTargetsOfPost(ctx.db, post.id)) {
      usernames.push(
        (await findIntegration(ctx.db, post.projectId, target.integrationId))?.username ?? null,
      );
    }
    const project = await findProjectById(ctx.db, post.projectId);
    return {
      post,
      usernames,
      projectName: project?.name ?? '',
      link,
      canDecide: post.status === 'awaiting_approval',
    };
  }

  /** The link acting: its approval is delegated by the admin who made it. */
  const actorOf = (link: ReviewLinkRecord): Actor => ({ kind: 'review_link', id: link.id });

  return {
    async create(projectId, postId, request, actor) {
      const post = await findPost(ctx.db, projectId, postId);
      if (!post) throw postNotFound();
      const now = ctx.clock.now();
      const token = `${REVIEW_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const link: ReviewLinkRecord = {
        id: newId('reviewLink', now),
        projectId,
        postId,
        tokenHash: hashSecret(token),
        label: request.label ?? null,
        createdBy: { kind: actor.kind, id: actor.id },
        createdAt: now,
        expiresAt: now + request.expiresInHours * HOUR,
        revokedAt: null,
      };
      await insertReviewLink(ctx.db, link);
      return { link, url: `${ctx.config.publicUrl}/review/${token}` };
    },

    async list(projectId, postId) {
      if (!(await findPost(ctx.db, projectId, postId))) throw postNotFound();
      return listLiveReviewLinks(ctx.db, postId, ctx.clock.now());
    },

    async revoke(projectId, id) {
      if (!(await revokeReviewLink(ctx.db, projectId, id, ctx.clock.now()))) {
        throw new ReelayError('NOT_FOUND', { message: 'Link de revisão não encontrado.' });
      }
    },

    lookup: async (token) => review(await liveLink(token)),

    async approve(token, decision) {
      const link = await liveLink(token);
      const post = await findPostById(ctx.db, link.postId);
      if (!post) throw postNotFound();
      await approvePost(
        ctx,
        post,
        {
          ...(decision.comment ? { note: decision.comment } : {}),
          ...(decision.publishNow ? { scheduledFor: 'now' as const } : {}),
        },
        actorOf(link),
      );
      return review(link);
    },

    async reject(token, comment) {
      const link = await liveLink(token);
      const post = await findPostById(ctx.db, link.postId);
      if (!post) throw postNotFound();
      await rejectPost(ctx, post, comment, actorOf(link));
      return review(link);
    },
  };
}
