import type { EmulatorContext } from '../emulator-context';
import { invalidParameter, publishingError } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import { shortcodeOf } from '../ids';
import type { Caller } from '../oauth/tokens';
import type { ChildMedia, Container, Media, MediaProductType, MediaType } from '../state/types';
import { containerStatus } from './container-status';
import { requirePublishing } from './publishing-access';

/**
 * `POST /{ig-user-id}/media_publish` with `creation_id` (reference §2 "Flow" step 3).
 *
 * Refuses, in this order: an unknown container (24/2207008); a carousel item on its own
 * (a video item: 100/2207089, reference §9; an image item: 100);
 * an expired container (-2/2207020); one already published, which stays PUBLISHED and is
 * never published twice; one not FINISHED, or a carousel whose items are not all FINISHED
 * (9007/2207027); and a full rolling 24 h quota (9/2207042). Otherwise the container
 * becomes media, counted once against the quota whatever its kind.
 */
export function publishMedia(ctx: EmulatorContext, caller: Caller, params: Params): Reply {
  requirePublishing(caller);
  const creationId = params.require('creation_id');
  const container = ctx.store.containers.get(creationId);
  if (!container || container.accountId !== caller.account.id) {
    throw publishingError(2207008, {
      userMsg: `The media builder with creation id ${creationId} does not exist or has expired.`,
    });
  }
  if (container.kind === 'CAROUSEL_ITEM_VIDEO') throw publishingError(2207089);
  if (container.kind === 'CAROUSEL_ITEM_IMAGE') {
    throw invalidParameter(
      'Carousel items cannot be published on their own; publish the carousel container',
    );
  }
  const status = containerStatus(ctx, container);
  if (status.code === 'EXPIRED') throw publishingError(2207020);
  if (status.code === 'PUBLISHED') {
    throw publishingError(2207027, { userMsg: 'This media has already been published.' });
  }
  if (status.code !== 'FINISHED') throw publishingError(2207027);
  const items: Container[] = [];
  for (const childId of container.children ?? []) {
    const child = ctx.store.containers.get(childId);
    if (!child || containerStatus(ctx, child).code !== 'FINISHED') throw publishingError(2207027);
    items.push(child);
  }

  const now = ctx.now();
  if (ctx.store.publishes.count(caller.account.id, now) >= ctx.config.quotaTotal) {
    throw publishingError(2207042);
  }
  const media = toMedia(ctx, caller, container, items, now);
  ctx.store.publishes.record(caller.account.id, now);
  ctx.store.media.set(media.id, media);
  container.publishedMediaId = media.id;
  return jsonReply({ id: media.id });
}

const PRODUCT: Record<Container['kind'], [MediaType, MediaProductType]> = {
  IMAGE: ['IMAGE', 'FEED'],
  CAROUSEL: ['CAROUSEL_ALBUM', 'FEED'],
  REELS: ['VIDEO', 'REELS'],
  STORY_IMAGE: ['IMAGE', 'STORY'],
  STORY_VIDEO: ['VIDEO', 'STORY'],
  CAROUSEL_ITEM_IMAGE: ['IMAGE', 'FEED'],
  CAROUSEL_ITEM_VIDEO: ['VIDEO', 'FEED'],
};

function toMedia(
  ctx: EmulatorContext,
  caller: Caller,
  container: Container,
  items: Container[],
  now: number,
): Media {
  const id = ctx.ids.id('media');
  const [mediaType, productType] = PRODUCT[container.kind];
  const children: ChildMedia[] = items.map((item, index) => {
    const childId = ctx.ids.id('media');
    item.publishedMediaId = childId;
    ctx.store.childMedia.set(childId, { parentId: id, index });
    return {
      id: childId,
      containerId: item.id,
      mediaType: item.kind === 'CAROUSEL_ITEM_VIDEO' ? 'VIDEO' : 'IMAGE',
      mediaUrl: item.imageUrl ?? item.videoUrl ?? '',
      altText: item.altText,
      userTags: item.userTags,
    };
  });
  const shortcode = shortcodeOf(id);
  const permalink =
    productType === 'STORY'
      ? `https://www.instagram.com/stories/${caller.account.username}/${id}/`
      : productType === 'REELS'
        ? `https://www.instagram.com/reel/${shortcode}/`
        : `https://www.instagram.com/p/${shortcode}/`;
  return {
    id,
    accountId: caller.account.id,
    containerId: container.id,
    mediaType,
    productType,
    mediaUrl: container.imageUrl ?? container.videoUrl ?? children[0]?.mediaUrl ?? '',
    thumbnailUrl:
      mediaType === 'VIDEO'
        ? (container.coverUrl ??
          `https://scontent.cdninstagram.com/v/t51.2885-15/${id}_thumbnail.jpg`)
        : undefined,
    caption: container.caption,
    children,
    locationId: container.locationId,
    userTags: container.userTags,
    collaborators: container.collaborators,
    altText: container.altText,
    shareToFeed: container.kind === 'REELS' ? (container.shareToFeed ?? true) : undefined,
    audioName: container.audioName,
    trialGraduation: container.trialGraduation,
    isAiGenerated: container.isAiGenerated,
    productTags: container.productTags,
    shortcode,
    permalink,
    publishedAt: now,
  };
}
