/**
 * The exact container requests for a post (reference §2 "POST /{ig-user-id}/media
 * parameters"), as a pure function: the publishing pipeline creates them one by one and
 * stores each platform id before the next call.
 */
import { assertPostComposition } from '../rules/post-composition';
import type { MediaType } from '../vocabulary/enums';
import type { PostKind } from '../vocabulary/enums';
import type { InstagramOptions } from '../schemas/posts';
import { PLATFORM_ID } from './platform-id';

/** One media item of the post: its type and the public URL the platform fetches. */
export interface ContainerMediaItem {
  readonly type: MediaType;
  readonly url: string;
}

export interface ContainerPlanInput {
  /** The post kind; inferred from the media when absent (1 image feed, 1 video reel, more carousel). */
  readonly kind?: PostKind;
  /** The caption (`content`); empty means none. */
  readonly caption?: string;
  readonly media: readonly ContainerMediaItem[];
  readonly options?: InstagramOptions;
  /**
   * Videos travel by resumable upload (`upload_type=resumable`, reference §2 "Resumable
   * video upload") instead of `video_url`: their bytes are sent with `uploadVideo` once
   * each container exists. Images always travel by URL.
   */
  readonly resumableVideos?: boolean;
}

/** The form fields of one `POST /{ig-user-id}/media`, every value already a string. */
export type ContainerParams = Readonly<Record<string, string>>;

export interface ContainerPlan {
  readonly kind: PostKind;
  /** Carousel items, in media order, to create before the parent; empty for other kinds. */
  readonly children: readonly ContainerParams[];
  /**
   * The container to publish. For a carousel it lacks `children`: add the child ids with
   * `withCarouselChildren` once they exist.
   */
  readonly container: ContainerParams;
  /** The comment to post on the published media (`POST /{media}/comments`), if any. */
  readonly firstComment: string | null;
}

function stripAt(username: string): string {
  return username.replace(/^@/, '');
}

type UserTag = NonNullable<InstagramOptions['userTags']>[number];

/** `user_tags` is a JSON list of `{username, x, y}` (reference §2); x/y only when given (Stories). */
function userTagsParam(tags: readonly UserTag[]): string {
  return JSON.stringify(
    tags.map((tag) => ({
      username: stripAt(tag.username),
      ...(tag.x !== undefined ? { x: tag.x } : {}),
      ...(tag.y !== undefined ? { y: tag.y } : {}),
    })),
  );
}

function tagsFor(options: InstagramOptions, index: number): UserTag[] {
  return (options.userTags ?? []).filter((tag) => (tag.mediaIndex ?? 0) === index);
}

/** Adds a field only when it has a value, so the request carries nothing it does not need. */
function put(params: Record<string, string>, name: string, value: string | undefined | null) {
  if (value !== undefined && value !== null && value !== '') params[name] = value;
}

function putShared(params: Record<string, string>, caption: string, options: InstagramOptions) {
  // A blank caption is no caption.
  if (caption.trim() !== '') params.caption = caption;
  put(params, 'location_id', options.locationId);
  if (options.collaborators?.length) {
    params.collaborators = JSON.stringify(options.collaborators.map(stripAt));
  }
}

function putUserTags(params: Record<string, string>, tags: readonly UserTag[]) {
  if (tags.length > 0) params.user_tags = userTagsParam(tags);
}

/** `is_ai_generated` goes on the container that is published, never on carousel items. */
function putAiGenerated(params: Record<string, string>, options: InstagramOptions) {
  if (options.aiGenerated === true) params.is_ai_generated = 'true';
}

/** `product_tags` is a JSON list of `{product_id, x, y}`; x/y only when given (Reels take none). */
function putProductTags(params: Record<string, string>, options: InstagramOptions) {
  if (!options.productTags?.length) return;
  params.product_tags = JSON.stringify(
    options.productTags.map((tag) => ({
      product_id: tag.productId,
      ...(tag.x !== undefined ? { x: tag.x } : {}),
      ...(tag.y !== undefined ? { y: tag.y } : {}),
    })),
  );
}

function altTextAt(options: InstagramOptions, index: number): string | undefined {
  const { altText } = options;
  if (altText === undefined) return undefined;
  if (typeof altText === 'string') return index === 0 ? altText : undefined;
  return altText[index] ?? undefined;
}

function mediaUrlParam(item: ContainerMediaItem, resumable: boolean): Record<string, string> {
  if (item.type === 'image') return { image_url: item.url };
  return resumable ? { upload_type: 'resumable' } : { video_url: item.url };
}

/**
 * Whether a container request is a resumable upload, whose video must be sent with
 * `uploadVideo` once the container exists.
 *
 * @example
 * ```ts
 * if (isResumableUpload(plan.container)) await client.uploadVideo({ accessToken, containerId, source });
 * ```
 */
export function isResumableUpload(params: ContainerParams): boolean {
  return params.upload_type === 'resumable';
}

