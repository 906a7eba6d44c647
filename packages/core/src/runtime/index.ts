/**
 * `@reelay/core/runtime`: what entry points check about the process before loading the
 * rest of Reelay: the Node.js version and the user's language. Imports nothing, so it is
 * safe to load first on any Node.js version.
 *
 * @example
 * ```ts
 * import { exitUnlessSupportedNode } from '@reelay/core/runtime';
 * exitUnlessSupportedNode();
 * await import('./main-program');
 * ```
 */
export * from './node-version';
export * from './user-language';
