/**
 * What a new comment or mention sends to the apps an account subscribed (reference §10.5):
 * a `comments` change to the owner of the media, the owner's own comments included (marked
 * with `from.self_ig_scoped_id`), and a mention to each account the text @mentions.
 */
import type { EmulatorContext } from '../emulator-context';
import {
  commentTarget,
  isOwnComment,
  mentionedAccountIds,
  targetProductType,
} from '../graph/comment-threads';
import type { Comment } from '../state/types';
import type { WebhookApp, WebhookChange } from './webhook-dispatcher';

/**
 * The apps an account's notifications go to: the Instagram Login app when the account
 * subscribed it (`POST /{ig-user-id}/subscribed_apps`), the Facebook Login app when a Page
 * linked to the account did (`POST /{page-id}/subscribed_apps`).
 */
export function subscribedApps(ctx: EmulatorContext, accountId: string): WebhookApp[] {
  const apps: WebhookApp[] = [];
  if (ctx.store.accountSubscriptions.has(accountId)) apps.push('instagram');
  for (const pageId of ctx.store.pageSubscriptions.keys()) {
    if (ctx.store.pages.get(pageId)?.instagramAccountId === accountId) {
      apps.push('facebook');
      break;
    }
  }
  return apps;
}

/**
 * The `value` of a `comments` change, seen by `viewer`: `from{id,username}` (the account
 * id and `self_ig_scoped_id`, its IGSID, on its own comments), `media{id,
 * media_product_type}`, `id`, `parent_id` on replies, and `text`.
 */
export function commentChangeValue(
  ctx: EmulatorContext,
  comment: Comment,
  viewer: string,
): Record<string, unknown> {
  const own = isOwnComment(comment, viewer);
  const target = commentTarget(ctx, comment.mediaId);
  return {
    from: own
      ? { id: viewer, username: comment.from.username, self_ig_scoped_id: comment.from.id }
      : { id: comment.from.id, username: comment.from.username },
    media: {
      id: comment.mediaId,
      media_product_type: target ? targetProductType(target) : 'FEED',
    },
    id: comment.id,
    ...(comment.parentId === undefined ? {} : { parent_id: comment.parentId }),
    text: comment.text,
  };
}

/**
 * A mention's change for one app: Facebook Login sends `mentions` with `media_id` and, for
 * a comment, `comment_id`; Instagram Login has no such field and sends the comment as a
 * `comments` change, unless `instagramMentionWebhook: 'mentions'` [UNCERTAIN]. A caption
 * mention then sends nothing, having no comment to report.
 */
function mentionChange(
  ctx: EmulatorContext,
  app: WebhookApp,
  accountId: string,
  mention: { mediaId: string; comment?: Comment },
): WebhookChange | undefined {
  if (app === 'facebook' || ctx.config.instagramMentionWebhook === 'mentions') {
    return {
      field: 'mentions',
      value: {
        media_id: mention.mediaId,
        ...(mention.comment ? { comment_id: mention.comment.id } : {}),
      },
    };
  }
  if (!mention.comment) return undefined;
  return { field: 'comments', value: commentChangeValue(ctx, mention.comment, accountId) };
}

/** Tells the subscribed apps of a new comment: its media's owner and those it mentions. */
export function notifyNewComment(ctx: EmulatorContext, comment: Comment): void {
  const owner = comment.mediaOwnerId;
  if (owner !== undefined) {
    for (const app of subscribedApps(ctx, owner)) {
      ctx.webhooks.enqueue(ctx, app, owner, {
        field: 'comments',
        value: commentChangeValue(ctx, comment, owner),
      });
    }
  }
  for (const accountId of mentionedAccountIds(ctx, comment.text)) {
    if (accountId === owner || accountId === comment.authorAccountId) continue;
    notifyMention(ctx, accountId, { mediaId: comment.mediaId, comment });
  }
}

/** Tells an account's subscribed apps it was @mentioned, in a caption or a comment. */
export function notifyMention(
  ctx: EmulatorContext,
  accountId: string,
  mention: { mediaId: string; comment?: Comment },
): void {
  for (const app of subscribedApps(ctx, accountId)) {
    const change = mentionChange(ctx, app, accountId, mention);
    if (change) ctx.webhooks.enqueue(ctx, app, accountId, change);
  }
}
