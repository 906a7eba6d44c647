/** What the emulator remembers: accounts, grants, containers and what was published. */
import type { Hash } from 'node:crypto';

/**
 * Instagram Login permissions (reference §1a "Scopes").
 *
 * @example
 * ```ts
 * emulator.mintToken(accountId, { scopes: [SCOPES[0]] }); // basic only: cannot publish
 * ```
 */
export const SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
  'instagram_business_manage_insights',
] as const;

/**
 * One Instagram Login permission.
 *
 * @example
 * ```ts
 * const publish: Scope = 'instagram_business_content_publish';
 * ```
 */
export type Scope = (typeof SCOPES)[number];

/**
 * Kind of Instagram account; personal accounts cannot publish through the API.
 *
 * @example
 * ```ts
 * emulator.createAccount({ username: 'just.me', accountType: 'PERSONAL' satisfies AccountType });
 * ```
 */
export type AccountType = 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL';

export interface Account {
  readonly id: string;
  readonly username: string;
  readonly accountType: AccountType;
  readonly name: string;
  readonly profilePictureUrl: string;
  readonly biography: string;
  readonly followersCount: number;
  readonly followsCount: number;
  /** What the account grants at most; `null` grants whatever the app asks. */
  readonly scopes: readonly Scope[] | null;
  readonly createdAt: number;
}

export interface AuthCode {
  readonly code: string;
  readonly accountId: string;
  readonly redirectUri: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: number;
  used: boolean;
}

export interface AccessToken {
  readonly token: string;
  readonly accountId: string;
  readonly kind: 'short' | 'long';
  readonly scopes: readonly Scope[];
  /** When the token was issued or last refreshed; refresh needs it 24 h old. */
  issuedAt: number;
  expiresAt: number;
  /** Set once revoked; the 190 subcode its use answers. */
  revokedSubcode?: 458 | 460 | undefined;
}

/** The shape of a container, fixed at creation. */
export type ContainerKind =
  | 'IMAGE'
  | 'REELS'
  | 'STORY_IMAGE'
  | 'STORY_VIDEO'
  | 'CAROUSEL'
  | 'CAROUSEL_ITEM_IMAGE'
  | 'CAROUSEL_ITEM_VIDEO';

export type ContainerStatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface UserTag {
  readonly username: string;
  readonly x?: number;
  readonly y?: number;
}

/** A product tagged on a media (`product_tags`, reference §2). */
export interface ProductTag {
  readonly productId: string;
  readonly x?: number;
  readonly y?: number;
}

/** How a trial reel graduates (`trial_params.graduation_strategy`, reference §2). */
export type GraduationStrategy = 'MANUAL' | 'SS_PERFORMANCE';

/** Media fetch outcome: still running, fine, or the subcode the container fails with. */
export type FetchOutcome =
  { state: 'pending' } | { state: 'ok' } | { state: 'failed'; subcode: number };

/** A state forced through the control API, overriding the natural progression. */
export type ForcedState =
  | { status: 'IN_PROGRESS' }
  | { status: 'FINISHED' }
  | { status: 'EXPIRED' }
  | { status: 'ERROR'; subcode: number };

/** What a `POST /{ig-user-id}/media` request asks for, once validated. */
export interface ContainerDraft {
  readonly kind: ContainerKind;
  readonly imageUrl?: string | undefined;
  readonly videoUrl?: string | undefined;
  readonly coverUrl?: string | undefined;
  readonly caption?: string | undefined;
  readonly locationId?: string | undefined;
  readonly userTags?: readonly UserTag[] | undefined;
  readonly collaborators?: readonly string[] | undefined;
  readonly altText?: string | undefined;
  readonly shareToFeed?: boolean | undefined;
  readonly thumbOffset?: number | undefined;
  readonly audioName?: string | undefined;
  readonly children?: readonly string[] | undefined;
  /** `trial_params`: a trial reel, shown to non-followers first. */
  readonly trialGraduation?: GraduationStrategy | undefined;
  /** `is_ai_generated`: the AI info label. */
  readonly isAiGenerated?: boolean | undefined;
  readonly productTags?: readonly ProductTag[] | undefined;
  /** `upload_type=resumable`: the video comes from the upload host. */
  readonly resumable?: boolean | undefined;
}

/**
 * The bytes of a resumable upload (reference §2 "Resumable video upload"). Chunks must
 * follow one another, so the bytes are hashed as they arrive instead of being kept.
 */
