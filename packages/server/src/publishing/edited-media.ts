/**
 * The media of an edited post (spec §4 PATCH /v1/posts/{id}): the stored items when the
 * edit leaves them, or the new ones, imported from their URLs or looked up by id.
 */
import { validationError, type updatePostBodySchema } from '@reelay/core';
import type * as z from 'zod';
import type { PostRecord, StoredMediaItem } from '../store/post-records';
import type { MediaPort, PublishableMedia } from './media-port';

/**
 * The edited media items with their records to check. Each media imported from a URL is
 * added to `imported` as soon as it exists, so a refused edit can discard it.
 *
 * @example
 * ```ts
 * const { items, records } = await editedMedia(ctx.media, projectId, post, body, imported);
 * ```
 */
export async function editedMedia(
  media: MediaPort,
  projectId: string,
  post: PostRecord,
  body: z.output<typeof updatePostBodySchema>,
  imported: PublishableMedia[],
) {
  if (!body.mediaItems) {
    const records: Array<PublishableMedia | null> = [];
    for (const item of post.mediaItems) records.push(await media.find(projectId, item.mediaId));
    return { items: post.mediaItems, records };
  }
  const items: StoredMediaItem[] = [];
  const records: PublishableMedia[] = [];
  for (const [index, item] of body.mediaItems.entries()) {
    let record: PublishableMedia | null;
    if (item.mediaId !== undefined) record = await media.find(projectId, item.mediaId);
    else imported.push((record = await media.importFromUrl(projectId, item.url!)));
    if (!record)
      throw validationError([
        { field: `mediaItems[${index}].mediaId`, message: 'mídia não encontrada neste projeto' },
      ]);
    items.push({ type: record.type, mediaId: record.id, url: item.url ?? record.url });
    records.push(record);
  }
  return { items, records };
}
