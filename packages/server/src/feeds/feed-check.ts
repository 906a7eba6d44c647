/**
 * One check of a feed (docs/feeds.md): a conditional request through the media fetcher's
 * SSRF guard (a 304 creates nothing), the document parsed, and each item not seen yet
 * turned into a draft or a queued post through the same acceptance as `POST /v1/posts`,
 * its image imported like any media URL.
 *
 * Never twice for one item: each is recorded in `feed_items` under its key (primary key
 * `(feed_id, item_key)`), and its post carries the idempotency key
 * `feed:<feed>:<hash of the item key>`, so two checks racing on one item, or a check
 * that crashed between the post and the record, end with one post.
 */
import { createHash } from 'node:crypto';
import {
  ACCOUNTS_PER_POST_MAX,
  FEED_FAILURES_BEFORE_PAUSE,
  FEED_ITEMS_PER_CHECK,
  isReelayError,
  ReelayError,
  type CreatePostBody,
  type FeedCheckOutcome,
} from '@reelay/core';
import type { MediaService } from '../media/media-service';
import { acceptChecked, fingerprint } from '../publishing/accept-post';
import { acceptDraft } from '../publishing/drafts';
import type { PublishingDeps } from '../publishing/publishing-deps';
import { creatorNow } from '../publishing/series';
import {
  findFeedById,
  recordFeedItem,
  seenItemKeys,
  updateFeed,
  type FeedError,
  type FeedRecord,
} from '../store/feeds';
import { listIntegrations } from '../store/integrations';
import { findPostByIdempotencyKey } from '../store/posts';
import { renderCaption } from './feed-caption';
import { readFeedDocument, type FeedDocument, type FeedItem } from './feed-document';
import { linkedPageImage } from './feed-image';

/** Publishing, plus reading text documents through the media fetcher. */
export type FeedDeps = PublishingDeps & {
  readonly media: PublishingDeps['media'] & Pick<MediaService, 'fetchText'>;
};

/** What one check came to, as `POST /v1/feeds/{id}/check` answers it. */
export interface FeedCheck {
  outcome: FeedCheckOutcome;
  itemsSeen: number;
  newItems: number;
  postIds: string[];
  skipped: Array<{ item: string; code: string; message: string }>;
  error: FeedError | null;
}

/** The `Accept` of a feed request: the three formats, then anything. */
const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5';
/** A feed is read up to this much. */
const FEED_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Fetches and parses a feed, sending the stored validators; throws the media fetch's
 * errors (`MEDIA_UNREACHABLE`, `MEDIA_FETCH_FAILED`) or `FEED_INVALID`.
 *
 * @example
 * ```ts
 * const read = await readFeed(ctx.media, 'https://blog.example.com/feed.xml');
 * if (!read.notModified) read.document.items;
 * ```
 */
export async function readFeed(
  media: Pick<MediaService, 'fetchText'>,
  url: string,
  validators: { etag: string | null; lastModified: string | null } = {
    etag: null,
    lastModified: null,
  },
): Promise<
  | { notModified: true }
  | {
      notModified: false;
      document: FeedDocument;
      etag: string | null;
      lastModified: string | null;
    }
