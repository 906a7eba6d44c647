/**
 * Creating the dry run's ready rows through the API, one after the other, with the calls
 * `reelay posts bulk` makes: posts already made from a row are found by its idempotency
 * key (a hash of the row's content) before anything is sent, media addresses are imported
 * once each, and every post is created with its row's key, so importing the same file
 * again never makes a second post.
 */
import { isReelayError, type MediaItemInput, type Post, type Reelay } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import type { ImportRow } from './import-plan';

export type RowOutcome =
  | { status: 'creating' }
  | { status: 'created' | 'existing'; postId: string | null }
  | { status: 'failed'; error: string };

/** Posts already on the server for these rows' keys, looked up by the rows' time range. */
async function existingPosts(api: Reelay, rows: readonly ImportRow[]): Promise<Map<string, Post>> {
  const keys = new Set(rows.map((row) => row.idempotencyKey));
  const times = rows.map((row) => row.scheduledFor!.getTime());
  const found = new Map<string, Post>();
  const query = {
    from: new Date(Math.min(...times) - 1000),
    to: new Date(Math.max(...times) + 1000),
  };
  for await (const post of api.posts.list(query)) {
    if (post.idempotencyKey && keys.has(post.idempotencyKey)) found.set(post.idempotencyKey, post);
  }
  return found;
}

/** The row's media as post items; an address is imported once for the whole file. */
async function mediaItems(
  api: Reelay,
  row: ImportRow,
  imported: Map<string, string>,
): Promise<MediaItemInput[]> {
  const items: MediaItemInput[] = [];
  for (const medium of row.media) {
    if (medium.kind === 'id') items.push({ mediaId: medium.id });
    else if (medium.kind === 'url') {
      let mediaId = imported.get(medium.url);
      if (mediaId === undefined) {
        mediaId = (await api.media.upload({ url: medium.url })).media.id;
        imported.set(medium.url, mediaId);
      }
      items.push({ mediaId });
    }
  }
  return items;
}

/**
 * Creates the rows (all ready: no problems, every account found), telling each row's
 * progress and outcome through `onRow`.
 *
 * @example
 * ```ts
 * await createRows(api, ready, (line, outcome) => setOutcomes((all) => ({ ...all, [line]: outcome })));
 * ```
 */
export async function createRows(
  api: Reelay,
  rows: readonly ImportRow[],
  onRow: (line: number, outcome: RowOutcome) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const existing = await existingPosts(api, rows);
  const imported = new Map<string, string>();
  for (const row of rows) {
    const already = existing.get(row.idempotencyKey);
    if (already) {
      onRow(row.line, { status: 'existing', postId: already.id });
      continue;
    }
    onRow(row.line, { status: 'creating' });
    try {
      const { post } = await api.posts.create({
        mediaItems: await mediaItems(api, row, imported),
        platforms: row.accountIds.map((accountId) => ({
          platform: 'instagram' as const,
          accountId,
          ...(row.firstComment ? { options: { firstComment: row.firstComment } } : {}),
        })),
        ...(row.content !== undefined ? { content: row.content } : {}),
        ...(row.kind ? { kind: row.kind } : {}),
        scheduledFor: row.scheduledFor!,
        ...(row.timezone ? { timezone: row.timezone } : {}),
        idempotencyKey: row.idempotencyKey,
      });
      onRow(row.line, { status: 'created', postId: post.id });
    } catch (error) {
      // The same key with other media ids (an address imported again): the post exists.
      if (isReelayError(error, 'IDEMPOTENCY_KEY_REUSED')) {
        const postId = /post_[A-Za-z0-9]+/.exec(error.message)?.[0] ?? null;
        onRow(row.line, { status: 'existing', postId });
      } else onRow(row.line, { status: 'failed', error: describeError(error) });
    }
  }
}
