/**
 * Media a refused post imported from its URLs. The post was never stored, and the media
 * ids were never shown to anyone, so they are removed: rows now, files by the media
 * sweep that empties the erasure queue.
 */
import { eraseMedia } from '../store/media';
import type { PublishableMedia } from './media-port';
import type { PublishingDeps } from './publishing-deps';

/**
 * Removes the media a refused request imported; never throws (a refusal stays the answer).
 *
 * @example
 * ```ts
 * await discardImports(ctx, projectId, imported);
 * ```
 */
export async function discardImports(
  ctx: Pick<PublishingDeps, 'db' | 'clock' | 'logger'>,
  projectId: string,
  imported: readonly PublishableMedia[],
): Promise<void> {
  if (imported.length === 0) return;
  const ids = imported.map((media) => media.id);
  try {
    await ctx.db.transaction().execute((trx) => eraseMedia(trx, projectId, ids, ctx.clock.now()));
  } catch (error) {
    ctx.logger.warn('mídias importadas de um post recusado não foram removidas', { ids, error });
  }
}
