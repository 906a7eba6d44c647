/**
 * Posts as the API and the webhook payload show them (spec §2, §6).
 */
import {
  messageOf,
  newId,
  pathFor,
  WEBHOOK_PAYLOAD_VERSION,
  type EventType,
  type ErrorCode,
} from '@reelay/core';
import { isoTime } from '../clock';
import type { NewEvent } from '../store/events';
import type { PostRecord, TargetRecord } from '../store/post-records';

export function presentTarget(target: TargetRecord) {
  return {
    id: target.id,
    platform: 'instagram' as const,
    integrationId: target.integrationId,
    profileId: target.profileId,
    status: target.status,
    platformPostId: target.platformPostId,
    platformPostUrl: target.platformPostUrl,
    publishedAt: isoTime(target.publishedAt),
    scheduledFor: isoTime(target.scheduledFor),
    errorCode: target.errorCode,
    errorMessage: target.errorMessage,
    warningMessage: target.warningMessage,
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
export function presentPost(post: PostRecord, targets: readonly TargetRecord[], publicUrl: string) {
  return {
    id: post.id,
    status: post.status,
    kind: post.kind,
    content: post.content,
    scheduledFor: isoTime(post.scheduledFor),
    publishedAt: isoTime(post.publishedAt),
    timezone: post.timezone,
    mediaItems: post.mediaItems.map((item) => ({
      type: item.type,
      url: item.url,
      mediaId: item.mediaId,
    })),
    platforms: targets.map(presentTarget),
    idempotencyKey: post.idempotencyKey,
    problems: post.status === 'draft' ? post.problems : [],
    rejectionReason: post.rejectionReason,
    series: post.seriesId === null ? null : { id: post.seriesId, index: post.seriesIndex ?? 1 },
    evergreen: post.evergreen,
    evergreenCaptions: post.evergreenCaptions,
    recycledFrom: post.recycledFrom,
    links: { api: `${publicUrl}${pathFor('getPost', { id: post.id })}` },
    createdAt: isoTime(post.createdAt),
    updatedAt: isoTime(post.updatedAt),
  };
}

/** The profile an event is about: the targets' common profile, or null when they differ. */
function eventProfile(targets: readonly TargetRecord[]): string | null {
  const profiles = new Set(targets.map((target) => target.profileId));
  return profiles.size === 1 ? ([...profiles][0] ?? null) : null;
}

/**
 * An event for the outbox, with the payload of spec §6 as it will be sent.
 *
 * @example
 * ```ts
 * await appendEvents(trx, [buildEvent('post.published', post, targets, publicUrl, now)], now);
 * ```
 */
export function buildEvent(
  type: EventType,
  post: PostRecord,
  targets: readonly TargetRecord[],
  publicUrl: string,
  now: number,
): NewEvent {
  const id = newId('event', now);
  const profileId = eventProfile(targets);
  const payload = {
    version: WEBHOOK_PAYLOAD_VERSION,
    id,
    type,
    createdAt: isoTime(now),
    projectId: post.projectId,
    profileId,
    data: {
      post: {
        id: post.id,
        status: post.status,
        content: post.content,
        scheduledFor: isoTime(post.scheduledFor),
        publishedAt: isoTime(post.publishedAt),
        mediaItems: post.mediaItems.map((item) => ({ type: item.type, url: item.url })),
        links: { api: `${publicUrl}${pathFor('getPost', { id: post.id })}` },
      },
      platforms: targets.map((target) => {
        // The payload's targets keep the fields of its version (spec §6).
        const { id: _id, scheduledFor: _scheduledFor, ...shown } = presentTarget(target);
        return shown;
      }),
    },
  };
  return {
    id,
    projectId: post.projectId,
    profileId,
    postId: post.id,
    type,
    wasScheduled: post.wasScheduled,
    payload,
    createdAt: now,
  };
}

/** A target failure: the code and its Portuguese message (or a more precise one). */
export function failure(
  code: ErrorCode,
  message?: string,
): { errorCode: string; errorMessage: string } {
  return { errorCode: code, errorMessage: message ?? messageOf(code) };
}
