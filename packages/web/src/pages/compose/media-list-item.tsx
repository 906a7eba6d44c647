/**
 * One media item of the draft: its preview, upload progress, what the server measured,
 * its problems, and the buttons that move or remove it. Dragging it onto another item
 * moves it there.
 */
import { describeError } from '../../components/api-error';
import { mediaFacts } from '../../components/media-facts';
import { UploadProgress } from '../../components/upload-progress';
import { useT } from '../../i18n';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import type { MediaItem } from './use-media-items';

const ITEM_TYPE = 'application/x-reelay-media-item';

function MediaFacts({ item }: { item: MediaItem }) {
  useT();
  if (!item.media) return null;
  return <p class="media-facts">{mediaFacts(item.media).join(' · ')}</p>;
}

function Thumb({ item }: { item: MediaItem }) {
  if (!item.previewUrl) return <div class="thumb empty" aria-hidden="true" />;
  return item.localType === 'video' ? (
    <video class="thumb" src={item.previewUrl} muted preload="metadata" aria-hidden="true" />
  ) : (
    <img class="thumb" src={item.previewUrl} alt="" />
  );
}

export interface MediaListItemProps {
  item: MediaItem;
  index: number;
  /** How many items the draft has. */
  count: number;
  errorOf: ErrorOf;
  /** The item at `from` was dropped on this one. */
  onDrop(from: number): void;
  onStep(direction: 'left' | 'right'): void;
  onRemove(): void;
}

export function MediaListItem({
  item,
  index,
  count,
  errorOf,
  onDrop,
  onStep,
  onRemove,
}: MediaListItemProps) {
  const t = useT();
  const nameId = `compose-item-name-${item.key}`;
  const problem = errorOf(`mediaItems.${index}`);
  const failure =
    item.status === 'failed'
      ? typeof item.error === 'string'
        ? t(`compose.problems.${item.error}`)
        : describeError(item.error)
      : null;
  return (
    <li
      key={item.key}
      id={`compose-item-${item.key}`}
      class={`media-item ${item.status}`}
      tabIndex={-1}
      aria-labelledby={nameId}
      aria-describedby={describedBy(
        failure && `compose-item-failure-${item.key}`,
        problem && noteId(`mediaItems.${index}`),
      )}
      data-invalid={failure || problem ? 'true' : undefined}
      draggable={count > 1}
      onDragStart={(event) => {
        event.dataTransfer?.setData(ITEM_TYPE, String(index));
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer?.types.includes(ITEM_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!event.dataTransfer?.types.includes(ITEM_TYPE)) return;
        event.preventDefault();
        const from = Number(event.dataTransfer.getData(ITEM_TYPE));
        if (Number.isInteger(from)) onDrop(from);
      }}
    >
      <Thumb item={item} />
      <div class="media-body">
        <p id={nameId} class="media-name">
          <span class="media-position">{index + 1}.</span> {item.name}
        </p>
        {item.status === 'uploading' && (
          <UploadProgress name={item.name} progress={item.progress} />
        )}
        <MediaFacts item={item} />
        {failure && (
          <small id={`compose-item-failure-${item.key}`} class="field-error">
            {failure}
          </small>
        )}
        <FieldNote field={`mediaItems.${index}`} text={problem} />
      </div>
      <div class="media-actions">
        {count > 1 && (
          <>
            <button
              type="button"
              id={`compose-move-left-${item.key}`}
              class="secondary outline"
              aria-label={t('compose.media.moveLeft', { name: item.name })}
              disabled={index === 0}
              onClick={() => onStep('left')}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              id={`compose-move-right-${item.key}`}
              class="secondary outline"
              aria-label={t('compose.media.moveRight', { name: item.name })}
              disabled={index === count - 1}
              onClick={() => onStep('right')}
            >
              <span aria-hidden="true">→</span>
            </button>
          </>
        )}
        <button
          type="button"
          class="secondary outline"
          aria-label={t('compose.media.removeLabel', { name: item.name })}
          onClick={onRemove}
        >
          {t('compose.media.remove')}
        </button>
      </div>
    </li>
  );
}
