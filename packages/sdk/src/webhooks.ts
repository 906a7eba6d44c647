/**
 * Webhooks (spec §6): verification and signing are core's functions, the very code the
 * server signs with, re-exported here with their types declared by the SDK, so the
 * published declarations name no unpublished package. A type test keeps these
 * declarations equal to core's. {@link createTestWebhook} builds realistic signed
 * deliveries for testing a receiver.
 *
 * Every delivery carries two header sets signed with the same secret: spec §6's
 * `X-Service-*` and the Standard Webhooks `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`. {@link verifyWebhook} accepts either; with both, it checks §6's.
 */
import * as core from '@reelay/core/webhooks';
import { randomId } from './client/random-id';
import { WEBHOOK_PAYLOAD_VERSION } from './generated/webhooks';
import type {
  CommentReceivedEvent,
  WebhookEvent,
  WebhookEventType,
  WebhookPost,
  WebhookPostTarget,
} from './generated/types';

/** The events about a post, whose `data` carries the post and its accounts. */
type PostEventType = Exclude<WebhookEventType, 'comment.received'>;

export { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_VERSION } from './generated/webhooks';

/** Why a delivery failed verification; stable, for code to branch on. */
export type WebhookVerificationReason =
  | 'body_not_raw'
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'invalid_signature_format'
  | 'body_reserialized'
  | 'signature_mismatch';

/**
 * The `code` of a {@link WebhookVerificationError}: `WEBHOOK_` and the reason in upper
 * case. Stable across versions, like the API's error codes, so logs and alerts can key on
 * it:
 *
 * | code | what went wrong |
 * |---|---|
 * | `WEBHOOK_BODY_NOT_RAW` | the body was parsed before verifying: pass the raw text or bytes |
 * | `WEBHOOK_MISSING_HEADER` | a signature, timestamp or id header is absent |
 * | `WEBHOOK_INVALID_SECRET` | the secret is not a `whsec_…` value |
 * | `WEBHOOK_INVALID_TIMESTAMP` | the timestamp header is not Unix seconds |
 * | `WEBHOOK_TIMESTAMP_TOO_OLD` | signed more than the tolerance ago (a replay, or a slow queue) |
 * | `WEBHOOK_TIMESTAMP_IN_FUTURE` | signed more than the tolerance ahead (a skewed clock) |
 * | `WEBHOOK_INVALID_SIGNATURE_FORMAT` | the signature header is not `sha256=<hex>` (or `v1,<base64>`) |
 * | `WEBHOOK_BODY_RESERIALIZED` | the body was re-serialised: it is the same JSON with other bytes |
 * | `WEBHOOK_SIGNATURE_MISMATCH` | no signature matches: the wrong secret, or a changed body |
 *
 * @example
 * ```ts
 * if (error instanceof WebhookVerificationError && error.code === 'WEBHOOK_TIMESTAMP_TOO_OLD') replayAlarm();
 * ```
 */
export type WebhookVerificationCode =
  | 'WEBHOOK_BODY_NOT_RAW'
  | 'WEBHOOK_MISSING_HEADER'
  | 'WEBHOOK_INVALID_SECRET'
  | 'WEBHOOK_INVALID_TIMESTAMP'
  | 'WEBHOOK_TIMESTAMP_TOO_OLD'
  | 'WEBHOOK_TIMESTAMP_IN_FUTURE'
  | 'WEBHOOK_INVALID_SIGNATURE_FORMAT'
  | 'WEBHOOK_BODY_RESERIALIZED'
  | 'WEBHOOK_SIGNATURE_MISMATCH';

/** The raw body as received: text or bytes, never a parsed object. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Request headers: a Fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type HeadersLike =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface WebhookCryptoOptions {
  /** Web Crypto implementation; defaults to `globalThis.crypto.subtle`. */
  subtle?: SubtleCrypto;
}

export interface VerifyWebhookOptions extends WebhookCryptoOptions {
  /** Allowed clock distance in seconds; default 300 (spec §6). */
  toleranceSeconds?: number;
  /** The receiver's clock, in milliseconds; defaults to `Date.now`. */
  now?: () => number;
}

