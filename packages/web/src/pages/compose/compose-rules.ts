/**
 * The composer's draft and what it turns into: the `POST /v1/posts` body, the problems
 * core's rules find in it before it is sent, and the form control an error's
 * `details.field` names. Pure: no DOM, no texts (problems are text keys with values),
 * so it runs in tests as it runs in the browser. Each part lives in `./rules/`.
 */
export * from './rules/caption';
export * from './rules/caption-fold';
export * from './rules/crop';
export * from './rules/check-draft';
export * from './rules/draft';
export * from './rules/draft-body';
export * from './rules/error-key';
export * from './rules/insert-snippet';
export * from './rules/option-problems';
export * from './rules/option-rules';
export * from './rules/post-body';
export * from './rules/preview-ratio';
