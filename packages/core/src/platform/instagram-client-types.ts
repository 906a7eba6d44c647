/**
 * The shapes the Instagram client answers with and the interface it implements. They live
 * apart from the client's implementation so that callers which only pass these values
 * around (the publishing pipeline, the Facebook Login client) read a short file, and so the
 * implementation file holds only behaviour.
 */
import type { ContainerStatusCode } from './container-status';
import type { ContainerParams } from './container-requests';
import type { AuthorizationUrlOptions } from './instagram-oauth';
import type { InstagramPlatformError } from './instagram-platform-error';
import type {
  AccountInsights,
  MediaInsights,
  MediaProductType,
  OnlineFollowersReading,
} from './instagram-insights';
import type { InstagramCommentClient } from './instagram-comments';
import type { UploadVideoInput, UploadVideoResult } from './resumable-upload';

/** A token from the code exchange: valid about 1 hour, to be exchanged for a long-lived one. */
export interface ShortLivedToken {
  readonly accessToken: string;
  /** The Instagram-scoped user id, exact, as a string. */
  readonly userId: string;
  /** The permissions the user granted. */
  readonly scopes: readonly string[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** A long-lived token (about 60 days), from the exchange or a refresh. */
export interface LongLivedToken {
  readonly accessToken: string;
  readonly tokenType: string;
  /** Seconds of validity as answered, or `null` when the answer omits it. */
  readonly expiresIn: number | null;
  /** When this client received it: the clock to compare with for the 24 h refresh rule. */
  readonly issuedAt: Date;
  readonly expiresAt: Date | null;
}

export interface RefreshTokenInput {
  readonly accessToken: string;
  /** When the token was issued (or last refreshed). */
  readonly issuedAt: Date;
  /** When it expires, if known: an expired token cannot be refreshed (reference §1a). */
  readonly expiresAt?: Date | null;
}

/** The account behind a token (`GET /me`, reference §1c, §6). */
export interface InstagramAccount {
  /** The professional account id used for publishing and by webhooks (`user_id`). */
  readonly userId: string;
  /** The app-scoped id (`id`), when answered. */
  readonly id: string | null;
  readonly username: string | null;
  readonly name: string | null;
  /** `account_type` in upper case (`BUSINESS`, `MEDIA_CREATOR`, …), or `null` when absent. */
  readonly accountType: string | null;
  readonly isProfessional: boolean;
  readonly profilePictureUrl: string | null;
  readonly followersCount: number | null;
  readonly followsCount: number | null;
  readonly mediaCount: number | null;
}

export interface ContainerStatus {
  readonly id: string;
  readonly statusCode: ContainerStatusCode;
  /** The platform's free text, e.g. "Error: Media upload has failed with error code 2207026". */
  readonly status: string | null;
  /** The subcode read from `status`, when it names one. */
  readonly subcode: number | null;
  /** For `ERROR` and `EXPIRED`: the Reelay error it stands for; otherwise `null`. */
  readonly error: InstagramPlatformError | null;
}

/** A published media (`GET /{media}`, reference §2 "Published media fields"). */
export interface PublishedMedia {
  readonly id: string;
  /** Absent on carousel children and sometimes right after publishing. */
  readonly permalink: string | null;
  readonly shortcode: string | null;
  /** ISO 8601 as answered, e.g. `2019-09-26T22:36:43+0000`. */
  readonly timestamp: string | null;
  /** `IMAGE`, `VIDEO` or `CAROUSEL_ALBUM`. */
  readonly mediaType: string | null;
  /** `FEED`, `STORY`, `REELS` or `AD`; tells Reels and Stories apart. */
  readonly mediaProductType: string | null;
}

/** The account's publishing quota, read live (reference §2 "Limits": never hard-code it). */
export interface PublishingLimit {
  readonly quotaUsage: number;
  /** `config.quota_total`, or `null` when the answer has no `config`. */
  readonly quotaTotal: number | null;
  /** `config.quota_duration` in seconds, or `null`. */
  readonly quotaDurationSeconds: number | null;
}

export interface TokenAndUser {
  readonly accessToken: string;
  /** The professional account id (`user_id` of `/me`). */
  readonly igUserId: string;
}

/**
 * The Instagram client: its own calls, and the comment calls of {@link InstagramCommentClient}.
 */
export interface InstagramClient extends InstagramCommentClient {
  /** The authorization window's URL. */
  authorizationUrl(options: AuthorizationUrlOptions): string;
  /** `POST {api}/oauth/access_token`: the callback's code for a short-lived token. */
  exchangeCode(code: string): Promise<ShortLivedToken>;
  /** `GET {graph}/access_token?grant_type=ig_exchange_token`: a short-lived token for a long-lived one. */
  exchangeForLongLivedToken(shortLivedToken: string): Promise<LongLivedToken>;
  /** `GET {graph}/refresh_access_token?grant_type=ig_refresh_token`; refused before 24 h. */
  refreshLongLivedToken(input: RefreshTokenInput): Promise<LongLivedToken>;
  /** `GET /me`: the account behind a token. */
  getMe(accessToken: string): Promise<InstagramAccount>;
  /** `GET /me`, refusing personal accounts with `ACCOUNT_NOT_BUSINESS`. */
  getProfessionalAccount(accessToken: string): Promise<InstagramAccount>;
  /** `POST /{ig-user-id}/media`: one container (see `buildContainerPlan`). */
  createContainer(
    input: TokenAndUser & { readonly params: ContainerParams },
  ): Promise<{ id: string }>;
  /**
   * The video of a container created with `upload_type=resumable`, sent in chunks to the
   * upload host from `source`, resuming at the host's acknowledged offset.
   */
  uploadVideo(input: UploadVideoInput): Promise<UploadVideoResult>;
  /** `GET /{container}?fields=status_code,status`. */
  getContainerStatus(input: {
    readonly accessToken: string;
    readonly containerId: string;
  }): Promise<ContainerStatus>;
  /** `POST /{ig-user-id}/media_publish` with `creation_id`: the published media id. */
  publishContainer(input: TokenAndUser & { readonly creationId: string }): Promise<{ id: string }>;
  /** `GET /{media}?fields=id,permalink,shortcode,timestamp,media_type,media_product_type`. */
  getMedia(input: {
    readonly accessToken: string;
    readonly mediaId: string;
  }): Promise<PublishedMedia>;
  /** `POST /{media}/comments` with `message`. */
  createComment(input: {
    readonly accessToken: string;
    readonly mediaId: string;
    readonly message: string;
  }): Promise<{ id: string }>;
  /** `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config`. */
  getPublishingLimit(input: TokenAndUser): Promise<PublishingLimit>;
  /**
   * `GET /{media}/insights`: the metrics in current use for the media's product type
   * (reference §9); refused metrics are dropped, "Not enough viewers" is `reason`.
   */
  getMediaInsights(input: {
    readonly accessToken: string;
    readonly mediaId: string;
    readonly productType: MediaProductType;
  }): Promise<MediaInsights>;
  /** `GET /{ig-user-id}/insights`: daily metrics and totals for `since`…`until` (UTC days). */
  getAccountInsights(
    input: TokenAndUser & { readonly since: string; readonly until: string },
  ): Promise<AccountInsights>;
  /** `GET /{ig-user-id}/insights?metric=online_followers`: followers online per hour, per day. */
  getOnlineFollowers(
    input: TokenAndUser & { readonly since: number; readonly until: number },
  ): Promise<OnlineFollowersReading[]>;
  /** Closes the dispatcher the client created (an injected one is left to its owner). */
  close(): Promise<void>;
}
