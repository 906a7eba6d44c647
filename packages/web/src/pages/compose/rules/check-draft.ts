/** What core's rules refuse in a draft, by field, before anything is sent. */
import {
  CAPTION_MAX_HASHTAGS,
  CAPTION_MAX_LENGTH,
  CAPTION_MAX_MENTIONS,
  checkImage,
  checkScheduleWindow,
  compositionIssues,
  MEDIA_LIMITS,
  resolvePostKind,
  type PostKind,
} from '@reelay/sdk';
import { repeatProblem } from '../../series/repeat-rule';
import { seriesProblem } from '../../series/series-problem';
import { zonedTime } from '../time-zone';
import { captionCounts } from './caption';
import {
  effectiveKind,
  emptyOptions,
  type ComposeDraft,
  type DraftItem,
  type Problem,
  type Problems,
} from './draft';
import { errorKey } from './error-key';
import { optionProblems } from './option-problems';
import { ACCOUNTS_MAX } from './option-rules';
import { buildPostBody } from './post-body';

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

/** The media's problems; answers the kind core resolves, or null when it cannot. */
function mediaProblems(draft: ComposeDraft, problems: Problems): PostKind | null {
  const items = draft.items;
  const ready = items.filter((item) => item.status === 'ready' && item.media);
  if (items.length === 0) problems.mediaItems = { key: 'mediaMissing' };
  else if (items.some((item) => item.status === 'uploading')) {
    problems.mediaItems = { key: 'mediaUploading' };
  } else if (items.some((item) => item.status === 'failed')) {
    problems.mediaItems = { key: 'mediaFailed' };
  } else {
    const types = ready.map((item) => item.media!.type);
    const asked = draft.kindChoice === 'auto' ? undefined : draft.kindChoice;
    try {
      const kind = resolvePostKind(asked, types);
      imageProblems(ready, kind, problems);
      return kind;
    } catch (error) {
      const reason = (error as { details?: { reason?: unknown } }).details?.reason;
      problems.mediaItems = kindProblem(
        asked ?? effectiveKind('auto', types)!,
        types.length,
        reason,
      );
    }
  }
  return null;
}

/** Each image against the kind's limits. */
function imageProblems(ready: readonly DraftItem[], kind: PostKind, problems: Problems): void {
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

/** The caption's length, hashtags and mentions; the first limit passed is told. */
export function captionProblem(caption: string): Problem | null {
  const counts = captionCounts(caption);
  if (counts.length > CAPTION_MAX_LENGTH) {
    return { key: 'captionLength', values: { count: counts.length, max: CAPTION_MAX_LENGTH } };
  }
  if (counts.hashtags > CAPTION_MAX_HASHTAGS) {
    return {
      key: 'captionHashtags',
      values: { count: counts.hashtags, max: CAPTION_MAX_HASHTAGS },
    };
  }
  if (counts.mentions > CAPTION_MAX_MENTIONS) {
    return {
      key: 'captionMentions',
      values: { count: counts.mentions, max: CAPTION_MAX_MENTIONS },
    };
  }
  return null;
}

/** Each account's options, then the rest of core's composition rules for the kind. */
function compositionProblems(draft: ComposeDraft, kind: PostKind, problems: Problems): void {
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
  const ready = draft.items.filter((item) => item.status === 'ready' && item.media);
  for (const issue of compositionIssues(kind, {
    content: draft.caption,
    mediaTypes: ready.map((item) => item.media!.type),
    platforms: body.platforms,
  })) {
    const key = errorKey(issue.field) ?? 'form';
    problems[key] ??= { key: key === 'content' ? 'storyCaption' : 'optionNotForKind' };
  }
}

/** A scheduled draft's date and time: present, existing in the zone, in the window. */
function scheduleProblem(draft: ComposeDraft, now: Date): Problem | null {
  if (!draft.date || !draft.time) return { key: 'scheduleMissing' };
  const scheduled = zonedTime(draft.date, draft.time, draft.timeZone);
  if (!scheduled) return { key: 'scheduleSkipped' };
  if (!checkScheduleWindow(scheduled.instant, now)) return null;
  return {
    key:
      scheduled.instant.getTime() <= now.getTime() + 60_000 ? 'scheduleTooSoon' : 'scheduleTooLate',
  };
}

/**
 * What core's rules refuse in a draft, by field, before anything is sent: the media
 * (count, kind, each image against the kind's limits), the caption, the accounts, each
 * account's options, and the schedule (from 1 minute to 75 days ahead) with its repetition.
 *
 * @example
 * ```ts
 * checkDraft({ ...draft, caption: '#a '.repeat(31) }, new Date());
 * // { content: { key: 'captionHashtags', values: { count: 31, max: 30 } }, … }
 * ```
 */
export function checkDraft(draft: ComposeDraft, now: Date): Problems {
  const problems: Problems = {};
  const kind = mediaProblems(draft, problems);
  const caption = captionProblem(draft.caption);
  if (caption) problems.content = caption;
  if (draft.accountIds.length === 0) problems.platforms = { key: 'accountsMissing' };
  else if (draft.accountIds.length > ACCOUNTS_MAX) {
    problems.platforms = { key: 'accountsTooMany', values: { max: ACCOUNTS_MAX } };
  }
  if (kind) compositionProblems(draft, kind, problems);
  if (draft.when === 'schedule') {
    const schedule = scheduleProblem(draft, now);
    if (schedule) problems.scheduledFor = schedule;
    const repeat = draft.repeat ? repeatProblem(draft.repeat, draft.date) : null;
    const series = schedule || repeat || !draft.repeat ? null : seriesProblem(draft);
    if (repeat ?? series) problems.recurrence = (repeat ?? series)!;
  }
  return problems;
}
