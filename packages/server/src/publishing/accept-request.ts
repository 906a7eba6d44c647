/**
 * `POST /v1/posts` as a whole: a repeated `idempotencyKey` answers its original post;
 * otherwise the request is a draft (`drafts.ts`) or a post checked and written at once
 * (`accept-post.ts`).
 */
import type { CreatePostBody } from '@reelay/core';
import type { Actor } from '../store/activity';
import { findPostByIdempotencyKey } from '../store/posts';
import { acceptChecked, fingerprint, replay, type AcceptedPost } from './accept-post';
import { acceptDraft } from './drafts';
import type { PublishingDeps } from './publishing-deps';

/**
 * Validates and stores a new post or draft, or answers the original one for a repeated
 * `idempotencyKey`.
 *
 * @example
 * ```ts
 * const { post, targets, status } = await acceptPost(ctx, projectId, body, actor);
 * ```
 */
export async function acceptPost(
  ctx: PublishingDeps,
  projectId: string,
  body: CreatePostBody,
  actor: Actor,
): Promise<AcceptedPost> {
  const hash = fingerprint(body);
  if (body.idempotencyKey !== undefined) {
    const original = await findPostByIdempotencyKey(ctx.db, projectId, body.idempotencyKey);
    if (original) return replay(ctx.db, original, hash);
  }
  if (body.draft) return acceptDraft(ctx, projectId, body, hash, actor);
  return acceptChecked(ctx, { projectId, body, hash, actor });
}