> {
  const fetched = await media.fetchText(url, {
    accept: FEED_ACCEPT,
    maxBytes: FEED_MAX_BYTES,
    ...validators,
  });
  if (fetched.notModified) return { notModified: true };
  return {
    notModified: false,
    document: readFeedDocument(fetched.body),
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
}

/**
 * Reads a feed before it is followed (or given a new URL): answers its title, or throws
 * what a check would count as a failure.
 *
 * @example
 * ```ts
 * const title = await probeFeed(ctx.media, 'https://blog.example.com/feed.xml');
 * ```
 */
export async function probeFeed(
  media: Pick<MediaService, 'fetchText'>,
  url: string,
): Promise<string | null> {
  const read = await readFeed(media, url);
  // Nothing was sent to compare with: a 304 here is no feed.
  if (read.notModified) throw new ReelayError('FEED_INVALID', { details: { field: 'url' } });
  return read.document.title;
}

/** The accounts a feed's posts go to: its own, else its profile's (the first five). */
async function accountsOf(ctx: FeedDeps, feed: FeedRecord): Promise<string[]> {
  if (feed.profileId === null) return feed.integrationIds;
  const { rows } = await listIntegrations(
    ctx.db,
    feed.projectId,
    { profileId: feed.profileId },
    { limit: ACCOUNTS_PER_POST_MAX, offset: 0, sort: 'asc' },
  );
  return rows.map((account) => account.id);
}

/** The items to turn into posts now: keyed, once each, not seen, newest first. */
async function unseenItems(ctx: FeedDeps, feed: FeedRecord, items: readonly FeedItem[]) {
  const byKey = new Map<string, FeedItem>();
  for (const item of items)
    if (item.key !== null && !byKey.has(item.key)) byKey.set(item.key, item);
  const seen = await seenItemKeys(ctx.db, feed.id, [...byKey.keys()]);
  return [...byKey.values()]
    .filter((item) => !seen.has(item.key!))
    .map((item, order) => ({ item, order }))
    .sort((a, b) => (b.item.publishedAt ?? 0) - (a.item.publishedAt ?? 0) || a.order - b.order)
    .map(({ item }) => item);
}

/** The post's idempotency key: short and fixed-length whatever the item's key. */
const postKeyOf = (feed: FeedRecord, itemKey: string) =>
  `feed:${feed.id}:${createHash('sha256').update(itemKey).digest('hex').slice(0, 40)}`;

/** An item's image: its own, else the linked page's `og:image`, absolute. */
async function imageOf(ctx: FeedDeps, feed: FeedRecord, item: FeedItem): Promise<string | null> {
  const own = item.imageUrl ?? (item.link ? await linkedPageImage(ctx.media, item.link) : null);
  if (!own) return null;
  try {
    return new URL(own, item.link ?? feed.url).toString();
  } catch {
    return null;
  }
}

type ItemOutcome =
  { kind: 'created'; postId: string } | { kind: 'skipped'; error: FeedError } | { kind: 'later' };

/** Creates the post of one item, as the feed's creator would. */
async function postOf(
  ctx: FeedDeps,
  feed: FeedRecord,
  item: FeedItem,
  accountIds: readonly string[],
): Promise<ItemOutcome> {
  const idempotencyKey = postKeyOf(feed, item.key!);
  const earlier = await findPostByIdempotencyKey(ctx.db, feed.projectId, idempotencyKey);
  // Created by a check that stopped before recording the item.
  if (earlier) return { kind: 'created', postId: earlier.id };
  if (feed.mode === 'queue' && accountIds.length === 0) {
    return {
      kind: 'skipped',
      error: { code: 'VALIDATION_ERROR', message: 'O perfil do feed não tem contas.' },
    };
  }
  const image = await imageOf(ctx, feed, item);
  const body = {
    content: renderCaption(feed.captionTemplate, item),
    mediaItems: image ? [{ url: image }] : [],
    platforms: accountIds.map((accountId) => ({ platform: 'instagram' as const, accountId })),
    idempotencyKey,
    ...(feed.mode === 'queue' ? { queue: true } : { draft: true }),
  } as CreatePostBody;
  const actor = await creatorNow(ctx.db, feed);
  const accept = (asked: CreatePostBody) =>
    feed.mode === 'queue'
      ? acceptChecked(ctx, {
          projectId: feed.projectId,
          body: asked,
          hash: fingerprint(asked),
          actor,
        })
      : acceptDraft(ctx, feed.projectId, asked, fingerprint(asked), actor);
  try {
    try {
      return { kind: 'created', postId: (await accept(body)).post.id };
    } catch (error) {
      // A draft keeps what it has: an image the media checks refuse leaves it without one
      // (its problems then ask for media).
      if (
        feed.mode !== 'draft' ||
        !image ||
        !isReelayError(error) ||
        !error.code.startsWith('MEDIA_')
      ) {
        throw error;
      }
      return { kind: 'created', postId: (await accept({ ...body, mediaItems: [] })).post.id };
    }
  } catch (error) {
    // A concurrent check created it under the same key: that post is the item's.
    const raced = await findPostByIdempotencyKey(ctx.db, feed.projectId, idempotencyKey);
    if (raced) return { kind: 'created', postId: raced.id };
    if (!isReelayError(error)) throw error;
    // A passing refusal (the platform slow): the item is tried again at the next check.
    if (error.retry === 'safe') return { kind: 'later' };
    return { kind: 'skipped', error: { code: error.code, message: error.message } };
  }
}

/** Records a failed check; the tenth in a row pauses the feed with the reason. */
async function recordFailure(ctx: FeedDeps, feed: FeedRecord, error: FeedError): Promise<void> {
  const now = ctx.clock.now();
  const failures = feed.consecutiveFailures + 1;
  const pause = failures >= FEED_FAILURES_BEFORE_PAUSE && feed.status === 'active';
  await updateFeed(ctx.db, feed.id, {
    consecutiveFailures: failures,
    lastError: error,
    lastCheckedAt: now,
    ...(pause
      ? {
          status: 'paused' as const,
          pausedReason: `Pausado depois de ${failures} leituras com falha seguidas. A última: ${error.message}`,
          nextCheckAt: null,
        }
      : {}),
    updatedAt: now,
  });
}

/**
 * Reads a feed once and creates the posts of its new items; never throws for the feed's
 * own faults (they are counted, and answered as `failed`).
 *
 * @example
 * ```ts
 * const { check } = await checkFeed(ctx, feed);
 * check.postIds; // ['post_…', 'post_…']
 * ```
 */
export async function checkFeed(
  ctx: FeedDeps,
  feed: FeedRecord,
): Promise<{ feed: FeedRecord; check: FeedCheck }> {
  const check: FeedCheck = {
    outcome: 'fetched',
    itemsSeen: 0,
    newItems: 0,
    postIds: [],
    skipped: [],
    error: null,
  };
  let read: Awaited<ReturnType<typeof readFeed>>;
  try {
    read = await readFeed(ctx.media, feed.url, feed);
  } catch (error) {
    if (!(error instanceof ReelayError)) throw error;
    check.outcome = 'failed';
    check.error = { code: error.code, message: error.message };
    await recordFailure(ctx, feed, check.error);
    return { feed: (await findFeedById(ctx.db, feed.id))!, check };
  }
  const now = ctx.clock.now();
  if (read.notModified) {
    check.outcome = 'not_modified';
  } else {
    check.itemsSeen = read.document.items.length;
    const fresh = await unseenItems(ctx, feed, read.document.items);
    check.newItems = fresh.length;
    const accountIds = await accountsOf(ctx, feed);
    // The newest items become posts, oldest first, so queue slots follow the feed's order.
    const taken = fresh.slice(0, FEED_ITEMS_PER_CHECK).reverse();
    for (const item of fresh.slice(FEED_ITEMS_PER_CHECK)) {
      const error = {
        code: 'TOO_MANY_ITEMS',
        message: `Só os ${FEED_ITEMS_PER_CHECK} itens novos mais recentes viram posts numa leitura.`,
      };
      if (
        await recordFeedItem(ctx.db, {
          feedId: feed.id,
          key: item.key!,
          postId: null,
          error,
          createdAt: now,
        })
      ) {
        check.skipped.push({ item: item.key!, ...error });
      }
    }
    for (const item of taken) {
      const outcome = await postOf(ctx, feed, item, accountIds);
      if (outcome.kind === 'later') continue;
      const recorded = await recordFeedItem(ctx.db, {
        feedId: feed.id,
        key: item.key!,
        postId: outcome.kind === 'created' ? outcome.postId : null,
        error: outcome.kind === 'skipped' ? outcome.error : null,
        createdAt: ctx.clock.now(),
      });
      if (!recorded) continue;
      if (outcome.kind === 'created') check.postIds.push(outcome.postId);
      else check.skipped.push({ item: item.key!, ...outcome.error });
    }
  }
  await updateFeed(ctx.db, feed.id, {
    consecutiveFailures: 0,
    lastError: null,
    lastCheckedAt: now,
    ...(read.notModified
      ? {}
      : { title: read.document.title, etag: read.etag, lastModified: read.lastModified }),
    updatedAt: ctx.clock.now(),
  });
  return { feed: (await findFeedById(ctx.db, feed.id))!, check };
}
