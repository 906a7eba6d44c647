/**
 * `@reelay/emulator`: a local, in-memory imitation of the Instagram Graph API subset Reelay
 * uses (Instagram Login and Facebook Login OAuth, tokens, Pages, account info, containers, resumable
 * video upload, publishing, quotas,
 * comments and their moderation, mentions, private replies, Meta webhooks, insights and the
 * deauthorize/data-deletion callbacks), with a control API for faults, time and
 * inspection. See docs/emulator.md.
 *
 * @example
 * ```ts
 * import { createManualClock, startEmulator } from '@reelay/emulator';
 * const clock = createManualClock();
 * const emulator = await startEmulator({ clock, seed: 'test' });
 * const { id } = emulator.createAccount({ username: 'cafe.aurora' });
 * const { access_token } = emulator.mintToken(id);
 * // point the platform client at emulator.url …
 * await emulator.close();
 * ```
 */
export { startEmulator, type Emulator, type EmulatorOptions } from './start-emulator';
export { createManualClock, systemClock, type Clock, type ManualClock } from './clock';
export {
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  DEFAULT_BUSINESS_USE_CASE_CALL_LIMIT,
  DEFAULT_COMMENT_MAX_CHARS,
  DEFAULT_COMMENT_PAGE_MAX,
  DEFAULT_CONFIG,
  DEFAULT_FACEBOOK_APP_ID,
  DEFAULT_FACEBOOK_APP_SECRET,
  DEFAULT_RATE_LIMIT_CODE,
  type EmulatorConfig,
} from './emulator-config';
export { FACEBOOK_PREFIX } from './facebook/facebook-router';
export { UPLOAD_PREFIX } from './graph/upload-host';
export {
  FACEBOOK_LONG_LIVED_TOKEN_SECONDS,
  FACEBOOK_SHORT_LIVED_TOKEN_SECONDS,
} from './facebook/facebook-auth';
export {
  FACEBOOK_PERMISSIONS,
  PAGE_TASKS,
  type FacebookPermission,
  type PageTask,
} from './facebook/facebook-types';
export type {
  FacebookUserInput,
  FacebookUserView,
  PageInput,
  PageView,
} from './facebook/facebook-control';
export {
  createSignedRequest,
  deliverSignedRequest,
  type SignedRequestDelivery,
  type SignedRequestPayload,
} from './signed-request';
export { FAULT_KINDS, type Fault, type FaultKind, type FaultSpec } from './faults/fault-registry';
export type { LoggedRequest } from './state/request-log';
export { FEW_VIEWERS_MARKER } from './graph/insights';
export { peakHour } from './graph/online-followers';
export type { AccountInput, AccountView } from './state/accounts';
export type {
  CallbackKind,
  CallbackResult,
  ContainerView,
  MediaView,
  MintedToken,
} from './control/control-actions';
export type {
  CommentInput,
  CommentView,
  MentionInput,
  MentionResult,
  WebhooksView,
} from './control/comment-control';
export {
  DEFAULT_WEBHOOK_FIELDS,
  WEBHOOK_BATCH_MAX,
  WEBHOOK_RETRY_MS,
  type WebhookApp,
  type WebhookAttempt,
  type WebhookChange,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookInput,
  type WebhookRegistration,
} from './webhooks/webhook-dispatcher';
export { BUSINESS_USAGE_HEADER } from './graph/business-usage';
export { PRIVATE_REPLY_MAX_BYTES, PRIVATE_REPLY_WINDOW_MS } from './graph/private-reply';
export { SCOPES, type AccountType, type Scope } from './state/types';
export { LONG_LIVED_TOKEN_SECONDS, SHORT_LIVED_TOKEN_SECONDS } from './oauth/tokens';
export {
  DEFAULT_CLI_PORT,
  EMULATOR_CLI_OPTIONS,
  EmulatorOptionError,
  emulatorOptionsFromValues,
  parseCliArgs,
  type CliRequest,
  type EmulatorCliFlag,
  type EmulatorCliValues,
} from './cli-options';
