/**
 * The composer's draft and what it turns into: the `POST /v1/posts` body, the problems
 * core's rules find in it before it is sent, and the form control an error's
 * `details.field` names. Pure: no DOM, no texts (problems are text keys with values),
 * so it runs in tests as it runs in the browser.
 */
import {
  captionLength,
  captionTags,
  CAPTION_ANNOUNCED_HASHTAG_CAP,
  CAPTION_MAX_HASHTAGS,
  CAPTION_MAX_LENGTH,
  CAPTION_MAX_MENTIONS,
  checkImage,
  checkScheduleWindow,
  compositionIssues,
  FACEBOOK_LOGIN_ONLY_OPTIONS,
  MEDIA_LIMITS,
  resolvePostKind,
  type LoginMode,
  type PostKind,
  type TrialGraduationStrategy,
} from '@reelay/core';
import type { CreatePostBody, InstagramOptions, Media } from '@reelay/sdk';
import { zonedTime } from './time-zone';

/** Accounts a post goes to (spec §8). */
export const ACCOUNTS_MAX = 5;
/*
 * Limits of the options, as the contract's schemas declare them (core's
 * `schemas/posts`). They are not imported: that module builds its zod schemas when it
 * loads, which would bring zod into the page for a few numbers.
 */
export const COLLABORATORS_MAX = 3;
export const USER_TAGS_MAX = 20;
export const ALT_TEXT_MAX_LENGTH = 1000;
export const PRODUCT_TAGS_MAX = 5;
export const AUDIO_NAME_MAX_LENGTH = 255;

/** The options of `platforms[].options` the composer offers. */
export const COMPOSER_OPTIONS = [
  'aiGenerated',
  'shareToFeed',
  'trialParams',
  'coverUrl',
  'thumbOffset',
  'audioName',
  'collaborators',
  'userTags',
  'productTags',
  'locationId',
  'altText',
  'firstComment',
] as const satisfies ReadonlyArray<keyof InstagramOptions>;
export type OptionName = (typeof COMPOSER_OPTIONS)[number];

/**
 * The options each kind of post takes, from core's composition rules (a test checks the
 * table against them): Reels take `shareToFeed`, a cover, a trial, an audio name, tags
 * without positions and no alt text; Stories take user tags and the AI label; carousels
 * no product tags.
 */
export const OPTIONS_BY_KIND: Record<PostKind, readonly OptionName[]> = {
  feed: [
    'aiGenerated',
    'collaborators',
    'userTags',
    'productTags',
    'locationId',
    'altText',
    'firstComment',
  ],
  reel: [
    'aiGenerated',
    'shareToFeed',
    'trialParams',
    'coverUrl',
    'thumbOffset',
    'audioName',
    'collaborators',
    'userTags',
    'productTags',
    'locationId',
    'firstComment',
  ],
  story: ['aiGenerated', 'userTags'],
  carousel: ['aiGenerated', 'collaborators', 'userTags', 'locationId', 'altText', 'firstComment'],
};

/**
 * The options an account may use on a kind: those of the kind, less the ones only Facebook
 * Login allows (core's `FACEBOOK_LOGIN_ONLY_OPTIONS`: product tags) when the account was
 * connected with Instagram Login.
 *
 * @example
 * ```ts
 * optionsFor('feed', 'instagram').includes('productTags'); // false
 * optionsFor('feed', 'facebook').includes('productTags'); // true
 * ```
 */
export function optionsFor(kind: PostKind, loginMode: LoginMode): readonly OptionName[] {
  if (loginMode === 'facebook') return OPTIONS_BY_KIND[kind];
  const facebookOnly: readonly string[] = FACEBOOK_LOGIN_ONLY_OPTIONS;
  return OPTIONS_BY_KIND[kind].filter((option) => !facebookOnly.includes(option));
}

/**
 * Whether the kind takes an option the account's login does not allow: the composer says
 * why it is not offered instead of leaving it out silently.
 */
export function lockedByLogin(kind: PostKind, loginMode: LoginMode, option: OptionName): boolean {
  return OPTIONS_BY_KIND[kind].includes(option) && !optionsFor(kind, loginMode).includes(option);
}