/**
 * The container requests of a post, checked first by the same rules as the API
 * (`assertPostComposition`: throws `MEDIA_INVALID` or `VALIDATION_ERROR` naming
 * `platforms[0].options.*`), so nothing the platform would refuse for its shape is sent.
 *
 * - feed: `image_url`, `caption`, `location_id`, `user_tags`, `collaborators`, `alt_text`,
 *   `product_tags`, `is_ai_generated`;
 * - reel: `media_type=REELS`, `video_url`, `caption`, `share_to_feed`, `cover_url`,
 *   `thumb_offset`, `collaborators`, `location_id`, `user_tags` (usernames only),
 *   `trial_params`, `audio_name`, `product_tags` (no x/y), `is_ai_generated`;
 * - story: `media_type=STORIES`, `image_url` or `video_url`, `user_tags` (x/y optional),
 *   `is_ai_generated`;
 * - carousel: one child per item (`is_carousel_item=true`; `image_url` with `alt_text` and
 *   its `user_tags`, or `media_type=VIDEO` with `video_url`; never a caption, collaborators
 *   or `is_ai_generated`), then the `media_type=CAROUSEL` parent with `caption`,
 *   `location_id`, `collaborators`, `is_ai_generated`.
 *
 * @example
 * ```ts
 * const plan = buildContainerPlan({
 *   kind: 'reel',
 *   caption: 'Bom dia',
 *   media: [{ type: 'video', url: 'https://cdn.example/r.mp4' }],
 *   options: { shareToFeed: true, firstComment: 'Link na bio' },
 * });
 * plan.container;
 * // { media_type: 'REELS', video_url: 'https://cdn.example/r.mp4', caption: 'Bom dia', share_to_feed: 'true' }
 * plan.firstComment; // 'Link na bio'
 * ```
 */
export function buildContainerPlan(input: ContainerPlanInput): ContainerPlan {
  const caption = input.caption ?? '';
  const options = input.options ?? {};
  const kind = assertPostComposition({
    kind: input.kind,
    content: caption,
    mediaTypes: input.media.map((item) => item.type),
    platforms: [{ options }],
  });
  const firstComment = options.firstComment ?? null;
  const resumable = input.resumableVideos === true;
  // assertPostComposition guarantees at least one item.
  const first = input.media[0] as ContainerMediaItem;

  if (kind === 'feed') {
    const params: Record<string, string> = { ...mediaUrlParam(first, resumable) };
    putShared(params, caption, options);
    putUserTags(params, tagsFor(options, 0));
    put(params, 'alt_text', altTextAt(options, 0));
    putProductTags(params, options);
    putAiGenerated(params, options);
    return { kind, children: [], container: params, firstComment };
  }

  if (kind === 'reel') {
    const params: Record<string, string> = {
      media_type: 'REELS',
      ...mediaUrlParam(first, resumable),
    };
    putShared(params, caption, options);
    if (options.shareToFeed !== undefined) params.share_to_feed = String(options.shareToFeed);
    put(params, 'cover_url', options.coverUrl);
    if (options.thumbOffset !== undefined) params.thumb_offset = String(options.thumbOffset);
    // Composition refused coordinates on Reels: the tags carry usernames only.
    putUserTags(params, tagsFor(options, 0));
    if (options.trialParams) {
      params.trial_params = JSON.stringify({
        graduation_strategy: options.trialParams.graduationStrategy,
      });
    }
    put(params, 'audio_name', options.audioName);
    putProductTags(params, options);
    putAiGenerated(params, options);
    return { kind, children: [], container: params, firstComment };
  }

  if (kind === 'story') {
    // Stories take no caption, location or collaborators (reference §2); composition refused them.
    const params: Record<string, string> = {
      media_type: 'STORIES',
      ...mediaUrlParam(first, resumable),
    };
    putUserTags(params, tagsFor(options, 0));
    putAiGenerated(params, options);
    return { kind, children: [], container: params, firstComment };
  }

  const children = input.media.map((item, index) => {
    const child: Record<string, string> = { is_carousel_item: 'true' };
    if (item.type === 'image') {
      child.image_url = item.url;
      put(child, 'alt_text', altTextAt(options, index));
      putUserTags(child, tagsFor(options, index));
    } else {
      // VIDEO is valid only for carousel children (reference §2); videos take no tags.
      child.media_type = 'VIDEO';
      Object.assign(child, mediaUrlParam(item, resumable));
    }
    return child;
  });
  // Collaborators and the AI label belong to the carousel container only: the platform
  // refuses them on items ("param collaborators is not allowed for carousel child").
  const parent: Record<string, string> = { media_type: 'CAROUSEL' };
  putShared(parent, caption, options);
  putAiGenerated(parent, options);
  return { kind, children, container: parent, firstComment };
}

/**
 * The carousel parent's request with its `children`: the child container ids, in media
 * order, comma-separated (reference §2: up to 10). Throws `TypeError` when the ids do not
 * match the plan's children one for one, or when the plan is not a carousel.
 *
 * @example
 * ```ts
 * withCarouselChildren(plan, ['1790001', '1790002']);
 * // { media_type: 'CAROUSEL', caption: '…', children: '1790001,1790002' }
 * ```
 */
export function withCarouselChildren(
  plan: ContainerPlan,
  childIds: readonly string[],
): ContainerParams {
  if (plan.kind !== 'carousel') throw new TypeError('only a carousel has children');
  if (childIds.length !== plan.children.length) {
    throw new TypeError(
      `expected ${plan.children.length} child container ids, got ${childIds.length}`,
    );
  }
  if (childIds.some((id) => !PLATFORM_ID.test(id))) {
    throw new TypeError('a child container id is not a platform id');
  }
  return { ...plan.container, children: childIds.join(',') };
}
