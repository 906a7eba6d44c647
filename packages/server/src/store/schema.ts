/**
 * The tables as Kysely sees them. Times are integer milliseconds since the epoch on both
 * dialects (sortable, no time-zone conversions); lists are JSON text.
 */
import type {
  FeedMode,
  FeedStatus,
  SeriesStatus,
  CommentStatus,
  EventType,
  MentionKind,
  PostKind,
  PostStatus,
  SnippetKind,
  TargetStatus,
} from '@reelay/core';
import type { Generated, Kysely, Transaction } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  /** `issuer|sub` of a user who signs in through an external OpenID Connect issuer. */
  oidc_subject: string | null;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** Tokens rotated from one login share a family; reuse of a rotated one revokes it all. */
  family_id: string;
  token_hash: string;
  expires_at: number;
  replaced_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface OrganizationsTable {
  id: string;
  owner_user_id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  environment: 'live' | 'sandbox';
  /** 1 when editors' posts wait for an admin's approval. */
  approval_required: Generated<number>;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  project_id: string;
  name: string | null;
  prefix: string;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** `admin`, `editor` or `viewer`: what the key's requests may do. */
  role: string;
}

/** A person's role in a project shared with them; the organization's owner is `owner`. */
export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: string;
  joined_at: number;
}

/** An internal note on a post. */
export interface PostNotesTable {
  id: string;
  project_id: string;
  post_id: string;
  author_kind: string;
  author_id: string | null;
  text: string;
  created_at: number;
}

/** One entry of the activity trail: who did what to which post, and when. */
export interface ActivityTable {
  id: string;
  project_id: string;
  post_id: string | null;
  action: string;
  /** JSON array of the fields an edit changed. */
  fields: string | null;
  actor_kind: string;
  actor_id: string | null;
  created_at: number;
}

/** An invitation to join a project: a single-use token, stored as its hash. */
export interface InvitationsTable {
  id: string;
  project_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
}

export interface ProfilesTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  /** 1 or 0 to decide for the profile's accounts; null follows the project. */
  approval_required: number | null;
  created_at: number;
  deleted_at: number | null;
}