export interface TagDraft {
  id: string;
  username: string;
  /** From the left, in percent (0 to 100), as typed. */
  x: string;
  /** From the top, in percent (0 to 100), as typed. */
  y: string;
  /** The carousel item tagged (its key); `null` for the first one. */
  itemKey: string | null;
}

export interface ProductTagDraft {
  id: string;
  /** The product's numeric id in the shop's catalog, as typed. */
  productId: string;
  /** From the left, in percent (0 to 100), as typed; feed images only. */
  x: string;
  /** From the top, in percent (0 to 100), as typed; feed images only. */
  y: string;
}

/** One account's options as the form holds them (texts as typed). */
export interface OptionsDraft {
  collaborators: string;
  userTags: TagDraft[];
  locationId: string;
  /** The feed image's alt text. */
  altText: string;
  /** A carousel's alt texts, by media item key. */
  altTexts: Record<string, string>;
  firstComment: string;
  shareToFeed: boolean;
  coverUrl: string;
  /** Milliseconds, as typed. */
  thumbOffset: string;
  /** Instagram's "AI info" label. */
  aiGenerated: boolean;
  /** How a trial Reel graduates; empty for a regular Reel. */
  trial: '' | TrialGraduationStrategy;
  audioName: string;
  productTags: ProductTagDraft[];
}

export function emptyOptions(): OptionsDraft {
  return {
    collaborators: '',
    userTags: [],
    locationId: '',
    altText: '',
    altTexts: {},
    firstComment: '',
    shareToFeed: true,
    coverUrl: '',
    thumbOffset: '',
    aiGenerated: false,
    trial: '',
    audioName: '',
    productTags: [],
  };
}

/** A media item of the draft, as far as the rules need it. */
export interface DraftItem {
  key: string;
  status: 'uploading' | 'ready' | 'failed';
  media: Pick<Media, 'id' | 'type' | 'mime' | 'size' | 'width' | 'height'> | null;
}

export interface ComposeDraft {
  items: readonly DraftItem[];
  /** The kind chosen, or `auto` to infer it from the media. */
  kindChoice: PostKind | 'auto';
  caption: string;
  /** Chosen accounts, in the order they were chosen: the order of `platforms[]`. */
  accountIds: readonly string[];
  /** How each account was connected, by id: product tags need Facebook Login. */
  loginModes: Readonly<Record<string, LoginMode>>;
  options: Readonly<Record<string, OptionsDraft>>;
  /** Now, at a date and time, or each account at the next free slot of its schedule. */
  when: 'now' | 'schedule' | 'queue';
  date: string;
  time: string;
  timeZone: string;
}

/** Why a field is refused: a text key under `compose.problems` and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Problems by form field (the keys {@link errorKey} gives). */
export type Problems = Record<string, Problem>;

/**
 * The kind a post will have: the one chosen, else the one core infers from the media
 * (1 image = feed, 1 video = reel, 2 to 10 = carousel); `null` without media.
 *
 * @example
 * ```ts
 * effectiveKind('auto', ['image', 'video']); // 'carousel'
 * ```
 */
export function effectiveKind(
  choice: PostKind | 'auto',
  types: ReadonlyArray<'image' | 'video'>,
): PostKind | null {
  if (choice !== 'auto') return choice;
  if (types.length === 0) return null;
  return types.length > 1 ? 'carousel' : types[0] === 'video' ? 'reel' : 'feed';
}

/**
 * Caption counts against the platform's limits (core's caption rules).
 *
 * @example
 * ```ts
 * captionCounts('Oi #café @ana'); // { length: 13, hashtags: 1, mentions: 1 }
 * ```
 */
export function captionCounts(caption: string) {
  const { hashtags, mentions } = captionTags(caption);
  return { length: captionLength(caption), hashtags: hashtags.length, mentions: mentions.length };
}

/**
 * Whether a caption passes the hashtag cap Instagram announced (core's
 * `CAPTION_ANNOUNCED_HASHTAG_CAP`, 5) while staying within what is accepted (30): the post
 * is accepted, with a warning, and the composer says so as the caption is typed.
 *
 * @example
 * ```ts
 * overAnnouncedHashtagCap('#a #b #c #d #e #f'); // true
 * overAnnouncedHashtagCap('#a #b'); // false
 * ```
 */