export interface SignWebhookOptions extends WebhookCryptoOptions {
  /** The subscription secret (`whsec_…`). */
  secret: string;
  /** The event: an object is serialised once with `JSON.stringify`; a string is sent as is. */
  payload: unknown;
  /** Unix time in seconds; defaults to now. */
  timestamp?: number;
  /** Event id header; defaults to `payload.id`. */
  eventId?: string;
  /** Event type header; defaults to `payload.type`. */
  eventType?: string;
}

export interface SignedWebhook {
  /** The exact body to send; it is what the signature covers. */
  body: string;
  /**
   * `content-type`, the four delivery headers of spec §6 and, when the event id is known,
   * the three Standard Webhooks headers.
   */
  headers: Record<string, string>;
}

/**
 * Thrown by {@link verifyWebhook}; `code` (and `reason`, the same in lower case) names the
 * usual mistake: a parsed or re-serialised body, the wrong secret, a stale timestamp.
 *
 * @example
 * ```ts
 * try { await verifyWebhook(body, headers, secret); }
 * catch (error) { if (error instanceof WebhookVerificationError) res.writeHead(400).end(error.code); }
 * ```
 */
export interface WebhookVerificationError extends Error {
  readonly name: 'WebhookVerificationError';
  /** Stable code: see {@link WebhookVerificationCode}. */
  readonly code: WebhookVerificationCode;
  readonly reason: WebhookVerificationReason;
}

/**
 * The class of verification failures (see the interface of the same name).
 *
 * @example
 * ```ts
 * if (error instanceof WebhookVerificationError && error.reason === 'timestamp_too_old') replayAlarm();
 * ```
 */
export const WebhookVerificationError: {
  new (reason: WebhookVerificationReason, message: string): WebhookVerificationError;
  readonly prototype: WebhookVerificationError;
} = core.WebhookVerificationError;

/**
 * The delivery headers of spec §6, lower-cased as HTTP servers present them.
 *
 * @example
 * ```ts
 * const eventId = req.headers[WEBHOOK_HEADERS.eventId]; // deduplicate on it
 * ```
 */
export const WEBHOOK_HEADERS: {
  readonly eventId: 'x-service-event-id';
  readonly eventType: 'x-service-event-type';
  readonly timestamp: 'x-service-timestamp';
  readonly signature: 'x-service-signature';
} = core.WEBHOOK_HEADERS;

/**
 * The Standard Webhooks headers every delivery also carries, lower-cased.
 *
 * @example
 * ```ts
 * const eventId = req.headers[STANDARD_WEBHOOK_HEADERS.id]; // the same evt_… as x-service-event-id
 * ```
 */
export const STANDARD_WEBHOOK_HEADERS: {
  readonly id: 'webhook-id';
  readonly timestamp: 'webhook-timestamp';
  readonly signature: 'webhook-signature';
} = core.STANDARD_WEBHOOK_HEADERS;

/**
 * Largest distance, in seconds, between a delivery's timestamp and the receiver's clock.
 *
 * @example
 * ```ts
 * await verifyWebhook(body, headers, secret, { toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS });
 * ```
 */
export const WEBHOOK_TOLERANCE_SECONDS: number = core.WEBHOOK_TOLERANCE_SECONDS;

/**
 * Verifies a delivery (signature over the raw body, in constant time, and a timestamp
 * within 300 s) and returns the event, typed. Throws a `WebhookVerificationError` whose
 * `reason` names the problem. Pass several secrets while one is being rotated.
 *
 * Either header set is accepted: spec §6's `X-Service-Timestamp` and
 * `X-Service-Signature`, or the Standard Webhooks `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (for a receiver or a proxy that keeps only those). When both sets
 * are present, spec §6's is the one checked.
 *
 * @example
 * ```ts
 * const chunks = [];
 * for await (const chunk of req) chunks.push(chunk);
 * const event = await verifyWebhook(Buffer.concat(chunks), req.headers, process.env.REELAY_WEBHOOK_SECRET!);
 * if (event.type === 'post.failed') alertTeam(event.data.post.id);
 * ```
 */
export const verifyWebhook: <TEvent = WebhookEvent>(
  rawBody: RawBody,
  headers: HeadersLike,
  secret: string | readonly string[],
  options?: VerifyWebhookOptions,
) => Promise<TEvent> = core.verifyWebhook;

