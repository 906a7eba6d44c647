import type { EmulatorContext } from '../emulator-context';

/**
 * The Instagram account a node belongs to: the account itself, its containers and media,
 * their carousel items, and the comments on its media (or, on another's media, the
 * comments it wrote).
 */
export function ownerOf(ctx: EmulatorContext, id: string): string | undefined {
  if (ctx.store.accounts.has(id)) return id;
  const child = ctx.store.childMedia.get(id);
  const comment = ctx.store.comments.get(id);
  return (
    ctx.store.containers.get(id)?.accountId ??
    ctx.store.media.get(id)?.accountId ??
    (child && ctx.store.media.get(child.parentId)?.accountId) ??
    comment?.mediaOwnerId ??
    comment?.authorAccountId
  );
}
