/**
 * Products of the account's Instagram Shop catalog tagged in a post, up to 5: each by its
 * numeric id, with its position on a feed image (a Reel's products take none). Offered to
 * accounts connected with Facebook Login only; for the others, {@link ProductTagsUnavailable}
 * says why.
 */
import type { PostKind } from '@reelay/sdk';
import { useT } from '../../i18n';
import { PRODUCT_TAGS_MAX, type ProductTagDraft } from './compose-rules';
import { describedBy, FieldNote, noteId } from './field-note';
import { TagPositionInputs } from './tag-position-inputs';

export interface ProductTagsFieldProps {
  /** The id of the fieldset; rows and hints take ids from it. */
  id: string;
  /** The key errors of this field have (`platforms.N.options.productTags`). */
  field: string;
  kind: PostKind;
  tags: readonly ProductTagDraft[];
  error: string | null;
  onChange(tags: ProductTagDraft[]): void;
}

let products = 0;

export function ProductTagsField(props: ProductTagsFieldProps) {
  const t = useT();
  const { id, field, kind, error } = props;
  const placed = kind === 'feed';
  const hintId = `${id}-hint`;

  function update(tag: ProductTagDraft, change: Partial<ProductTagDraft>) {
    props.onChange(props.tags.map((item) => (item.id === tag.id ? { ...item, ...change } : item)));
  }

  return (
    <fieldset
      class="option product-tags"
      id={id}
      tabIndex={-1}
      data-invalid={error ? 'true' : undefined}
      aria-describedby={describedBy(hintId, error && noteId(field))}
    >
      <legend>{t('compose.options.productTags')}</legend>
      <small id={hintId}>
        {placed
          ? t('compose.options.productTagsHint', { max: PRODUCT_TAGS_MAX })
          : t('compose.options.productTagsReelHint', { max: PRODUCT_TAGS_MAX })}
      </small>
      {props.tags.map((tag, position) => (
        <fieldset key={tag.id} class="tag-row">
          <legend>{t('compose.options.productLabel', { position: position + 1 })}</legend>
          <label>
            {t('compose.options.productId')}
            <input
              id={`${id}-${tag.id}-product`}
              value={tag.productId}
              inputMode="numeric"
              autocomplete="off"
              onInput={(event) => update(tag, { productId: event.currentTarget.value })}
            />
          </label>
          {placed && (
            <TagPositionInputs x={tag.x} y={tag.y} onChange={(change) => update(tag, change)} />
          )}
          <button
            type="button"
            class="secondary outline"
            onClick={() => props.onChange(props.tags.filter((item) => item.id !== tag.id))}
          >
            {t('compose.options.removeProduct', { position: position + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        class="secondary outline"
        disabled={props.tags.length >= PRODUCT_TAGS_MAX}
        onClick={() => {
          products += 1;
          props.onChange([
            ...props.tags,
            { id: `product-${products}`, productId: '', x: '', y: '' },
          ]);
        }}
      >
        {t('compose.options.addProduct')}
      </button>
      <FieldNote field={field} text={error} />
    </fieldset>
  );
}

/**
 * Why an account connected with Instagram Login is offered no product tags: Instagram
 * allows them only through its Facebook Login integration.
 */
export function ProductTagsUnavailable({ id }: { id: string }) {
  const t = useT();
  return (
    <div class="option option-unavailable" id={id}>
      <p>
        <strong>{t('compose.options.productTags')}</strong>
      </p>
      <p>{t('compose.options.productTagsUnavailable')}</p>
    </div>
  );
}
