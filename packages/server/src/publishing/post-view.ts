/**
 * Posts as the API and the webhook payload show them (spec §2, §6).
 */
import {
  messageOf,
  newId,
  WEBHOOK_PAYLOAD_VERSION,
  type EventType,
  type ErrorCode,
} from '@reelay/core';
import { isoTime } from '../clock';
import type { EventsTable, PostsTable, PostTargetsTable } from '../store/schema';

/** A media item as stored with the post. */
export interface StoredMediaItem {
  type: 'image' | 'video';
  mediaId: string;
  /** The URL shown for the item: the user's own when they gave one, else the hosted copy. */
  url: string;
}

export function mediaItemsOf(post: PostsTable): StoredMediaItem[] {
  return JSON.parse(post.media_items) as StoredMediaItem[];
}

export function presentTarget(target: PostTargetsTable) {
  return {
    id: target.id,
    platform: 'instagram' as const,
    integrationId: target.integration_id,
    profileId: target.profile_id,
    status: target.status,
    platformPostId: target.platform_post_id,
    platformPostUrl: target.platform_post_url,
    publishedAt: isoTime(target.published_at),
    errorCode: target.error_code,
    errorMessage: target.error_message,
    warningMessage: target.warning_message,
  };
}

/**
 * The API shape of a post with its targets.
 *
 * @example
 * ```ts
 * presentPost(post, targets, config.publicUrl).links.api; // 'https://…/v1/posts/post_…'
 * ```
 */
export function presentPost(
  post: PostsTable,
  targets: readonly PostTargetsTable[],
  publicUrl: string,
) {
  return {
    id: post.id,
    status: post.status,
    kind: post.kind,
    content: post.content,
    scheduledFor: isoTime(post.scheduled_for),
    publishedAt: isoTime(post.published_at),
    timezone: post.timezone,
    mediaItems: mediaItemsOf(post).map((item) => ({
      type: item.type,
      url: item.url,
      mediaId: item.mediaId,
    })),
    platforms: targets.map(presentTarget),
    idempotencyKey: post.idempotency_key,
    links: { api: `${publicUrl}/v1/posts/${post.id}` },
    createdAt: isoTime(post.created_at),
    updatedAt: isoTime(post.updated_at),
  };
}

/** The profile an event is about: the targets' common profile, or null when they differ. */
function eventProfile(targets: readonly PostTargetsTable[]): string | null {
  const profiles = new Set(targets.map((target) => target.profile_id));
  return profiles.size === 1 ? ([...profiles][0] ?? null) : null;
}

/**
 * The outbox row of an event, with the payload of spec §6 as it will be sent.
 *
 * @example
 * ```ts
 * await appendEvents(trx, [buildEvent('post.published', post, targets, publicUrl, now)], now);
 * ```
 */
export function buildEvent(
  type: EventType,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
  publicUrl: string,
  now: number,
): EventsTable {
  const id = newId('event', now);
  const profileId = eventProfile(targets);
  const payload = {
    version: WEBHOOK_PAYLOAD_VERSION,
    id,
    type,
    createdAt: isoTime(now),
    projectId: post.project_id,
    profileId,
    data: {
      post: {
        id: post.id,
        status: post.status,
        content: post.content,
        scheduledFor: isoTime(post.scheduled_for),
        publishedAt: isoTime(post.published_at),
        mediaItems: mediaItemsOf(post).map((item) => ({ type: item.type, url: item.url })),
        links: { api: `${publicUrl}/v1/posts/${post.id}` },
      },
      platforms: targets.map((target) => {
        const { id: _id, ...shown } = presentTarget(target);
        return shown;
      }),
    },
  };
  return {
    id,
    project_id: post.project_id,
    profile_id: profileId,
    post_id: post.id,
    type,
    was_scheduled: post.was_scheduled,
    payload: JSON.stringify(payload),
    created_at: now,
    dispatched_at: null,
  };
}

/** A target failure: the code and its Portuguese message (or a more precise one). */
export function failure(
  code: ErrorCode,
  message?: string,
): { error_code: string; error_message: string } {
  return { error_code: code, error_message: message ?? messageOf(code) };
}
