/**
 * The closed sets of values the contract's schemas accept, declared without zod so a
 * client can offer them (the CLI's `--kind`, `--status`, `--sort`, the web app's selects)
 * without loading the schemas: the zod enums of `schemas/` are built from these same
 * lists. Each list is an `as const` array with its union type beside it.
 *
 * @example
 * ```ts
 * import { POST_KINDS, type PostKind } from '@reelay/core/vocabulary';
 * const isKind = (value: string): value is PostKind => (POST_KINDS as readonly string[]).includes(value);
 * ```
 */

/** The kinds of post: a single feed image, a Reel, a Story, or a carousel of 2 to 10 items. */
export const POST_KINDS = ['feed', 'reel', 'story', 'carousel'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** The types of a media item. */
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * Every status a post target can have (spec §3), plus the two of a team's review: a
 * `draft` (being written, never publishes) and `awaiting_approval` (complete, waiting for
 * an admin; holds no place in the publishing line and no quota).
 */
export const TARGET_STATUSES = [
  'draft',
  'awaiting_approval',
  'scheduled',
  'queued',
  'publishing',
  'published',
  'failed',
  'cancelled',
] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** Every status a post can have: its targets' statuses summed up, plus `partial`. */
export const POST_STATUSES = [
  'draft',
  'awaiting_approval',
  'scheduled',
  'queued',
  'publishing',
  'published',
  'partial',
  'failed',
  'cancelled',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * The webhook events of spec §6, those of a team's review (a post submitted for
 * approval, approved, or rejected back to draft), and the inbox's `comment.received`
 * (someone else commented on an account's media; sent once per comment).
 */
export const EVENT_TYPES = [
  'post.scheduled',
  'post.published',
  'post.partial',
  'post.failed',
  'post.awaiting_approval',
  'post.approved',
  'post.rejected',
  'comment.received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * How a trial Reel graduates to a regular Reel (`options.trialParams.graduationStrategy`):
 * by hand in the Instagram app, or automatically when it performs well with non-followers.
 */
export const TRIAL_GRADUATION_STRATEGIES = ['MANUAL', 'SS_PERFORMANCE'] as const;
export type TrialGraduationStrategy = (typeof TRIAL_GRADUATION_STRATEGIES)[number];

/** Where a webhook delivery stands (`GET /v1/notifications/{id}/deliveries?status=`). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The orders a list can be read in (`sort`), by creation time. The contract also accepts
 * `createdAt` and `-createdAt` as aliases of these two.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The days of a weekly posting schedule, Monday first (ISO 8601 order). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Whose posting schedule applies to an account: its own, its profile's, or none. */
export const POSTING_SCHEDULE_SOURCES = ['integration', 'profile', 'none'] as const;
export type PostingScheduleSource = (typeof POSTING_SCHEDULE_SOURCES)[number];

/** Whether a connected account's token still works. */
export const AUTH_STATUSES = ['active', 'reconnect_required'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

/** A connected account's health, as the last check saw it. */
export const CONNECTION_STATUSES = ['connected', 'degraded', 'revoked'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * How an account was connected: Instagram Login (Instagram API, Instagram user token) or
 * Facebook Login (Graph API, through the Facebook Page linked to the account).
 */
export const LOGIN_MODES = ['instagram', 'facebook'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/** Where an uploaded or imported media item stands. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * Why a post target has no metrics to show:
 * - `not_published`: the target is not published (no call to Instagram is made);
 * - `not_enough_viewers`: Instagram answered that too few people saw the media to
 *   report on it (its error code 10);
 * - `not_available`: no metrics could be read yet; `errorCode` says why, when it failed.
 */
export const INSIGHTS_REASONS = ['not_published', 'not_enough_viewers', 'not_available'] as const;
export type InsightsReason = (typeof INSIGHTS_REASONS)[number];

/** Where a data deletion request Meta sent stands. */
export const DATA_DELETION_STATUSES = ['received', 'completed'] as const;
export type DataDeletionStatus = (typeof DATA_DELETION_STATUSES)[number];

/** The roles a user holds in an organization: its owner only, for now. */
export const ORGANIZATION_ROLES = ['owner'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * What the activity trail records of a post: who created, edited (with the fields
 * changed), submitted, approved, rejected, cancelled or retried it, or left a note; and
 * what happened by itself (scheduled again, published, partly published, failed).
 */
export const ACTIVITY_ACTIONS = [
  'created',
  'edited',
  'submitted',
  'approved',
  'rejected',
  'cancelled',
  'retried',
  'scheduled',
  'published',
  'partial',
  'failed',
  'noted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * Who did something: a member (by Bearer), an API key (by its name), a review link, or
 * the server itself (publication outcomes).
 */
export const ACTOR_KINDS = ['member', 'key', 'review_link', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** A project's environment: always `live` in practice; there is no sandbox. */
export const PROJECT_ENVIRONMENTS = ['live', 'sandbox'] as const;
export type ProjectEnvironment = (typeof PROJECT_ENVIRONMENTS)[number];

/** Every `details.reason` a `MEDIA_INVALID` error may carry (spec §7). */
export const MEDIA_INVALID_REASONS = [
  'missing',
  'too_many',
  'too_large',
  'mime',
  'width',
  'aspect',
  'duration',
  'fps',
  'codec',
  'audio',
  'bitrate',
  'moov',
] as const;
export type MediaInvalidReason = (typeof MEDIA_INVALID_REASONS)[number];

/**
 * Where a comment thread stands in the inbox: `unread` until someone in the project reads
 * it (and again when someone else writes in it), `read`, or `replied` once the account
 * answered in it (from Reelay or from Instagram itself).
 */
export const COMMENT_STATUSES = ['unread', 'read', 'replied'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** The inbox's `status` filter: a thread's status, or `hidden` for hidden comments. */
export const COMMENT_FILTERS = [...COMMENT_STATUSES, 'hidden'] as const;
export type CommentFilter = (typeof COMMENT_FILTERS)[number];

/** What a snippet holds: a caption to start from, or a group of hashtags to add. */
export const SNIPPET_KINDS = ['caption', 'hashtags'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** What mentioned an account: someone's comment, or a post's caption. */
export const MENTION_KINDS = ['comment', 'caption'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

/**
 * A series' states: still creating its occurrences (`active`), all of them created as
 * posts (`ended`), or stopped by a person (`stopped`).
 */
export const SERIES_STATUSES = ['active', 'stopped', 'ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** How a feed's new items arrive: as drafts to review, or queued into the next free slots. */
export const FEED_MODES = ['draft', 'queue'] as const;
export type FeedMode = (typeof FEED_MODES)[number];

/** A feed's states: checked on its schedule (`active`), or not checked until resumed (`paused`). */
export const FEED_STATUSES = ['active', 'paused'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** What one check of a feed came to. */
export const FEED_CHECK_OUTCOMES = ['fetched', 'not_modified', 'failed'] as const;
export type FeedCheckOutcome = (typeof FEED_CHECK_OUTCOMES)[number];
