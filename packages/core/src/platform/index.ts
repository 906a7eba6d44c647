/**
 * `@reelay/core/platform`: the Instagram platform client. Instagram Login (authorization
 * URL, callback, token exchange and refresh, account check), Facebook Login (the Login
 * dialog, user tokens, the Pages and their linked accounts), content publishing in
 * granular calls plus a pure container-request builder, the mapping of platform errors to
 * Reelay codes, and the verification of Meta's `signed_request`.
 *
 * @example
 * ```ts
 * import { buildContainerPlan, createInstagramClient } from '@reelay/core/platform';
 * const instagram = createInstagramClient({ appId, appSecret, redirectUri });
 * const plan = buildContainerPlan({ kind: 'feed', caption, media, options });
 * const { id } = await instagram.createContainer({ accessToken, igUserId, params: plan.container });
 * ```
 */
export * from './instagram-client';
export * from './instagram-insights';
export * from './instagram-comments';
export * from './instagram-client-options';
export * from './instagram-oauth';
export * from './instagram-platform-error';
export * from './container-requests';
export * from './container-status';
export * from './resumable-upload';
export * from './map-platform-error';
export * from './read-errors';
export * from './caption-refusal';
export * from './platform-error-table';
export * from './transport-error';
export * from './platform-call';
export * from './signed-request';
export * from './redact';
export * from './json-with-ids';
export * from './platform-id';
export * from './facebook-login';
export * from './facebook-login-client';