export interface IntegrationsTable {
  id: string;
  project_id: string;
  profile_id: string | null;
  platform: string;
  /** The professional account id (`user_id` of `/me`). */
  platform_user_id: string;
  /** The app-scoped id from the code exchange; deauthorize and deletion callbacks name it. */
  platform_scoped_id: string | null;
  username: string | null;
  name: string | null;
  image_url: string | null;
  account_type: string | null;
  /** Encrypted long-lived token; null once disconnected or erased. */
  access_token: string | null;
  token_issued_at: number | null;
  token_expires_at: number | null;
  token_refreshed_at: number | null;
  scopes: string;
  auth_status: 'active' | 'reconnect_required';
  status: 'connected' | 'degraded' | 'revoked';
  last_health_check_at: number | null;
  health_error: string | null;
  login_mode: 'instagram' | 'facebook';
  facebook_page_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface DataDeletionRequestsTable {
  id: string;
  confirmation_code: string;
  platform_user_id: string;
  status: 'received' | 'completed';
  requested_at: number;
  completed_at: number | null;
}

/** A connection state already used by a callback, kept until the state expires. */
export interface OAuthStateUsesTable {
  /** The random nonce inside the signed state. */
  nonce: string;
  /** When the state itself expires. */
  expires_at: number;
  used_at: number;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: number;
  count: number;
}

export interface PostsTable {
  id: string;
  project_id: string;
  kind: PostKind;
  content: string;
  timezone: string;
  scheduled_for: number | null;
  /** 1 once the post was scheduled (at creation or by a scheduled retry): webhook filters use it. */
  was_scheduled: number;
  /** JSON list of `{ type, mediaId, sourceUrl }`. */
  media_items: string;
  idempotency_key: string | null;
  /** Fingerprint of the creation body, to tell a retry from a different post with a reused key. */
  request_hash: string | null;
  status: PostStatus;
  published_at: number | null;
  /** A draft's problems: JSON list of `{ field, message }`; null for other posts. */
  problems: string | null;
  rejection_reason: string | null;
  /** The series this post is an occurrence of, and its place in it; null for a single post. */
  series_id: string | null;
  series_index: number | null;
  /** 1 when an empty slot of a recycling schedule may take the post again. */
  evergreen: number;
  /** JSON list of variant captions used in turn by its copies; null without variants. */
  evergreen_captions: string | null;
  /** The evergreen post this one is a recycled copy of; null otherwise. */
  recycled_from: string | null;
  created_at: number;
  updated_at: number;
}

/** A recurring post (`ser_…`): its rule, and what each occurrence repeats. */
export interface SeriesTable {
  id: string;
  project_id: string;
  status: SeriesStatus;
  rrule: string;
  timezone: string;
  start_at: number;
  first_index: number;
  generation: number;
  next_index: number;
  next_at: number | null;
  template: string;
  created_by: string;
  skipped: string;
  first_post_id: string;
  created_at: number;
  updated_at: number;
}

export interface PostTargetsTable {
  id: string;
  post_id: string;
  project_id: string;
  integration_id: string;
  profile_id: string | null;
  /** JSON of the target's Instagram options. */
  options: string;
  status: TargetStatus;
  scheduled_for: number | null;
  error_code: string | null;
  error_message: string | null;
  warning_message: string | null;
  platform_post_id: string | null;
  platform_post_url: string | null;
  published_at: number | null;
  /** Bumped by edits, cancellation and retries; pipeline writes are conditional on it. */
  revision: number;
  /** JSON list of carousel child container ids created so far, in media order. */
  children_ids: string;
  container_id: string | null;
  container_created_at: number | null;
  container_ready_at: number | null;
  /** When every resumable video upload of the current containers was complete. */
  videos_uploaded_at: number | null;
  /** Set before `media_publish` is called: after a crash, the container's status decides. */
  publish_attempted_at: number | null;
  comment_id: string | null;
  /** Automatic retries used by the current publication. */
  attempts: number;
  created_at: number;
  updated_at: number;
}

export interface ReviewLinksTable {
  id: string;
  project_id: string;
  post_id: string;
  /** SHA-256 of the token its address carries; the token itself is shown once. */
  token_hash: string;
  label: string | null;
  created_by_kind: string;
  created_by_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CommentsTable {
  id: string;
  project_id: string;
  integration_id: string;
  post_id: string | null;
  platform_comment_id: string;
  platform_media_id: string;
  parent_id: string | null;
  username: string | null;
  from_id: string | null;
  text: string;
  created_at: number;
  received_at: number;
  hidden: number;
  deleted_at: number | null;
  status: CommentStatus;
  from_self: number;
  assignee_id: string | null;
  private_reply_at: number | null;
  thread_activity_at: number;
}

export interface CommentActionsTable {
  id: string;
  project_id: string;
  kind: 'reply' | 'comment' | 'private_reply';
  subject_id: string;
  integration_id: string;
  idempotency_key: string;
  message: string;
  state: 'pending' | 'done';
  result_comment_id: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface MentionsTable {
  id: string;
  project_id: string;
  integration_id: string;
  kind: MentionKind;
  platform_media_id: string;
  platform_comment_id: string | null;
  mention_key: string;
  username: string | null;
  text: string | null;
  permalink: string | null;
  created_at: number | null;
  received_at: number;
}

export interface SavedRepliesTable {
  id: string;
  project_id: string;
  title: string;
  text: string;
  created_at: number;
}

export interface SnippetsTable {
  id: string;
  project_id: string;
  kind: SnippetKind;
  title: string;
  text: string;
  created_at: number;
  updated_at: number;
}

/** A feed a project follows (`fed_…`). */
export interface FeedsTable {
  id: string;
  project_id: string;
  url: string;
  title: string | null;
  mode: FeedMode;
  caption_template: string;
  integration_ids: string;
  profile_id: string | null;
  status: FeedStatus;
  paused_reason: string | null;
  consecutive_failures: number;
  etag: string | null;
  last_modified: string | null;
  last_checked_at: number | null;
  last_error: string | null;
  next_check_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** An item of a feed already seen, and the post it became (or why none). */
export interface FeedItemsTable {
  feed_id: string;
  item_key: string;
  post_id: string | null;
  error: string | null;
  created_at: number;
}

export interface CommentPollsTable {
  integration_id: string;
  platform_media_id: string;
  /** When the media is read in full even if its count stands still. */
  next_poll_at: number;
  last_polled_at: number | null;
  /** `comments_count` when it was last read in full; null: never. */
  comments_count: number | null;
}

export interface InboxAccountsTable {
  integration_id: string;
  paused_until: number | null;
  usage_percent: number | null;
  subscribed_at: number | null;
  updated_at: number;
  /** When the account's media counts are read next; null: nothing published to watch. */
  next_poll_at: number | null;
  last_polled_at: number | null;
  /** The newest publication known to polling: a newer one makes the account due. */
  newest_media_at: number | null;
  /** Reads in a row that found no count moving: the interval grows with them. */
  quiet_polls: Generated<number>;
  /** The last Meta webhook heard for the account: polling then only catches up. */
  webhook_at: number | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  run_at: number;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: number;
}

export interface EventsTable {
  id: string;
  project_id: string;
  profile_id: string | null;
  post_id: string;
  type: EventType;
  was_scheduled: number;
  /** The webhook payload of spec §6, as sent. */
  payload: string;
  created_at: number;
  dispatched_at: number | null;
}

/** A webhook subscription (spec §2 "Notification subscription"). */
export interface WebhookSubscriptionsTable {
  id: string;
  project_id: string;
  url: string;
  /** JSON list of event names. */
  event_types: string;
  profile_id: string | null;
  /** Only events of this account (`int_…`), or null. */
  integration_id: string | null;
  only_scheduled_posts: number;
  paused: number;
  /** Encrypted `whsec_…` secret. */
  secret: string;
  /** Encrypted secret before the last rotation, still signing until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One event sent to one subscription (spec §2 "Delivery record", §3 "Webhook delivery"). */
export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  project_id: string;
  event_id: string;
  event_type: EventsTable['type'];
  status: 'pending' | 'delivered' | 'failed';
  /** Attempts started so far, 0 to 3. */
  attempt: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  /** Set while an attempt is in flight. */
  sending_since: number | null;
  delivered_at: number | null;
  /** JSON list of `{ attempt, at, durationMs, responseStatus, error }`. */
  attempts_log: string;
  /** The delivery this one sends again; null for the one the dispatcher made. */
  redelivery_of: string | null;
  created_at: number;
  updated_at: number;
}

/** Media accepted through `POST /v1/media` (see src/media). */
export interface MediaTable {
  id: string;
  project_id: string;
  type: 'image' | 'video';
  /** Established from the file's magic bytes. */
  mime: string;
  size: number;
  width: number;
  height: number;
  duration_seconds: number | null;
  fps: number | null;
  bitrate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  /** 1 or 0 (videos only). */
  moov_before_mdat: number | null;
  status: 'processing' | 'ready' | 'failed';
  storage_key: string;
  /** The unguessable part of the public file URL. */
  public_token: string;
  /** The JPEG rendition of a PNG or WebP image, once made. */
  rendition_key: string | null;
  rendition_size: number | null;
  source_url: string | null;
  created_at: number;
  /** The name the file was sent with, cleaned (core's `mediaFileName`); null before it was kept. */
  file_name: string | null;
  /** 1: a person keeps it, the cleanup of unused media leaves it; 0 otherwise. */
  keep: number;
}

/** Stored files whose rows were erased, waiting to be deleted from storage. */
export interface MediaErasuresTable {
  storage_key: string;
  queued_at: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  project_members: ProjectMembersTable;
  invitations: InvitationsTable;
  post_notes: PostNotesTable;
  activity: ActivityTable;
  review_links: ReviewLinksTable;
  comments: CommentsTable;
  comment_actions: CommentActionsTable;
  mentions: MentionsTable;
  saved_replies: SavedRepliesTable;
  snippets: SnippetsTable;
  series: SeriesTable;
  feeds: FeedsTable;
  feed_items: FeedItemsTable;
  comment_polls: CommentPollsTable;
  inbox_accounts: InboxAccountsTable;
  profiles: ProfilesTable;
  integrations: IntegrationsTable;
  data_deletion_requests: DataDeletionRequestsTable;
  rate_limit_counters: RateLimitCountersTable;
  oauth_state_uses: OAuthStateUsesTable;
  media: MediaTable;
  media_erasures: MediaErasuresTable;
  posts: PostsTable;
  post_targets: PostTargetsTable;
  jobs: JobsTable;
  events: EventsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A database handle or an open transaction: repository functions accept either. */
export type Db = Kysely<Database> | Transaction<Database>;
