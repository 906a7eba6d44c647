import type { EmulatorContext } from '../emulator-context';
import { invalidParameter } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import type { Media } from '../state/types';
import { requireScope } from './publishing-access';

/** Longest comment the platform takes. */
export const MAX_COMMENT_CHARS = 2200;

/**
 * `POST /{ig-media-id}/comments` with `message`: a comment by the media's owner, which is
 * how a "first comment" is posted. Needs `instagram_business_manage_comments`.
 */
export function postComment(
  ctx: EmulatorContext,
  caller: Caller,
  media: Media,
  params: Params,
): Reply {
  requireScope(caller, 'instagram_business_manage_comments');
  const message = params.require('message');
  if ([...message].length > MAX_COMMENT_CHARS) {
    throw invalidParameter(`The parameter message must be at most ${MAX_COMMENT_CHARS} characters`);
  }
  if (media.productType === 'STORY')
    throw invalidParameter('Comments are not supported on stories');
  const id = ctx.ids.id('comment');
  ctx.store.comments.set(id, {
    id,
    mediaId: media.id,
    accountId: caller.account.id,
    text: message,
    createdAt: ctx.now(),
  });
  return jsonReply({ id });
}
