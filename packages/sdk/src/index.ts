/**
 * `@reelay/sdk`: the typed client of the Reelay API, generated from the same contract as
 * the server, plus webhook verification.
 *
 * @example
 * ```ts
 * import { Reelay, verifyWebhook } from '@reelay/sdk';
 *
 * const reelay = new Reelay({ apiKey: process.env.REELAY_API_KEY!, baseUrl: 'https://reelay.example.com' });
 * for await (const post of reelay.posts.list({ status: 'scheduled' })) console.log(post.id);
 *
 * const event = await verifyWebhook(rawBody, req.headers, process.env.REELAY_WEBHOOK_SECRET!);
 * ```
 */
export { Reelay } from './reelay';
export type {
  ReelayOptions,
  ApiKeyOptions,
  AccessTokenOptions,
  RequestOptions,
  UploadOptions,
  UploadProgress,
  RetryOptions,
  ReelayLogger,
  FetchLike,
} from './client/options';
export type { RouteInput } from './client/route';
export type { SdkRouteId } from './route-table';
export {
  ReelayError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  ValidationError,
  RateLimitError,
  AccountError,
  MediaError,
  ConnectionError,
  TimeoutError,
  isReelayError,
  retryClassOf,
  type KnownErrorCode,
  type SdkErrorCode,
} from './errors';
export type { HttpErrorCode, TargetErrorCode, RetryClass } from './generated/errors';
export { PageList, type ToArrayOptions } from './pagination';
export { DIRECT_UPLOAD_MAX_BYTES, type MediaSource } from './upload';
export {
  verifyWebhook,
  signWebhook,
  computeWebhookSignature,
  computeStandardWebhookSignature,
  createTestWebhook,
  WebhookVerificationError,
  WEBHOOK_HEADERS,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_VERSION,
  type TestWebhook,
  type TestWebhookOptions,
  type WebhookCryptoOptions,
  type WebhookVerificationReason,
  type WebhookVerificationCode,
  type VerifyWebhookOptions,
  type SignWebhookOptions,
  type SignedWebhook,
  type RawBody,
  type HeadersLike,
} from './webhooks';
/**
 * The contract's vocabulary, without its schemas: every limit as a named constant, the
 * closed value lists with their types, the options each kind of post takes, and wall
 * clocks in IANA time zones (see `@reelay/core/vocabulary`).
 */
export * from './vocabulary';
export * from './rules';
/** Recurring posts' occurrences (see `@reelay/core/recurrence`). */
/** The CSV bulk import's plan (see `@reelay/core/bulk`). */
export * from './bulk';
export * from './generated/resources';
export type * from './generated/types';
