/**
 * Posts and targets as the rest of the server sees them: camelCase, lists parsed, flags
 * as booleans, statuses typed with the core's unions. Rows are encoded and decoded here
 * only, so no stored column is parsed outside the store.
 */
import type { InstagramOptions, PostKind, PostStatus, TargetStatus } from '@reelay/core';
import type { PostsTable, PostTargetsTable } from './schema';

/** A media item as stored with the post. */
export interface StoredMediaItem {
  type: 'image' | 'video';
  mediaId: string;
  /** The URL shown for the item: the user's own when they gave one, else the hosted copy. */
  url: string;
}

export interface PostRecord {
  id: string;
  projectId: string;
  kind: PostKind;
  content: string;
  timezone: string;
  scheduledFor: number | null;
  /** Scheduled at creation or by a scheduled retry: webhook filters use it. */
  wasScheduled: boolean;
  mediaItems: StoredMediaItem[];
  idempotencyKey: string | null;
  /** Fingerprint of the creation body, to tell a retry from a different post with a reused key. */
  requestHash: string | null;
  status: PostStatus;
  publishedAt: number | null;
  /** What a draft still lacks, by field; empty for other posts. */
  problems: PostProblem[];
  /** Why the post was last rejected, until it is submitted again. */
  rejectionReason: string | null;
  /** The series it is an occurrence of, and its place in it (from 1); null for a single post. */
  seriesId: string | null;
  seriesIndex: number | null;
  /** An empty slot of a recycling schedule may take it again (docs/posting-slots.md). */
  evergreen: boolean;
  /** Variant captions its copies use in turn; empty: the copies keep its caption. */
  evergreenCaptions: string[];
  /** The evergreen post this one is a recycled copy of. */
  recycledFrom: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Something a draft lacks or that would refuse it, by field. */
export interface PostProblem {
  field: string;
  message: string;
}

export interface TargetRecord {
  id: string;
  postId: string;
  projectId: string;
  integrationId: string;
  profileId: string | null;
  options: InstagramOptions;
  status: TargetStatus;
  scheduledFor: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  warningMessage: string | null;
  platformPostId: string | null;
  platformPostUrl: string | null;
  publishedAt: number | null;
  /** Bumped by edits, cancellation and retries; pipeline writes are conditional on it. */
  revision: number;
  /** Carousel child container ids created so far, in media order. */
  childrenIds: string[];
  containerId: string | null;
  containerCreatedAt: number | null;
  containerReadyAt: number | null;
  /** When every resumable video upload of the current containers was complete. */
  videosUploadedAt: number | null;
  /** Set before `media_publish` is called: after a crash, the container's status decides. */
  publishAttemptedAt: number | null;
  commentId: string | null;
  /** Automatic retries used by the current publication. */
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

/** What a post write may change; its status only follows its targets (`settlePost`). */
export type PostChanges = Partial<
  Omit<PostRecord, 'id' | 'projectId' | 'createdAt' | 'status' | 'publishedAt'>
>;

/** What a target write may change. */
export type TargetChanges = Partial<Omit<TargetRecord, 'id' | 'postId' | 'projectId' | 'revision'>>;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Columns of a (partial) record: names in snake_case, lists as JSON, flags as 0/1.
 * Only `undefined` is left out; `null` is written as it is.
 */
function toColumns(changes: object, jsonKeys: readonly string[]): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    columns[snakeCase(key)] = jsonKeys.includes(key)
      ? JSON.stringify(value)
      : typeof value === 'boolean'
        ? Number(value)
        : value;
  }
  return columns;
}

export function decodePost(row: PostsTable): PostRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    content: row.content,
    timezone: row.timezone,
    scheduledFor: row.scheduled_for,
    wasScheduled: Boolean(row.was_scheduled),
    mediaItems: JSON.parse(row.media_items) as StoredMediaItem[],
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    status: row.status,
    publishedAt: row.published_at,
    problems: row.problems === null ? [] : (JSON.parse(row.problems) as PostProblem[]),
    rejectionReason: row.rejection_reason,
    seriesId: row.series_id,
    seriesIndex: row.series_index,
    evergreen: Boolean(row.evergreen),
    evergreenCaptions:
      row.evergreen_captions === null ? [] : (JSON.parse(row.evergreen_captions) as string[]),
    recycledFrom: row.recycled_from,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const POST_JSON = ['mediaItems', 'problems', 'evergreenCaptions'] as const;

/** No variants are stored as null, as before variants existed. */
function withoutEmptyVariants(columns: Record<string, unknown>): Record<string, unknown> {
  if (columns.evergreen_captions === '[]') columns.evergreen_captions = null;
  return columns;
}

export function encodePost(post: PostRecord): PostsTable {
  return withoutEmptyVariants(toColumns(post, POST_JSON)) as unknown as PostsTable;
}

export function encodePostChanges(changes: PostChanges): Partial<PostsTable> {
  return withoutEmptyVariants(toColumns(changes, POST_JSON)) as Partial<PostsTable>;
}

export function decodeTarget(row: PostTargetsTable): TargetRecord {
  return {
    id: row.id,
    postId: row.post_id,
    projectId: row.project_id,
    integrationId: row.integration_id,
    profileId: row.profile_id,
    options: JSON.parse(row.options) as InstagramOptions,
    status: row.status,
    scheduledFor: row.scheduled_for,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    warningMessage: row.warning_message,
    platformPostId: row.platform_post_id,
    platformPostUrl: row.platform_post_url,
    publishedAt: row.published_at,
    revision: row.revision,
    childrenIds: JSON.parse(row.children_ids) as string[],
    containerId: row.container_id,
    containerCreatedAt: row.container_created_at,
    containerReadyAt: row.container_ready_at,
    videosUploadedAt: row.videos_uploaded_at,
    publishAttemptedAt: row.publish_attempted_at,
    commentId: row.comment_id,
    attempts: row.attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const TARGET_JSON = ['options', 'childrenIds'] as const;

export function encodeTarget(target: TargetRecord): PostTargetsTable {
  return toColumns(target, TARGET_JSON) as unknown as PostTargetsTable;
}

export function encodeTargetChanges(changes: TargetChanges): Partial<PostTargetsTable> {
  return toColumns(changes, TARGET_JSON) as Partial<PostTargetsTable>;
}