export function overAnnouncedHashtagCap(caption: string): boolean {
  const { hashtags } = captionCounts(caption);
  return hashtags > CAPTION_ANNOUNCED_HASHTAG_CAP && hashtags <= CAPTION_MAX_HASHTAGS;
}

/** Usernames typed with commas or spaces, without `@`. */
export function splitUsernames(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((name) => name.replace(/^@/, ''))
    .filter(Boolean);
}

function percent(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
}

/**
 * One account's options for the API: only those the kind and the account's login take,
 * and that the person filled.
 *
 * @example
 * ```ts
 * buildOptions('reel', { ...emptyOptions(), firstComment: 'Oi' }, [], 'instagram');
 * // { shareToFeed: true, firstComment: 'Oi' }
 * ```
 */
export function buildOptions(
  kind: PostKind,
  draft: OptionsDraft,
  items: readonly DraftItem[],
  loginMode: LoginMode,
): InstagramOptions | undefined {
  const allowed = new Set(optionsFor(kind, loginMode));
  const options: InstagramOptions = {};
  const collaborators = splitUsernames(draft.collaborators);
  if (allowed.has('collaborators') && collaborators.length > 0) {
    options.collaborators = collaborators;
  }
  if (allowed.has('userTags') && draft.userTags.length > 0) {
    options.userTags = draft.userTags.map((tag) => {
      const username = tag.username.trim().replace(/^@/, '');
      // A Reel tag is a username: Instagram has no position for it, and core refuses one.
      if (kind === 'reel') return { username };
      const x = percent(tag.x);
      const y = percent(tag.y);
      const index = tag.itemKey ? items.findIndex((item) => item.key === tag.itemKey) : 0;
      return {
        username,
        ...(x === null ? {} : { x: x / 100 }),
        ...(y === null ? {} : { y: y / 100 }),
        ...(kind === 'carousel' && index > 0 ? { mediaIndex: index } : {}),
      };
    });
  }
  if (allowed.has('productTags') && draft.productTags.length > 0) {
    options.productTags = draft.productTags.map((tag) => {
      const productId = tag.productId.trim();
      // Placed on a feed image; a Reel's products take no position.
      const x = kind === 'feed' ? percent(tag.x) : null;
      const y = kind === 'feed' ? percent(tag.y) : null;
      return {
        productId,
        ...(x === null ? {} : { x: x / 100 }),
        ...(y === null ? {} : { y: y / 100 }),
      };
    });
  }
  if (allowed.has('locationId') && draft.locationId.trim()) {
    options.locationId = draft.locationId.trim();
  }
  if (allowed.has('altText')) {
    if (kind === 'feed' && draft.altText.trim()) options.altText = draft.altText.trim();
    if (kind === 'carousel') {
      const texts = items.map((item) =>
        item.media?.type === 'image' ? draft.altTexts[item.key]?.trim() || null : null,
      );
      // Aligned with the media, null for videos and for images left without a text.
      if (texts.some((text) => text !== null)) options.altText = texts;
    }
  }
  if (allowed.has('firstComment') && draft.firstComment.trim()) {
    options.firstComment = draft.firstComment.trim();
  }
  if (allowed.has('shareToFeed')) options.shareToFeed = draft.shareToFeed;
  if (allowed.has('coverUrl') && draft.coverUrl.trim()) options.coverUrl = draft.coverUrl.trim();
  if (allowed.has('thumbOffset') && draft.thumbOffset.trim() !== '') {
    options.thumbOffset = Number(draft.thumbOffset);
  }
  if (allowed.has('trialParams') && draft.trial) {
    options.trialParams = { graduationStrategy: draft.trial };
  }
  if (allowed.has('audioName') && draft.audioName.trim()) {
    options.audioName = draft.audioName.trim();
  }
  // `false` is what Instagram assumes: nothing to send.
  if (allowed.has('aiGenerated') && draft.aiGenerated) options.aiGenerated = true;
  return Object.keys(options).length > 0 ? options : undefined;
}