/**
 * Signs a payload exactly as Reelay does and returns the body and headers to send: for
 * testing your own receiver with your own payloads.
 *
 * @example
 * ```ts
 * const { body, headers } = await signWebhook({ secret: 'whsec_test', payload: event });
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export const signWebhook: (options: SignWebhookOptions) => Promise<SignedWebhook> =
  core.signWebhook;

/**
 * The `X-Service-Signature` value of a body and timestamp.
 *
 * @example
 * ```ts
 * await computeWebhookSignature('whsec_abc', 1763726400, '{"id":"evt_1"}'); // 'sha256=5f0c…'
 * ```
 */
export const computeWebhookSignature: (
  secret: string,
  timestamp: number | string,
  rawBody: RawBody,
  options?: WebhookCryptoOptions,
) => Promise<string> = core.computeWebhookSignature;

/**
 * The `webhook-signature` entry (Standard Webhooks) of a delivery: `v1,` and the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<raw body>`, keyed as every Standard Webhooks library
 * keys a `whsec_` secret, with the bytes its base64 encodes. An older secret (`whsec_` +
 * 43 base64url characters, issued before secrets were standard base64) is keyed with the
 * UTF-8 bytes of the whole string, as it always was.
 *
 * @example
 * ```ts
 * await computeStandardWebhookSignature('whsec_abc', 'evt_1', 1763726400, '{"id":"evt_1"}'); // 'v1,…='
 * ```
 */
export const computeStandardWebhookSignature: (
  secret: string,
  id: string,
  timestamp: number | string,
  rawBody: RawBody,
  options?: WebhookCryptoOptions,
) => Promise<string> = core.computeStandardWebhookSignature;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** An id shaped like Reelay's: prefix, then 26 lower-case Crockford base32 characters. */
function fakeId(prefix: string): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(26));
  return `${prefix}_${Array.from(bytes, (byte) => CROCKFORD[byte % 32]).join('')}`;
}

/**
 * Options of {@link createTestWebhook}.
 *
 * @example
 * ```ts
 * const options: TestWebhookOptions = { secret: 'whsec_test', type: 'post.partial', profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy' };
 * ```
 */
export interface TestWebhookOptions<Type extends WebhookEventType = WebhookEventType> {
  /** The subscription secret your receiver verifies with (`whsec_…`). */
  secret: string;
  /** Event type; default `post.published`. */
  type?: Type;
  /** Fields of `data.post` to use instead of the generated ones. */
  post?: Partial<WebhookPost>;
  /** `comment.received` only: fields of `data.comment` to use instead of the generated ones. */
  comment?: Partial<CommentReceivedEvent['data']['comment']>;
  /** `data.platforms`; default one Instagram target whose status fits the event. */
  platforms?: WebhookPostTarget[];
  projectId?: string;
  profileId?: string | null;
  /** Event id; default a new `evt_…`. Send the same id twice to test deduplication. */
  id?: string;
  /** Unix seconds of the signature; default now. Move it to test the 300 s tolerance. */
  timestamp?: number;
  /** Base of `links.api`; default `https://reelay.example.com`. */
  baseUrl?: string;
}

/**
 * A signed test delivery: what to send (`body`, `headers`) and what it means (`event`).
 *
 * @example
 * ```ts
 * const { body, headers, event }: TestWebhook = await createTestWebhook({ secret });
 * ```
 */
export interface TestWebhook<
  Type extends WebhookEventType = WebhookEventType,
> extends SignedWebhook {
  /** The event, as `verifyWebhook` will return it. */
  event: Extract<WebhookEvent, { type: Type }>;
}

function targetFor(
  type: PostEventType,
  profileId: string | null,
  at: string,
  index: number,
): WebhookPostTarget {
  const failed = type === 'post.failed' || (type === 'post.partial' && index === 1);
  const waiting = TARGET_BEFORE_PUBLISHING[type];
  const published = !failed && waiting === undefined;
  return {
    platform: 'instagram',
    integrationId: fakeId('int'),
    profileId,
    status: failed ? 'failed' : (waiting ?? 'published'),
    platformPostId: published ? String(17_895_695_668_004_550 + index) : null,
    platformPostUrl: published ? `https://www.instagram.com/p/C7x1y2z${index}/` : null,
    publishedAt: published ? at : null,
    errorCode: failed ? 'TOKEN_INVALID' : null,
    errorMessage: failed ? 'O token da conta expirou ou foi revogado; reconecte a conta.' : null,
    warningMessage: null,
  };
}

