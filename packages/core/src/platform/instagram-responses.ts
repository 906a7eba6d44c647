/**
 * What the Instagram client reads out of the platform's answers: the fields it asks for,
 * the schemas that check them, and the mapping to the client's own shapes. Kept apart from
 * the HTTP calls so each answer's reading — ids kept exact, absent fields as `null`, a
 * malformed answer as `PLATFORM_ERROR` — can be read and changed in one place.
 */
import * as z from 'zod';
import {
  containerStatusError,
  CONTAINER_STATUS_CODES,
  type ContainerStatusCode,
} from './container-status';
import type {
  ContainerStatus,
  InstagramAccount,
  PublishedMedia,
  PublishingLimit,
} from './instagram-client-types';
import { isProfessionalAccountType, normalizeAccountType } from './instagram-oauth';
import type { PlatformErrorFacts } from './instagram-platform-error';
import { malformedResponse, parseWith } from './platform-http';

/**
 * The fields Reelay reads from `/me` (reference §1c).
 *
 * @example
 * ```ts
 * ME_FIELDS.join(','); // 'user_id,username,name,account_type,…'
 * ```
 */
export const ME_FIELDS = [
  'user_id',
  'username',
  'name',
  'account_type',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
] as const;

/**
 * The fields of a published media Reelay reads (reference §2).
 *
 * @example
 * ```ts
 * MEDIA_FIELDS.join(','); // 'id,permalink,shortcode,timestamp,media_type,media_product_type'
 * ```
 */
export const MEDIA_FIELDS = [
  'id',
  'permalink',
  'shortcode',
  'timestamp',
  'media_type',
  'media_product_type',
] as const;

const idSchema = z
  .union([z.string().regex(/^[A-Za-z0-9_]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);
const countSchema = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .nullish()
  .transform((value) => value ?? null);
const textSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const createdSchema = z.object({ id: idSchema });

const meSchema = z
  .object({
    id: idSchema.optional(),
    user_id: idSchema.optional(),
    username: textSchema,
    name: textSchema,
    account_type: textSchema,
    profile_picture_url: textSchema,
    followers_count: countSchema,
    follows_count: countSchema,
    media_count: countSchema,
  })
  .refine((me) => me.user_id !== undefined || me.id !== undefined);

const containerStatusSchema = z.object({
  id: idSchema.optional(),
  status_code: z.string(),
  status: textSchema,
});

const mediaSchema = z.object({
  id: idSchema,
  permalink: textSchema,
  shortcode: textSchema,
  timestamp: textSchema,
  media_type: textSchema,
  media_product_type: textSchema,
});

const limitEntrySchema = z.object({
  quota_usage: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
  config: z
    .object({ quota_total: countSchema, quota_duration: countSchema })
    .nullish()
    .transform((value) => value ?? null),
});

/** The id of what a POST created (container, published media, comment). */
export function readCreatedId(body: unknown, missing: string): string {
  return parseWith(createdSchema, body, missing).id;
}

/** The account of a `GET /me` answer. */
export function readAccount(body: unknown): InstagramAccount {
  const me = parseWith(meSchema, body, '/me without user_id');
  const accountType = normalizeAccountType(me.account_type);
  return {
    // user_id is the professional account id; id (app-scoped) stands in if it is missing.
    userId: (me.user_id ?? me.id) as string,
    id: me.id ?? null,
    username: me.username,
    name: me.name,
    accountType,
    isProfessional: isProfessionalAccountType(accountType),
    profilePictureUrl: me.profile_picture_url,
    followersCount: me.followers_count,
    followsCount: me.follows_count,
    mediaCount: me.media_count,
  };
}

/**
 * A container's status; `containerId` stands in when the answer omits `id`. An unknown
 * `status_code` is a malformed answer, since the pipeline's next step depends on it.
 */
export function readContainerStatus(body: unknown, containerId: string): ContainerStatus {
  const parsed = parseWith(containerStatusSchema, body, 'container status without status_code');
  const statusCode = parsed.status_code.trim().toUpperCase();
  if (!(CONTAINER_STATUS_CODES as readonly string[]).includes(statusCode)) {
    throw malformedResponse(`unknown status_code ${statusCode.slice(0, 40)}`);
  }
  const known = statusCode as ContainerStatusCode;
  const error = containerStatusError(known, parsed.status);
  const facts: PlatformErrorFacts | undefined = error?.platform;
  return {
    id: parsed.id ?? containerId,
    statusCode: known,
    status: parsed.status,
    subcode: facts?.subcode ?? null,
    error,
  };
}

/** A published media's fields (`GET /{media}?fields=…MEDIA_FIELDS`). */
export function readPublishedMedia(body: unknown): PublishedMedia {
  const parsed = parseWith(mediaSchema, body, 'media without id');
  return {
    id: parsed.id,
    permalink: parsed.permalink,
    shortcode: parsed.shortcode,
    timestamp: parsed.timestamp,
    mediaType: parsed.media_type,
    mediaProductType: parsed.media_product_type,
  };
}

/** The publishing quota of a `content_publishing_limit` answer. */
export function readPublishingLimit(body: unknown): PublishingLimit {
  // Documented as `{"data":[{…}]}`; a bare object is read the same way.
  const entry =
    typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data[0]
      : body;
  const parsed = parseWith(limitEntrySchema, entry, 'content_publishing_limit without quota_usage');
  return {
    quotaUsage: parsed.quota_usage,
    quotaTotal: parsed.config?.quota_total ?? null,
    quotaDurationSeconds: parsed.config?.quota_duration ?? null,
  };
}