/**
 * The `POST /v1/posts` body of a draft. `scheduledFor` carries the zone's offset and
 * `timezone` names the zone; a draft for the queue sends `queue: true` instead, and the
 * server gives each account its next free slot. The same `idempotencyKey` goes with
 * every attempt.
 *
 * @example
 * ```ts
 * buildPostBody(draft, 'feed', 'compose-3f9a…');
 * ```
 */
export function buildPostBody(
  draft: ComposeDraft,
  kind: PostKind,
  idempotencyKey: string,
): CreatePostBody {
  const items = draft.items.filter((item) => item.media);
  const scheduled =
    draft.when === 'schedule' ? zonedTime(draft.date, draft.time, draft.timeZone) : null;
  return {
    content: draft.caption,
    kind,
    mediaItems: items.map((item) => ({ mediaId: item.media!.id })),
    platforms: draft.accountIds.map((accountId) => {
      const options = buildOptions(
        kind,
        draft.options[accountId] ?? emptyOptions(),
        items,
        draft.loginModes[accountId] ?? 'instagram',
      );
      return { platform: 'instagram' as const, accountId, ...(options ? { options } : {}) };
    }),
    ...(scheduled ? { scheduledFor: scheduled.iso } : {}),
    ...(draft.when === 'queue' ? { queue: true } : {}),
    timezone: draft.timeZone,
    idempotencyKey,
  };
}

/** The problem behind core's `MEDIA_INVALID` for a kind and its media. */
function kindProblem(kind: PostKind | undefined, count: number, reason: unknown): Problem {
  const { itemsPerPost, itemsPerKind } = MEDIA_LIMITS;
  if (count > itemsPerPost.max) return { key: 'mediaTooMany', values: { max: itemsPerPost.max } };
  if (kind === 'carousel') {
    return { key: 'carouselCount', values: itemsPerKind.carousel };
  }
  if (reason === 'mime') return { key: kind === 'reel' ? 'reelNeedsVideo' : 'feedVideo' };
  return { key: 'oneItem', values: { kind: kind ?? 'feed' } };
}

/** A product's id in the shop's catalog: digits, as the API's schema takes it. */
const PRODUCT_ID = /^\d{1,30}$/;

function optionProblems(
  kind: PostKind,
  draft: OptionsDraft,
  loginMode: LoginMode,
  index: number,
  problems: Problems,
): void {
  const allowed = new Set(optionsFor(kind, loginMode));
  const field = (option: string) => `platforms.${index}.options.${option}`;
  if (
    allowed.has('collaborators') &&
    splitUsernames(draft.collaborators).length > COLLABORATORS_MAX
  ) {
    problems[field('collaborators')] = {
      key: 'collaboratorsTooMany',
      values: { max: COLLABORATORS_MAX },
    };
  }
  if (allowed.has('userTags')) {
    if (draft.userTags.length > USER_TAGS_MAX) {
      problems[field('userTags')] = { key: 'tagsTooMany', values: { max: USER_TAGS_MAX } };
    } else {
      // Images need each tag's position; Stories may leave it out; Reels have none.
      const placed = kind === 'feed' || kind === 'carousel';
      const bad = draft.userTags.find(
        (tag) =>
          !tag.username.trim() ||
          (placed && (percent(tag.x) === null || percent(tag.y) === null)) ||
          (kind === 'story' &&
            ((tag.x.trim() !== '' && percent(tag.x) === null) ||
              (tag.y.trim() !== '' && percent(tag.y) === null))),
      );
      if (bad) problems[field('userTags')] = { key: placed ? 'tagIncomplete' : 'tagName' };
    }
  }
  if (allowed.has('productTags')) {
    if (draft.productTags.length > PRODUCT_TAGS_MAX) {
      problems[field('productTags')] = {
        key: 'productTagsTooMany',
        values: { max: PRODUCT_TAGS_MAX },
      };
    } else {
      const placed = kind === 'feed';
      const bad = draft.productTags.find(
        (tag) =>
          !PRODUCT_ID.test(tag.productId.trim()) ||
          (placed && (percent(tag.x) === null || percent(tag.y) === null)),
      );
      if (bad) {
        problems[field('productTags')] = { key: placed ? 'productIncomplete' : 'productId' };
      }
    }
  }
  if (allowed.has('altText')) {
    const texts = kind === 'feed' ? [draft.altText] : Object.values(draft.altTexts);
    if (texts.some((text) => [...text.trim()].length > ALT_TEXT_MAX_LENGTH)) {
      problems[field('altText')] = { key: 'altTextTooLong', values: { max: ALT_TEXT_MAX_LENGTH } };
    }
  }
  if (
    allowed.has('firstComment') &&
    captionLength(draft.firstComment.trim()) > CAPTION_MAX_LENGTH
  ) {
    problems[field('firstComment')] = {
      key: 'firstCommentTooLong',
      values: { max: CAPTION_MAX_LENGTH },
    };
  }
  if (allowed.has('thumbOffset') && draft.thumbOffset.trim() !== '') {
    const value = Number(draft.thumbOffset);
    if (!Number.isInteger(value) || value < 0)
      problems[field('thumbOffset')] = { key: 'thumbOffset' };
  }
  if (allowed.has('audioName') && captionLength(draft.audioName.trim()) > AUDIO_NAME_MAX_LENGTH) {
    problems[field('audioName')] = {
      key: 'audioNameTooLong',
      values: { max: AUDIO_NAME_MAX_LENGTH },
    };
  }
}

