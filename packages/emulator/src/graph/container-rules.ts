import { GraphError, invalidParameter, publishingError } from '../graph-error';
import type { Params } from '../http/params';
import type {
  ContainerDraft,
  ContainerKind,
  GraduationStrategy,
  ProductTag,
  UserTag,
} from '../state/types';

/** Caption limits (reference §3 "Caption"). */
export const MAX_CAPTION_CHARS = 2200;
export const MAX_HASHTAGS = 30;
export const MAX_MENTIONS = 20;
/** Alt text limit (reference §2, `alt_text`). */
export const MAX_ALT_TEXT_CHARS = 1000;
/** Collaborators per post (reference §2, `collaborators`). */
export const MAX_COLLABORATORS = 3;
/** Carousel size (reference §3 "Carousel"). */
export const MIN_CAROUSEL_ITEMS = 2;
export const MAX_CAROUSEL_ITEMS = 10;
/** People tagged on one media. */
export const MAX_USER_TAGS = 20;
/** Products tagged on one media (reference §2, `product_tags`). */
export const MAX_PRODUCT_TAGS = 5;
/** `trial_params.graduation_strategy` values (reference §2). */
export const GRADUATION_STRATEGIES: readonly GraduationStrategy[] = ['MANUAL', 'SS_PERFORMANCE'];

/** What a container request is checked against beyond its own parameters. */
export interface ContainerLimits {
  /** Hashtags a caption may carry (default {@link MAX_HASHTAGS}). */
  readonly maxHashtags?: number;
}

const IMAGE_KINDS: readonly ContainerKind[] = ['IMAGE', 'STORY_IMAGE', 'CAROUSEL_ITEM_IMAGE'];
const VIDEO_KINDS: readonly ContainerKind[] = ['REELS', 'STORY_VIDEO', 'CAROUSEL_ITEM_VIDEO'];

/** True for containers whose media is a video. */
export function isVideoKind(kind: ContainerKind): boolean {
  return VIDEO_KINDS.includes(kind);
}

/** True for containers whose media is an image. */
export function isImageKind(kind: ContainerKind): boolean {
  return IMAGE_KINDS.includes(kind);
}

/**
 * Reads and checks the parameters of `POST /{ig-user-id}/media` against the rules of
 * reference §2 and §3, answering the platform's errors: unknown or retired media types
 * (100/2207023), captions too long or with too many hashtags (36004/2207010) or @tags
 * (100/2207040), carousels outside 2-10 items (100/2207028), a negative `thumb_offset`
 * (1/2207057), and `(#100)` for parameters a kind does not take. `limits.maxHashtags`
 * lowers the hashtag cap (Instagram announced 5 in December 2025, reference §9).
 *
 * @example
 * ```ts
 * parseContainerRequest(new Params({ media_type: 'REELS', video_url: 'https://…/a.mp4' })).kind; // 'REELS'
 * ```
 */
