/**
 * `@reelay/core/rules`: the rules the API applies to a post, without its schemas, so a
 * client can tell a person what will be refused before anything is sent: the caption's
 * counts, the schedule window, each image or video against a kind's limits, the kind a
 * post's media resolve to, and what a kind refuses in each account's options. Messages
 * are the API's own (Portuguese); `@reelay/sdk` re-exports every name.
 *
 * @example
 * ```ts
 * import { captionTags, compositionIssues, resolvePostKind } from '@reelay/core/rules';
 * const kind = resolvePostKind(undefined, ['image', 'video']); // 'carousel'
 * compositionIssues('story', { content: 'Oi', mediaTypes: ['image'], platforms: [] });
 * // [{ field: 'content', message: 'Stories não têm legenda; deixe content vazio' }]
 * ```
 */
export {
  captionIssue,
  captionLength,
  captionTags,
  captionWarning,
  checkCaption,
  type CaptionIssue,
} from './caption';
export { checkScheduleWindow, parseOffsetDateTime } from './schedule';
export {
  checkImage,
  checkMedia,
  checkVideo,
  type ImageDescription,
  type MediaDescription,
  type MediaProblem,
  type MediaUsage,
  type VideoDescription,
} from '../media/media-rules';
export { compositionIssues, resolvePostKind, type PostComposition } from './post-composition';
export { loginModeIssues, type LoginModeTarget } from './login-mode-options';
export type { ValidationIssue } from '../validation/validation-error';
