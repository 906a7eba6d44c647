/** What a draft turns into: the `POST /v1/posts` body and each account's options. */
import type { LoginMode, PostKind } from '@reelay/sdk';
import type { CreatePostBody, InstagramOptions } from '@reelay/sdk';
import { buildRrule } from '../../series/repeat-rule';
import { zonedTime } from '../time-zone';
import { splitUsernames } from './caption';
import { emptyOptions, type ComposeDraft, type DraftItem, type OptionsDraft } from './draft';
import { optionsFor } from './option-rules';

/** A percentage typed (0 to 100, comma or point), or null when empty or out of range. */
export function percent(text: string): number | null {
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

/** A body to publish or schedule: unlike a saved draft's, it always has media and accounts. */
export type PublishBody = CreatePostBody &
  Required<Pick<CreatePostBody, 'mediaItems' | 'platforms'>>;

/**
 * The `POST /v1/posts` body of a draft. `scheduledFor` carries the zone's offset and
 * `timezone` names the zone; a draft for the queue sends `queue: true` instead, and the
 * server gives each account its next free slot. A scheduled draft that repeats sends
 * `recurrence: { rrule }`, its time being the first occurrence. The same `idempotencyKey` goes with
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
): PublishBody {
  const items = draft.items.filter((item) => item.media);
  const scheduled =
    draft.when === 'schedule' ? zonedTime(draft.date, draft.time, draft.timeZone) : null;
  // Only a scheduled post starts a series: its time is the first occurrence.
  const rrule = scheduled && draft.repeat ? buildRrule(draft.repeat, draft.date) : null;
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
    ...(rrule ? { recurrence: { rrule } } : {}),
    ...(draft.evergreen ? { evergreen: true } : {}),
    timezone: draft.timeZone,
    idempotencyKey,
  };
}
