/** What the limits of the options refuse in one account's options. */
import { captionLength, CAPTION_MAX_LENGTH, type LoginMode, type PostKind } from '@reelay/sdk';
import { splitUsernames } from './caption';
import type { OptionsDraft, Problems } from './draft';
import {
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  COLLABORATORS_MAX,
  optionsFor,
  PRODUCT_TAGS_MAX,
  USER_TAGS_MAX,
} from './option-rules';
import { percent } from './post-body';

/** A product's id in the shop's catalog: digits, as the API's schema takes it. */
const PRODUCT_ID = /^\d{1,30}$/;

/**
 * Adds to `problems` what the options of the account at `index` break, under the keys
 * of their form fields.
 */
export function optionProblems(
  kind: PostKind,
  draft: OptionsDraft,
  loginMode: LoginMode,
  index: number,
  problems: Problems,
): void {
  const allowed = new Set(optionsFor(kind, loginMode));
  const field = (option: string) => `platforms.${index}.options.${option}`;
  if (
    allowed.has('collaborators') &&
    splitUsernames(draft.collaborators).length > COLLABORATORS_MAX
  ) {
    problems[field('collaborators')] = {
      key: 'collaboratorsTooMany',
      values: { max: COLLABORATORS_MAX },
    };
  }
  if (allowed.has('userTags')) {
    if (draft.userTags.length > USER_TAGS_MAX) {
      problems[field('userTags')] = { key: 'tagsTooMany', values: { max: USER_TAGS_MAX } };
    } else {
      // Images need each tag's position; Stories may leave it out; Reels have none.
      const placed = kind === 'feed' || kind === 'carousel';
      const bad = draft.userTags.find(
        (tag) =>
          !tag.username.trim() ||
          (placed && (percent(tag.x) === null || percent(tag.y) === null)) ||
          (kind === 'story' &&
            ((tag.x.trim() !== '' && percent(tag.x) === null) ||
              (tag.y.trim() !== '' && percent(tag.y) === null))),
      );
      if (bad) problems[field('userTags')] = { key: placed ? 'tagIncomplete' : 'tagName' };
    }
  }
  if (allowed.has('productTags')) {
    if (draft.productTags.length > PRODUCT_TAGS_MAX) {
      problems[field('productTags')] = {
        key: 'productTagsTooMany',
        values: { max: PRODUCT_TAGS_MAX },
      };
    } else {
      const placed = kind === 'feed';
      const bad = draft.productTags.find(
        (tag) =>
          !PRODUCT_ID.test(tag.productId.trim()) ||
          (placed && (percent(tag.x) === null || percent(tag.y) === null)),
      );
      if (bad) {
        problems[field('productTags')] = { key: placed ? 'productIncomplete' : 'productId' };
      }
    }
  }
  if (allowed.has('altText')) {
    const texts = kind === 'feed' ? [draft.altText] : Object.values(draft.altTexts);
    if (texts.some((text) => [...text.trim()].length > ALT_TEXT_MAX_LENGTH)) {
      problems[field('altText')] = { key: 'altTextTooLong', values: { max: ALT_TEXT_MAX_LENGTH } };
    }
  }
  if (
    allowed.has('firstComment') &&
    captionLength(draft.firstComment.trim()) > CAPTION_MAX_LENGTH
  ) {
    problems[field('firstComment')] = {
      key: 'firstCommentTooLong',
      values: { max: CAPTION_MAX_LENGTH },
    };
  }
  if (allowed.has('thumbOffset') && draft.thumbOffset.trim() !== '') {
    const value = Number(draft.thumbOffset);
    if (!Number.isInteger(value) || value < 0)
      problems[field('thumbOffset')] = { key: 'thumbOffset' };
  }
  if (allowed.has('audioName') && captionLength(draft.audioName.trim()) > AUDIO_NAME_MAX_LENGTH) {
    problems[field('audioName')] = {
      key: 'audioNameTooLong',
      values: { max: AUDIO_NAME_MAX_LENGTH },
    };
  }
}
