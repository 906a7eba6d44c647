/**
 * The rules the API applies to a post, to check a draft before it is sent: the caption's
 * counts, the schedule window, an image or video against a kind's limits, the kind a
 * post's media resolve to, and what a kind refuses in each account's options. The same
 * code the server runs (bundled in from `@reelay/core/rules`, where each is documented
 * and tested), declared here with the SDK's own types. Messages are the API's own, in
 * Portuguese; a client shows its own words and keeps the field and `reason`.
 *
 * @example
 * ```ts
 * import { captionTags, compositionIssues, resolvePostKind } from '@reelay/sdk';
 * const kind = resolvePostKind(undefined, ['image']); // 'feed'
 * compositionIssues('story', { content: 'Oi', mediaTypes: ['image'], platforms: [] });
 * // [{ field: 'content', message: 'Stories não têm legenda; deixe content vazio' }]
 * ```
 */
import {
  captionLength as coreCaptionLength,
  captionTags as coreCaptionTags,
  checkCaption as coreCheckCaption,
  checkImage as coreCheckImage,
  checkScheduleWindow as coreCheckScheduleWindow,
  checkVideo as coreCheckVideo,
  compositionIssues as coreCompositionIssues,
  resolvePostKind as coreResolvePostKind,
} from '@reelay/core/rules';
import { createReelayError, type ReelayError } from './errors';
import type { ErrorDetails, InstagramOptions } from './generated/types';
import type { MediaInvalidReason, MediaType, PostKind } from './vocabulary';

/** How a medium is used, each with its own limits: uploaded alone, or in a kind of post. */
export type MediaUsage = 'upload' | PostKind;

/** An image as the rules see it. */
export interface ImageDescription {
  readonly type: 'image';
  readonly mime: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
}

/** A video as the rules see it (from its container and streams). */
export interface VideoDescription {
  readonly type: 'video';
  readonly mime: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly durationSeconds: number;
  readonly fps: number;
  /** The video track's codec, as written in the file (`avc1`, `hvc1`, …) or normalised. */
  readonly videoCodec: string;
  /** The audio track's codec, or `null` for a silent video. */
  readonly audioCodec: string | null;
  /** Bits per second of the video stream. */
  readonly bitrate: number;
  /** Whether the `moov` box comes before `mdat` (the platform requires it). */
  readonly moovBeforeMdat: boolean;
}

/** The first limit a medium breaks: why (as `MEDIA_INVALID`'s `details.reason`) and a message. */
export interface MediaProblem {
  readonly reason: MediaInvalidReason;
  readonly message: string;
}

/** One refused field: its path as the API names it, and the API's message. */
export interface ValidationIssue {
  readonly field: string;
  readonly message: string;
}

/** A post as the composition rules see it: its kind, caption, media types and each account's options. */
export interface PostComposition {
  /** The kind asked for; inferred from the media when absent. */
  readonly kind?: PostKind | undefined;
  readonly content: string;
  /** The types of `mediaItems`, in order. */
  readonly mediaTypes: readonly MediaType[];
  readonly platforms: ReadonlyArray<{ readonly options?: InstagramOptions | undefined }>;
}

/** A caption's length as Instagram counts it (see `@reelay/core/rules`). */
export function captionLength(caption: string): number {
  return coreCaptionLength(caption);
}

/** The hashtags and @mentions a caption holds, each without its sign. */
export function captionTags(caption: string): { hashtags: string[]; mentions: string[] } {
  return coreCaptionTags(caption);
}

/** What a caption breaks (length, hashtags, mentions), or null. */
export function checkCaption(caption: string): string | null {
  return coreCheckCaption(caption);
}

/** Why a time is outside the scheduling window (1 minute to 75 days ahead), or null. */
export function checkScheduleWindow(scheduledFor: Date, now: Date): string | null {
  return coreCheckScheduleWindow(scheduledFor, now);
}

/** The first limit an image breaks for a usage, or null when it may be used that way. */
export function checkImage(image: ImageDescription, usage: MediaUsage): MediaProblem | null {
  return coreCheckImage(image, usage);
}

/** The first limit a video breaks for a usage, or null when it may be used that way. */
export function checkVideo(video: VideoDescription, usage: MediaUsage): MediaProblem | null {
  return coreCheckVideo(video, usage);
}

/**
 * The kind of a post: the one asked for, or the one its media make (1 image → `feed`,
 * 1 video → `reel`, 2 to 10 items → `carousel`). Throws a {@link MediaError}
 * (`MEDIA_INVALID`, with `reason`) when the media do not fit, as the API would answer.
 */
export function resolvePostKind(
  kind: PostKind | undefined,
  mediaTypes: readonly MediaType[],
): PostKind {
  try {
    return coreResolvePostKind(kind, mediaTypes);
  } catch (error) {
    throw asSdkError(error);
  }
}

/** What the rules of a kind refuse in a post (a Story's caption, options the kind does not take). */
export function compositionIssues(kind: PostKind, post: PostComposition): ValidationIssue[] {
  return coreCompositionIssues(kind, post);
}

/** Core's error as the SDK's, so a check made here reads like the API's answer. */
function asSdkError(error: unknown): ReelayError | unknown {
  if (!(error instanceof Error) || !('code' in error) || !('statusCode' in error)) return error;
  const { code, statusCode, details } = error as Error & {
    code: string;
    statusCode: number;
    details?: ErrorDetails;
  };
  return createReelayError({ code, statusCode, message: error.message, details });
}