export function parseContainerRequest(
  params: Params,
  limits: ContainerLimits = {},
): ContainerDraft {
  const resumable = uploadType(params) === 'resumable';
  const kind = containerKind(params, resumable);
  const allowed = (name: string, kinds: readonly ContainerKind[], why: string): boolean => {
    if (!params.has(name)) return false;
    if (!kinds.includes(kind)) throw invalidParameter(`The parameter ${name} ${why}`);
    return true;
  };
  const notItem: ContainerKind[] = ['IMAGE', 'REELS', 'STORY_IMAGE', 'STORY_VIDEO', 'CAROUSEL'];
  const isItem = kind === 'CAROUSEL_ITEM_IMAGE' || kind === 'CAROUSEL_ITEM_VIDEO';
  // The platform's own wording for parameters that belong to the carousel container.
  const notOnItems = (name: string): void => {
    if (isItem && params.has(name)) {
      throw invalidParameter(`param ${name} is not allowed for carousel child`);
    }
  };

  const caption = allowed('caption', notItem, 'is not supported on carousel items')
    ? checkCaption(params.require('caption'), limits.maxHashtags)
    : undefined;
  const altText = allowed(
    'alt_text',
    ['IMAGE', 'CAROUSEL_ITEM_IMAGE'],
    'is only supported on images in feed posts',
  )
    ? params.require('alt_text')
    : undefined;
  if (altText !== undefined && [...altText].length > MAX_ALT_TEXT_CHARS) {
    throw invalidParameter(
      `The parameter alt_text must be at most ${MAX_ALT_TEXT_CHARS} characters`,
    );
  }
  const locationId = allowed(
    'location_id',
    ['IMAGE', 'REELS', 'CAROUSEL'],
    'is not supported on carousel items or stories',
  )
    ? params.require('location_id')
    : undefined;
  if (locationId !== undefined && !/^\d+$/.test(locationId)) {
    throw new GraphError({
      message: 'INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID',
      code: 100,
      userTitle: 'Invalid location',
      userMsg: `The location_id "${locationId}" is not the ID of a Page with a location.`,
    });
  }
  const userTags = allowed(
    'user_tags',
    ['IMAGE', 'REELS', 'STORY_IMAGE', 'STORY_VIDEO', 'CAROUSEL_ITEM_IMAGE'],
    'is not supported on videos in carousels or on the carousel container',
  )
    ? checkUserTags(
        params.jsonArray('user_tags') ?? [],
        kind === 'IMAGE' || kind === 'CAROUSEL_ITEM_IMAGE',
      )
    : undefined;
  notOnItems('collaborators');
  const collaborators = allowed(
    'collaborators',
    ['IMAGE', 'REELS', 'CAROUSEL'],
    'is only supported on feed posts, reels and carousels',
  )
    ? (params.list('collaborators') ?? [])
    : undefined;
  if (collaborators !== undefined && collaborators.length > MAX_COLLABORATORS) {
    throw invalidParameter(
      `The parameter collaborators takes at most ${MAX_COLLABORATORS} usernames`,
    );
  }
  const shareToFeed = allowed('share_to_feed', ['REELS'], 'is only supported on reels')
    ? params.boolean('share_to_feed')
    : undefined;
  const coverUrl = allowed('cover_url', ['REELS'], 'is only supported on reels')
    ? params.require('cover_url')
    : undefined;
  const audioName = allowed('audio_name', ['REELS'], 'is only supported on reels')
    ? params.require('audio_name')
    : undefined;
  const thumbOffset = allowed('thumb_offset', VIDEO_KINDS, 'is only supported on videos')
    ? params.integer('thumb_offset')
    : undefined;
  if (thumbOffset !== undefined && thumbOffset < 0) throw publishingError(2207057);
  const trialGraduation = allowed('trial_params', ['REELS'], 'is only supported on reels')
    ? checkTrialParams(params.raw.trial_params)
    : undefined;
  notOnItems('is_ai_generated');
  const isAiGenerated = allowed('is_ai_generated', notItem, 'is not supported on carousel items')
    ? params.boolean('is_ai_generated')
    : undefined;
  const productTags = allowed(
    'product_tags',
    ['IMAGE', 'REELS', 'CAROUSEL_ITEM_IMAGE', 'CAROUSEL_ITEM_VIDEO'],
    'is not supported on stories or on the carousel container',
  )
    ? checkProductTags(params.jsonArray('product_tags') ?? [], isImageKind(kind))
    : undefined;
  const children = kind === 'CAROUSEL' ? checkChildren(params.list('children')) : undefined;
  if (kind !== 'CAROUSEL' && params.has('children')) {
    throw invalidParameter('The parameter children is only supported on carousel containers');
  }

  return {
    kind,
    imageUrl: isImageKind(kind) ? params.require('image_url') : undefined,
    // A resumable container gets its bytes from the upload host, not from a URL.
    videoUrl: isVideoKind(kind) && !resumable ? params.require('video_url') : undefined,
    ...(resumable ? { resumable: true } : {}),
    coverUrl,
    caption,
    locationId,
    userTags,
    collaborators,
    altText,
    shareToFeed,
    thumbOffset,
    audioName,
    children,
    trialGraduation,
    isAiGenerated,
    productTags,
  };
}