export interface UploadSession {
  /** `file_size` of the first chunk; every later chunk must name the same. */
  fileSize: number | null;
  /** Bytes received and kept: where the next chunk must start. */
  offset: number;
  /** The file's first bytes, sniffed once it is complete. */
  head: Uint8Array;
  /** SHA-256 of the bytes so far (hex once complete). */
  readonly hash: Hash;
  sha256: string | null;
  /** `file_url` given instead of bytes. */
  fileUrl: string | null;
  /** The offset each chunk asked to start at, in arrival order. */
  readonly chunkOffsets: number[];
}

export interface Container extends ContainerDraft {
  readonly id: string;
  readonly accountId: string;
  readonly createdAt: number;
  /**
   * When processing ends, by the emulator clock; for a resumable upload, set again once
   * the last byte arrives.
   */
  readyAt: number;
  fetch: FetchOutcome;
  /** A container created with `upload_type=resumable`: the bytes received so far. */
  upload?: UploadSession | undefined;
  forced?: ForcedState | undefined;
  /** The media this container became; set once, by `media_publish`. */
  publishedMediaId?: string | undefined;
}

export type MediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
export type MediaProductType = 'FEED' | 'REELS' | 'STORY';

/** One item of a published carousel. */
export interface ChildMedia {
  readonly id: string;
  readonly containerId: string;
  readonly mediaType: 'IMAGE' | 'VIDEO';
  readonly mediaUrl: string;
  readonly altText?: string | undefined;
  readonly userTags?: readonly UserTag[] | undefined;
}

export interface Media {
  readonly id: string;
  readonly accountId: string;
  readonly containerId: string;
  readonly mediaType: MediaType;
  readonly productType: MediaProductType;
  readonly mediaUrl: string;
  readonly thumbnailUrl?: string | undefined;
  readonly caption?: string | undefined;
  readonly children: readonly ChildMedia[];
  readonly locationId?: string | undefined;
  readonly userTags?: readonly UserTag[] | undefined;
  readonly collaborators?: readonly string[] | undefined;
  readonly altText?: string | undefined;
  readonly shareToFeed?: boolean | undefined;
  readonly audioName?: string | undefined;
  readonly trialGraduation?: GraduationStrategy | undefined;
  readonly isAiGenerated?: boolean | undefined;
  readonly productTags?: readonly ProductTag[] | undefined;
  readonly shortcode: string;
  readonly permalink: string;
  readonly publishedAt: number;
  /** Set by `POST /{ig-media-id}?comment_enabled=false`; new comments are then refused. */
  commentsDisabled?: boolean | undefined;
}

/**
 * A person as the app sees them in comments and webhooks: their Instagram-scoped id
 * (IGSID, reference §10.2 `from{id}`) and username. One per username.
 */
export interface Commenter {
  readonly id: string;
  readonly username: string;
}

/**
 * A post by someone outside the emulator that @mentions or tags an account (reference
 * §10.4): its caption, or a comment on it, is where the mention is.
 */
export interface ForeignMedia {
  readonly id: string;
  readonly owner: Commenter;
  readonly caption: string;
  readonly shortcode: string;
  readonly permalink: string;
  readonly createdAt: number;
  /** Accounts tagged on the media, for `GET /{ig-user-id}/tags`. */
  readonly taggedAccountIds: readonly string[];
}

/** The one private reply a comment may receive (reference §10.3). */
export interface PrivateReply {
  readonly messageId: string;
  readonly text: string;
  readonly at: number;
}

export interface Comment {
  readonly id: string;
  readonly mediaId: string;
  /** The account whose media carries the comment; none on a {@link ForeignMedia}. */
  readonly mediaOwnerId: string | undefined;
  /** The emulator account that wrote it: the media's owner, or one replying to a mention. */
  readonly authorAccountId: string | undefined;
  /** Who wrote it, as the app sees them. */
  readonly from: Commenter;
  readonly text: string;
  readonly createdAt: number;
  /** The top-level comment a reply belongs to; threads are one level deep. */
  readonly parentId?: string | undefined;
  likeCount: number;
  hidden: boolean;
  deletedAt?: number | undefined;
  privateReply?: PrivateReply | undefined;
}

/** An account's (or a Page's) subscription of the app to its webhooks: `subscribed_apps`. */
export interface AppSubscription {
  readonly fields: readonly string[];
  readonly at: number;
}
