/**
 * The composer's draft as the form holds it (texts as typed), and the problems found in
 * it, as text keys with values.
 */
import type { LoginMode, PostKind, TrialGraduationStrategy } from '@reelay/sdk';
import type { Media } from '@reelay/sdk';
import type { RepeatDraft } from '../../series/repeat-rule';

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
  /** Whether and how a scheduled post repeats (a series); absent: it does not. */
  repeat?: RepeatDraft;
  /** Whether, once published, the post may come back in empty evergreen slots. */
  evergreen?: boolean;
}

export type { Problem, Problems } from './problem';

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