/**
 * `upload_type`: absent, or `resumable` (reference §2 "Resumable video upload"), which only
 * video containers take and which replaces `video_url`.
 */
function uploadType(params: Params): 'resumable' | undefined {
  const value = params.string('upload_type');
  if (value === undefined) return undefined;
  if (value.toLowerCase() !== 'resumable') {
    throw invalidParameter(`The parameter upload_type must be resumable, not ${value}`);
  }
  if (params.has('video_url')) {
    throw invalidParameter('The parameter video_url is not supported with upload_type=resumable');
  }
  return 'resumable';
}

function containerKind(params: Params, resumable: boolean): ContainerKind {
  const mediaType = params.string('media_type')?.toUpperCase();
  const isItem = params.boolean('is_carousel_item') ?? false;
  const hasImage = params.has('image_url');
  const hasVideo = params.has('video_url') || resumable;
  if (resumable && (hasImage || mediaType === undefined || mediaType === 'IMAGE')) {
    throw invalidParameter(
      'upload_type=resumable is only supported for REELS, STORIES and carousel VIDEO items',
    );
  }
  const onlyOne = (image: boolean, video: boolean): void => {
    if (!image && hasImage)
      throw invalidParameter('The parameter image_url is not supported for this media type');
    if (!video && hasVideo)
      throw invalidParameter('The parameter video_url is not supported for this media type');
  };
  const unknownType = (why: string) => publishingError(2207023, { userMsg: why });
  const notAnItem = (type: string) => {
    if (isItem) throw invalidParameter(`${type} containers cannot be carousel items`);
  };

  switch (mediaType) {
    // A single image omits media_type; IMAGE is accepted too, as clients send it.
    case undefined:
    case 'IMAGE':
      if (hasVideo && !hasImage) {
        throw unknownType(
          isItem
            ? 'A video carousel item needs media_type=VIDEO.'
            : 'Single feed videos are published as reels: use media_type=REELS.',
        );
      }
      onlyOne(true, false);
      if (!hasImage) throw invalidParameter('The parameter image_url is required');
      return isItem ? 'CAROUSEL_ITEM_IMAGE' : 'IMAGE';
    case 'VIDEO':
      // media_type=VIDEO outside a carousel stopped working on Nov 9, 2023 (reference §2).
      if (!isItem) {
        throw unknownType(
          'The VIDEO media type is no longer supported for feed videos. Use REELS instead.',
        );
      }
      onlyOne(false, true);
      return 'CAROUSEL_ITEM_VIDEO';
    case 'REELS':
      notAnItem('Reels');
      onlyOne(false, true);
      return 'REELS';
    case 'STORIES':
      notAnItem('Story');
      if (hasImage && hasVideo)
        throw invalidParameter('A story takes either image_url or video_url, not both');
      if (!hasImage && !hasVideo)
        throw invalidParameter('The parameter image_url or video_url is required');
      return hasVideo ? 'STORY_VIDEO' : 'STORY_IMAGE';
    case 'CAROUSEL':
      notAnItem('Carousel');
      onlyOne(false, false);
      return 'CAROUSEL';
    default:
      throw unknownType(
        `The media type ${mediaType} is unknown. Use REELS, STORIES or CAROUSEL, or omit it for an image.`,
      );
  }
}

/**
 * Checks a caption: at most 2200 characters and `maxHashtags` hashtags (30 by default)
 * (36004/2207010) and 20 @tags (100/2207040). A lower hashtag cap answers the same code
 * with a message naming the cap [UNCERTAIN: the platform's answer to the 5-hashtag cap
 * announced in December 2025 is not documented].
 *
 * @example
 * ```ts
 * checkCaption('Bom dia #coffee @cafe.aurora'); // returns the caption
 * checkCaption('#a #b #c #d #e #f', 5); // throws 36004/2207010
 * ```
 */
