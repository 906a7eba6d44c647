/**
 * Saving the composer's post as a draft (`draft: true`): what may be missing is left out
 * (accounts, media, time, and the kind while no media makes one) and the server keeps it
 * in the draft's `problems`; only what would be refused even in a draft is checked first
 * (a caption over the limits, uploads not finished or refused, too many media or
 * accounts, a time that does not exist). The queue is for posts sent now: a draft for it
 * is saved without a time. Editing a saved draft sends the same fields as a
 * `PATCH /v1/posts/{id}` body; its accounts only when they changed, since the options
 * stored with them are not shown again and would otherwise be lost.
 */
import { MEDIA_LIMITS, type CreatePostBody, type PostKind, type UpdatePostBody } from '@reelay/sdk';
import { zonedTime } from '../time-zone';
import { captionProblem } from './check-draft';
import { emptyOptions, type ComposeDraft, type Problems } from './draft';
import { ACCOUNTS_MAX } from './option-rules';
import { buildOptions } from './post-body';

/**
 * What a draft cannot be saved with, by field.
 *
 * @example
 * ```ts
 * checkDraftToSave({ ...draft, caption: '#a '.repeat(31) }); // { content: { key: 'captionHashtags', … } }
 * ```
 */
export function checkDraftToSave(draft: ComposeDraft): Problems {
  const problems: Problems = {};
  const { items } = draft;
  if (items.some((item) => item.status === 'uploading')) {
    problems.mediaItems = { key: 'mediaUploading' };
  } else if (items.some((item) => item.status === 'failed')) {
    problems.mediaItems = { key: 'mediaFailed' };
  } else if (items.length > MEDIA_LIMITS.itemsPerPost.max) {
    problems.mediaItems = { key: 'mediaTooMany', values: { max: MEDIA_LIMITS.itemsPerPost.max } };
  }
  const caption = captionProblem(draft.caption);
  if (caption) problems.content = caption;
  if (draft.accountIds.length > ACCOUNTS_MAX) {
    problems.platforms = { key: 'accountsTooMany', values: { max: ACCOUNTS_MAX } };
  }
  if (draft.when === 'schedule') {
    if (!draft.date || !draft.time) problems.scheduledFor = { key: 'scheduleMissing' };
    else if (!zonedTime(draft.date, draft.time, draft.timeZone)) {
      problems.scheduledFor = { key: 'scheduleSkipped' };
    }
  }
  return problems;
}

/** The fields a draft and its edit share; `kind` is the one the media make, if any. */
function draftFields(draft: ComposeDraft, kind: PostKind | null) {
  const items = draft.items.filter((item) => item.media);
  const scheduled =
    draft.when === 'schedule' ? zonedTime(draft.date, draft.time, draft.timeZone) : null;
  return {
    content: draft.caption,
    // Left out on "automatic": the media decide, now and after later edits.
    ...(draft.kindChoice === 'auto' ? {} : { kind: draft.kindChoice }),
    mediaItems: items.map((item) => ({ mediaId: item.media!.id })),
    platforms: draft.accountIds.map((accountId) => {
      const options = kind
        ? buildOptions(
            kind,
            draft.options[accountId] ?? emptyOptions(),
            items,
            draft.loginModes[accountId] ?? 'instagram',
          )
        : undefined;
      return { platform: 'instagram' as const, accountId, ...(options ? { options } : {}) };
    }),
    scheduledFor: scheduled ? scheduled.iso : null,
    timezone: draft.timeZone,
    ...(draft.evergreen ? { evergreen: true } : {}),
  };
}

/**
 * The `POST /v1/posts` body of a new draft.
 *
 * @example
 * ```ts
 * buildDraftBody(draft, null, 'compose-3f9a…'); // { draft: true, content: '…', mediaItems: [], … }
 * ```
 */
export function buildDraftBody(
  draft: ComposeDraft,
  kind: PostKind | null,
  idempotencyKey: string,
): CreatePostBody {
  const { scheduledFor, ...fields } = draftFields(draft, kind);
  return { draft: true, ...fields, ...(scheduledFor ? { scheduledFor } : {}), idempotencyKey };
}

/**
 * The `PATCH /v1/posts/{id}` body of a saved draft's edit: its accounts (with the options
 * chosen here) only when `accountsChanged`; `scheduledFor: null` takes its time away.
 *
 * @example
 * ```ts
 * buildDraftEdit(draft, 'feed', false); // { content, mediaItems, scheduledFor, timezone }
 * ```
 */
export function buildDraftEdit(
  draft: ComposeDraft,
  kind: PostKind | null,
  accountsChanged: boolean,
): UpdatePostBody {
  const { platforms, ...fields } = draftFields(draft, kind);
  // Unticked in the composer: a draft marked evergreen before is no longer.
  const edit = draft.evergreen === false ? { ...fields, evergreen: false } : fields;
  return accountsChanged ? { ...edit, platforms } : edit;
}
