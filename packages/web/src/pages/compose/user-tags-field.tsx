/**
 * The people tagged in a post, one row each: the username, and where the kind has one the
 * position in the image (feed and carousel images need it, Stories may leave it out) and
 * the carousel item. A Reel tag is a username only: Instagram has no position for it.
 */
import type { PostKind } from '@reelay/sdk';
import { useT } from '../../i18n';
import { USER_TAGS_MAX, type TagDraft } from './compose-rules';
import { describedBy, FieldNote, noteId } from './field-note';
import { TagPositionInputs } from './tag-position-inputs';
import type { MediaItem } from './use-media-items';

export interface UserTagsFieldProps {
  /** The id of the fieldset; rows and hints take ids from it. */
  id: string;
  /** The key errors of this field have (`platforms.N.options.userTags`). */
  field: string;
  kind: PostKind;
  tags: readonly TagDraft[];
  items: readonly MediaItem[];
  error: string | null;
  onChange(tags: TagDraft[]): void;
}

let tags = 0;

export function UserTagsField(props: UserTagsFieldProps) {
  const t = useT();
  const { id, field, kind, error } = props;
  const images = props.items.filter((item) => item.media?.type === 'image');
  const placed = kind !== 'reel';
  const hintId = `${id}-hint`;

  function update(tag: TagDraft, change: Partial<TagDraft>) {
    props.onChange(props.tags.map((item) => (item.id === tag.id ? { ...item, ...change } : item)));
  }

  return (
    <fieldset
      class="option user-tags"
      id={id}
      tabIndex={-1}
      data-invalid={error ? 'true' : undefined}
      aria-describedby={describedBy(hintId, error && noteId(field))}
    >
      <legend>{t('compose.options.userTags')}</legend>
      <small id={hintId}>
        {kind === 'story'
          ? t('compose.options.userTagsStoryHint')
          : kind === 'reel'
            ? t('compose.options.userTagsReelHint', { max: USER_TAGS_MAX })
            : t('compose.options.userTagsHint', { max: USER_TAGS_MAX })}
      </small>
      {props.tags.map((tag, position) => {
        const tagId = `${id}-${tag.id}`;
        return (
          <fieldset key={tag.id} class="tag-row">
            <legend>{t('compose.options.tagLabel', { position: position + 1 })}</legend>
            <label>
              {t('compose.options.tagUsername')}
              <input
                id={`${tagId}-username`}
                value={tag.username}
                autocomplete="off"
                onInput={(event) => update(tag, { username: event.currentTarget.value })}
              />
            </label>
            {placed && (
              <TagPositionInputs x={tag.x} y={tag.y} onChange={(change) => update(tag, change)} />
            )}
            {kind === 'carousel' && images.length > 0 && (
              <label>
                {t('compose.options.tagItem')}
                <select
                  value={tag.itemKey ?? images[0]?.key ?? ''}
                  onChange={(event) => update(tag, { itemKey: event.currentTarget.value })}
                >
                  {props.items.map((item, index) =>
                    item.media?.type === 'image' ? (
                      <option key={item.key} value={item.key}>
                        {t('compose.options.itemNumber', { position: index + 1 })}
                      </option>
                    ) : null,
                  )}
                </select>
              </label>
            )}
            <button
              type="button"
              class="secondary outline"
              onClick={() => props.onChange(props.tags.filter((item) => item.id !== tag.id))}
            >
              {t('compose.options.removeTag', { position: position + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        class="secondary outline"
        disabled={props.tags.length >= USER_TAGS_MAX}
        onClick={() => {
          tags += 1;
          props.onChange([
            ...props.tags,
            { id: `tag-${tags}`, username: '', x: '', y: '', itemKey: images[0]?.key ?? null },
          ]);
        }}
      >
        {t('compose.options.addTag')}
      </button>
      <FieldNote field={field} text={error} />
    </fieldset>
  );
}