/**
 * What core's rules refuse in a draft, by field, before anything is sent: the media
 * (count, kind, each image against the kind's limits), the caption, the accounts, each
 * account's options, and the schedule (from 1 minute to 75 days ahead).
 *
 * @example
 * ```ts
 * checkDraft({ ...draft, caption: '#a '.repeat(31) }, new Date());
 * // { content: { key: 'captionHashtags', values: { count: 31, max: 30 } }, … }
 * ```
 */
export function checkDraft(draft: ComposeDraft, now: Date): Problems {
  const problems: Problems = {};
  const items = draft.items;
  const ready = items.filter((item) => item.status === 'ready' && item.media);
  let kind: PostKind | null = null;
  if (items.length === 0) problems.mediaItems = { key: 'mediaMissing' };
  else if (items.some((item) => item.status === 'uploading')) {
    problems.mediaItems = { key: 'mediaUploading' };
  } else if (items.some((item) => item.status === 'failed')) {
    problems.mediaItems = { key: 'mediaFailed' };
  } else {
    const types = ready.map((item) => item.media!.type);
    const asked = draft.kindChoice === 'auto' ? undefined : draft.kindChoice;
    try {
      kind = resolvePostKind(asked, types);
    } catch (error) {
      const reason = (error as { details?: { reason?: unknown } }).details?.reason;
      problems.mediaItems = kindProblem(
        asked ?? effectiveKind('auto', types)!,
        types.length,
        reason,
      );
    }
  }
  if (kind) {
    ready.forEach((item, index) => {
      const media = item.media!;
      if (media.type !== 'image' || media.width === null || media.height === null) return;
      const found = checkImage(
        {
          type: 'image',
          mime: media.mime,
          size: media.size,
          width: media.width,
          height: media.height,
        },
        kind,
      );
      if (!found) return;
      const feedLike = kind === 'feed' || kind === 'carousel';
      const width = feedLike ? MEDIA_LIMITS.image.feed.width : MEDIA_LIMITS.image.width;
      problems[`mediaItems.${index}`] = {
        key: `media_${found.reason}`,
        values: { width: media.width, height: media.height, min: width.min, max: width.max },
      };
    });
  }

  const counts = captionCounts(draft.caption);
  if (counts.length > CAPTION_MAX_LENGTH) {
    problems.content = {
      key: 'captionLength',
      values: { count: counts.length, max: CAPTION_MAX_LENGTH },
    };
  } else if (counts.hashtags > CAPTION_MAX_HASHTAGS) {
    problems.content = {
      key: 'captionHashtags',
      values: { count: counts.hashtags, max: CAPTION_MAX_HASHTAGS },
    };
  } else if (counts.mentions > CAPTION_MAX_MENTIONS) {
    problems.content = {
      key: 'captionMentions',
      values: { count: counts.mentions, max: CAPTION_MAX_MENTIONS },
    };
  }

  if (draft.accountIds.length === 0) problems.platforms = { key: 'accountsMissing' };
  else if (draft.accountIds.length > ACCOUNTS_MAX) {
    problems.platforms = { key: 'accountsTooMany', values: { max: ACCOUNTS_MAX } };
  }

  if (kind) {
    draft.accountIds.forEach((accountId, index) =>
      optionProblems(
        kind,
        draft.options[accountId] ?? emptyOptions(),
        draft.loginModes[accountId] ?? 'instagram',
        index,
        problems,
      ),
    );
    // The rest of core's composition rules (a Story has no caption; options the kind
    // refuses), on the body as it would be sent.
    const body = buildPostBody(draft, kind, 'check');
    for (const issue of compositionIssues(kind, {
      content: draft.caption,
      mediaTypes: ready.map((item) => item.media!.type),
      platforms: body.platforms,
    })) {
      const key = errorKey(issue.field) ?? 'form';
      problems[key] ??= { key: key === 'content' ? 'storyCaption' : 'optionNotForKind' };
    }
  }

  if (draft.when === 'schedule') {
    if (!draft.date || !draft.time) problems.scheduledFor = { key: 'scheduleMissing' };
    else {
      const scheduled = zonedTime(draft.date, draft.time, draft.timeZone);
      if (!scheduled) problems.scheduledFor = { key: 'scheduleSkipped' };
      else if (checkScheduleWindow(scheduled.instant, now)) {
        problems.scheduledFor = {
          key:
            scheduled.instant.getTime() <= now.getTime() + 60_000
              ? 'scheduleTooSoon'
              : 'scheduleTooLate',
        };
      }
    }
  }
  return problems;
}

