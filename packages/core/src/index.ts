/**
 * `@reelay/core`: the framework-free heart of Reelay. The API contract (routes and zod
 * schemas), the error catalogue, ids, publishing rules, media limits, the post state
 * machine and webhook signing. No HTTP server and no SQL; runs in Node, Deno, Bun and
 * browsers. The OpenAPI builder lives at `@reelay/core/openapi`.
 *
 * @example
 * ```ts
 * import { routes, parseInput, verifyWebhook } from '@reelay/core';
 * const body = parseInput(routes.createPost.request.body['application/json'], input);
 * ```
 */
export * from './ids';
export * from './errors/catalogue';
export * from './errors/reelay-error';
export * from './validation/parse-input';
export * from './rules/caption';
export * from './rules/schedule';
export * from './rules/post-composition';
export * from './rules/login-mode-options';
export * from './media/media-rules';
export * from './media/media-kinds';
export * from './media/media-file-name';
export * from './posts/post-state';
export * from './scheduling/posting-slots';
export * from './scheduling/posting-suggestions';
export * from './scheduling/recurrence-rule';
export * from './publishing/next-step';
export * from './webhooks/signing';
export * from './webhooks/standard-webhooks';
export * from './webhooks/verify-webhook';
export * from './schemas/common';
export * from './schemas/account';
export * from './schemas/setup-checks';
export * from './schemas/setup-check-texts';
export * from './schemas/members';
export * from './schemas/activity';
export * from './schemas/auth';
export * from './schemas/profiles';
export * from './schemas/integrations';
export * from './schemas/posts';
export * from './schemas/media';
export * from './schemas/notifications';
export * from './schemas/webhook-payload';
export * from './schemas/meta-callbacks';
export * from './schemas/insights';
export * from './schemas/posting-slots';
export * from './schemas/recurrence';
export * from './schemas/series';
export * from './schemas/feeds';
export * from './contract/route';
export * from './contract/example-values';
export * from './contract/routes';
export * from './contract/path-for';
export * from './errors/credential-redaction';
export * from './vocabulary';