export function checkCaption(caption: string, maxHashtags = MAX_HASHTAGS): string {
  if ([...caption].length > MAX_CAPTION_CHARS) throw publishingError(2207010);
  const hashtags = caption.match(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu)?.length ?? 0;
  if (hashtags > MAX_HASHTAGS) throw publishingError(2207010);
  if (hashtags > maxHashtags) {
    throw publishingError(2207010, {
      userTitle: 'Too many hashtags',
      userMsg: `The caption has ${hashtags} hashtags. Posts can include up to ${maxHashtags} hashtags.`,
    });
  }
  const mentions = caption.match(/(?<![\p{L}\p{N}_.])@[A-Za-z0-9._]+/gu)?.length ?? 0;
  if (mentions > MAX_MENTIONS) throw publishingError(2207040);
  return caption;
}

function checkUserTags(tags: unknown[], needsPosition: boolean): UserTag[] {
  if (tags.length > MAX_USER_TAGS)
    throw invalidParameter(`At most ${MAX_USER_TAGS} people can be tagged`);
  return tags.map((tag) => {
    if (typeof tag !== 'object' || tag === null)
      throw invalidParameter('Each user tag must be an object');
    const { username, x, y } = tag as Record<string, unknown>;
    if (typeof username !== 'string' || username === '') {
      throw invalidParameter('Each user tag needs a username');
    }
    const position = (value: unknown, axis: string): number | undefined => {
      if (value === undefined) {
        if (needsPosition) throw invalidParameter(`User tags on images need ${axis} coordinates`);
        return undefined;
      }
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) {
        throw invalidParameter(`User tag ${axis} must be a number from 0.0 to 1.0`);
      }
      return n;
    };
    const px = position(x, 'x');
    const py = position(y, 'y');
    return {
      username,
      ...(px === undefined ? {} : { x: px }),
      ...(py === undefined ? {} : { y: py }),
    };
  });
}

function checkChildren(children: string[] | undefined): string[] {
  const list = (children ?? []).filter((id) => id !== '');
  if (list.length < MIN_CAROUSEL_ITEMS || list.length > MAX_CAROUSEL_ITEMS)
    throw publishingError(2207028);
  if (new Set(list).size !== list.length)
    throw invalidParameter('The same container appears twice in children');
  return list;
}

/** `trial_params`: a JSON object (or its text) with a known `graduation_strategy`. */
function checkTrialParams(value: unknown): GraduationStrategy {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidParameter('Param trial_params must be a JSON object');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidParameter('Param trial_params must be a JSON object');
  }
  const strategy = (parsed as Record<string, unknown>).graduation_strategy;
  if (!GRADUATION_STRATEGIES.includes(strategy as GraduationStrategy)) {
    throw invalidParameter(
      `Param trial_params[graduation_strategy] must be one of ${GRADUATION_STRATEGIES.join(', ')}`,
    );
  }
  return strategy as GraduationStrategy;
}

/** `product_tags`: at most 5 `{product_id, x, y}`; x/y (0.0–1.0) required on images only. */
function checkProductTags(tags: unknown[], needsPosition: boolean): ProductTag[] {
  if (tags.length > MAX_PRODUCT_TAGS) {
    throw invalidParameter(`At most ${MAX_PRODUCT_TAGS} products can be tagged`);
  }
  return tags.map((tag) => {
    if (typeof tag !== 'object' || tag === null) {
      throw invalidParameter('Each product tag must be an object');
    }
    const { product_id: productId, x, y } = tag as Record<string, unknown>;
    if ((typeof productId !== 'string' && typeof productId !== 'number') || productId === '') {
      throw invalidParameter('Each product tag needs a product_id');
    }
    const position = (value: unknown, axis: string): number | undefined => {
      if (value === undefined) {
        if (needsPosition)
          throw invalidParameter(`Product tags on images need ${axis} coordinates`);
        return undefined;
      }
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) {
        throw invalidParameter(`Product tag ${axis} must be a number from 0.0 to 1.0`);
      }
      return n;
    };
    const px = position(x, 'x');
    const py = position(y, 'y');
    return {
      productId: String(productId),
      ...(px === undefined ? {} : { x: px }),
      ...(py === undefined ? {} : { y: py }),
    };
  });
}