/**
 * The form field an API error names (`details.field`, or a field of a core issue), as a
 * key of {@link Problems}: `platforms[0].options.collaborators[1]` →
 * `platforms.0.options.collaborators`; `null` when no control shows it.
 *
 * @example
 * ```ts
 * errorKey('mediaItems[2].mediaId'); // 'mediaItems.2'
 * errorKey('caption'); // 'content'
 * ```
 */
export function errorKey(field: string): string | null {
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head, index, section, option, item] = parts;
  switch (head) {
    case 'content':
    case 'caption':
      return 'content';
    case 'kind':
    case 'scheduledFor':
    case 'timezone':
      return head;
    case 'mediaItems':
      return index !== undefined && /^\d+$/.test(index) ? `mediaItems.${index}` : 'mediaItems';
    case 'platforms': {
      if (index === undefined || !/^\d+$/.test(index) || section !== 'options' || !option) {
        return 'platforms';
      }
      const base = `platforms.${index}.options.${option}`;
      return option === 'altText' && item !== undefined && /^\d+$/.test(item)
        ? `${base}.${item}`
        : base;
    }
    default:
      return null;
  }
}

/** The frames Instagram shows posts in. */
export type PreviewRatio = '4x5' | '1x1' | '191x1' | '9x16';

/**
 * The frame a post shows in: 9:16 for Reels and Stories; for the feed and carousels the
 * first item's shape, taken to the nearest of Instagram's three (portrait 4:5, square,
 * landscape 1.91:1), anything narrower or wider clamped to the ends.
 *
 * @example
 * ```ts
 * previewRatio('feed', 1080, 1350); // '4x5'
 * previewRatio('feed', 1080, 1920); // '4x5' (clamped)
 * previewRatio('reel', 1920, 1080); // '9x16'
 * ```
 */
export function previewRatio(
  kind: PostKind | null,
  width: number | null | undefined,
  height: number | null | undefined,
): PreviewRatio {
  if (kind === 'reel' || kind === 'story') return '9x16';
  if (!width || !height) return '1x1';
  const aspect = width / height;
  // Halfway between neighbours on a log scale: √(0.8 × 1) and √(1 × 1.91).
  if (aspect < Math.sqrt(0.8)) return '4x5';
  if (aspect > Math.sqrt(1.91)) return '191x1';
  return '1x1';
}