/** The targets' status of the events sent before anything is published. */
const TARGET_BEFORE_PUBLISHING: Partial<Record<PostEventType, WebhookPostTarget['status']>> = {
  'post.scheduled': 'scheduled',
  'post.awaiting_approval': 'awaiting_approval',
  'post.approved': 'scheduled',
  'post.rejected': 'draft',
};

const POST_STATUS: Record<PostEventType, WebhookPost['status']> = {
  'post.scheduled': 'scheduled',
  'post.published': 'published',
  'post.partial': 'partial',
  'post.failed': 'failed',
  'post.awaiting_approval': 'awaiting_approval',
  'post.approved': 'scheduled',
  'post.rejected': 'draft',
};

/** The `data` of a post event, its targets' status fitting the event. */
function postData(
  type: PostEventType,
  options: TestWebhookOptions,
  at: { profileId: string | null; postId: string; at: string; base: string; timestamp: number },
): { post: WebhookPost; platforms: WebhookPostTarget[] } {
  const { profileId, postId, base, timestamp } = at;
  const scheduled = type === 'post.scheduled';
  const platforms =
    options.platforms ??
    (type === 'post.partial'
      ? [targetFor(type, profileId, at.at, 0), targetFor(type, profileId, at.at, 1)]
      : [targetFor(type, profileId, at.at, 0)]);
  return {
    post: {
      id: postId,
      status: POST_STATUS[type],
      content: 'Bom dia! #café',
      scheduledFor: scheduled ? new Date((timestamp + 3600) * 1000).toISOString() : null,
      publishedAt: type === 'post.published' || type === 'post.partial' ? at.at : null,
      mediaItems: [{ type: 'image', url: `${base}/media/${randomId()}.jpg` }],
      links: { api: `${base}/v1/posts/${postId}` },
      ...options.post,
    },
    platforms,
  };
}

/** The comment of a `comment.received` event: someone asking a question under a post. */
function testComment(
  profileId: string | null,
  postId: string,
  at: string,
  fields: TestWebhookOptions['comment'],
): CommentReceivedEvent['data']['comment'] {
  return {
    id: fakeId('cmt'),
    platformCommentId: '17858893269000001',
    integrationId: fakeId('int'),
    postId,
    platformMediaId: '17895695668004550',
    parentId: null,
    username: 'ana.souza',
    text: 'Quanto custa?',
    createdAt: at,
    hidden: false,
    deleted: false,
    status: 'unread',
    fromSelf: false,
    assigneeId: null,
    privateReplySentAt: null,
    profileId,
    accountUsername: 'padaria.exemplo',
    ...fields,
  };
}

/**
 * A realistic, signed delivery of one event, exactly as Reelay sends it: the body, the
 * four `X-Service-*` headers, the three Standard Webhooks ones and the parsed event. For
 * testing your own receiver.
 *
 * @example
 * ```ts
 * const delivery = await createTestWebhook({ secret: 'whsec_test', type: 'post.failed' });
 * const answer = await fetch('http://localhost:3000/webhooks/reelay', {
 *   method: 'POST', body: delivery.body, headers: delivery.headers,
 * });
 * expect(answer.status).toBe(204);
 * ```
 */
export async function createTestWebhook<Type extends WebhookEventType = 'post.published'>(
  options: TestWebhookOptions<Type>,
): Promise<TestWebhook<Type>> {
  const type = (options.type ?? 'post.published') as Type;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const at = new Date(timestamp * 1000).toISOString();
  const profileId = options.profileId === undefined ? null : options.profileId;
  const postId = options.post?.id ?? fakeId('post');
  const base = (options.baseUrl ?? 'https://reelay.example.com').replace(/\/+$/, '');
  const envelope = {
    version: WEBHOOK_PAYLOAD_VERSION,
    id: options.id ?? fakeId('evt'),
    type,
    createdAt: at,
    projectId: options.projectId ?? fakeId('proj'),
    profileId,
  };
  const event = (
    type === 'comment.received'
      ? { ...envelope, data: { comment: testComment(profileId, postId, at, options.comment) } }
      : {
          ...envelope,
          data: postData(type as PostEventType, options, {
            profileId,
            postId,
            at,
            base,
            timestamp,
          }),
        }
  ) as Extract<WebhookEvent, { type: Type }>;
  const signed = await signWebhook({ secret: options.secret, payload: event, timestamp });
  return { ...signed, event };
}
