/**
 * Adding media (a drop zone with a file picker, the project's library, or an address the
 * server imports), each
 * item with its upload progress and what the server measured (type, size, dimensions),
 * and the order of the items: "move left/right" buttons for the keyboard, drag and drop
 * for the mouse.
 */
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { FileDropZone } from '../../components/file-drop-zone';
import { mediaFacts } from '../../components/media-facts';
import { useT } from '../../i18n';
import { MEDIA_LIMITS, type PostKind } from '@reelay/core';
import type { LibraryMedia } from '../../components/media-library';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import { LibraryPicker } from './library-picker';
import type { MediaItem } from './use-media-items';

const ITEM_TYPE = 'application/x-reelay-media-item';

export interface MediaSectionProps {
  items: readonly MediaItem[];
  errorOf: ErrorOf;
  onFiles(files: File[]): void;
  onUrl(url: string): Promise<void>;
  /** The kind chosen (not inferred): the library offers what fits it. */
  kind: PostKind | null;
  onLibrary(media: LibraryMedia[]): void;
  onRemove(item: MediaItem): void;
  onMove(from: number, to: number): void;
}

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

export function MediaSection(props: MediaSectionProps) {
  const t = useT();
  const { items, errorOf } = props;
  const [url, setUrl] = useState('');
  const [importing, setImporting] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ key: string; direction: 'left' | 'right' } | null>(null);
  const mediaError = errorOf('mediaItems');

  // Focus stays on the button that moved the item, or on its twin once it reaches an end.
  useEffect(() => {
    if (!moved) return;
    const other = moved.direction === 'left' ? 'right' : 'left';
    const button = document.getElementById(`compose-move-${moved.direction}-${moved.key}`);
    const twin = document.getElementById(`compose-move-${other}-${moved.key}`);
    (button && !(button as HTMLButtonElement).disabled ? button : twin)?.focus();
    setMoved(null);
  }, [moved]);

  function move(item: MediaItem, index: number, direction: 'left' | 'right') {
    props.onMove(index, direction === 'left' ? index - 1 : index + 1);
    setMoved({ key: item.key, direction });
  }

  async function importUrl() {
    const address = url.trim();
    if (!address) {
      setUrlError(t('compose.media.urlMissing'));
      return;
    }
    setImporting(true);
    setUrlError(null);
    try {
      await props.onUrl(address);
      setUrl('');
    } catch (error) {
      setUrlError(describeError(error));
    } finally {
      setImporting(false);
    }
  }

  return (
    <section class="compose-media" aria-labelledby="compose-media-title">
      <h2 id="compose-media-title">{t('compose.media.title')}</h2>
      <FileDropZone
        inputId="compose-files"
        chooseLabel={t('compose.media.choose')}
        hint={{ id: 'compose-files-hint', text: t('compose.media.hint') }}
        onFiles={props.onFiles}
        invalid={Boolean(mediaError)}
        describedBy={describedBy('compose-files-hint', mediaError && noteId('mediaItems'))}
      >
        <FieldNote field="mediaItems" text={mediaError} />
      </FileDropZone>

      <div class="library-choice">
        <LibraryPicker
          kind={props.kind}
          room={MEDIA_LIMITS.itemsPerPost.max - items.length}
          onAdd={props.onLibrary}
        />
      </div>

      <div class="url-import">
        <label for="compose-url">{t('compose.media.urlLabel')}</label>
        <div role="group" class="inline-fields">
          <input
            id="compose-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            aria-invalid={urlError ? 'true' : undefined}
            aria-describedby={describedBy('compose-url-hint', urlError && 'compose-url-error')}
            onInput={(event) => setUrl(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter imports the address instead of sending the whole post.
              if (event.key === 'Enter') {
                event.preventDefault();
                void importUrl();
              }
            }}
          />
          <button
            type="button"
            class="secondary"
            aria-busy={importing ? 'true' : undefined}
            disabled={importing}
            onClick={() => void importUrl()}
          >
            {importing ? t('compose.media.importing') : t('compose.media.import')}
          </button>
        </div>
        <small id="compose-url-hint">{t('compose.media.urlHint')}</small>
        {urlError && (
          <small id="compose-url-error" class="field-error">
            {urlError}
          </small>
        )}
      </div>

      {items.length > 0 && (
        <ol class="media-list" aria-label={t('compose.media.listLabel')}>
          {items.map((item, index) => {
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
                draggable={items.length > 1}
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
                  if (Number.isInteger(from)) props.onMove(from, index);
                }}
              >
                <Thumb item={item} />
                <div class="media-body">
                  <p id={nameId} class="media-name">
                    <span class="media-position">{index + 1}.</span> {item.name}
                  </p>
                  {item.status === 'uploading' && (
                    <>
                      <progress
                        value={item.progress}
                        max={1}
                        aria-label={t('compose.media.uploading', { name: item.name })}
                      />
                      <small>
                        {t('compose.media.uploadingPercent', {
                          percent: Math.round(item.progress * 100),
                        })}
                      </small>
                    </>
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
                  {items.length > 1 && (
                    <>
                      <button
                        type="button"
                        id={`compose-move-left-${item.key}`}
                        class="secondary outline"
                        aria-label={t('compose.media.moveLeft', { name: item.name })}
                        disabled={index === 0}
                        onClick={() => move(item, index, 'left')}
                      >
                        <span aria-hidden="true">←</span>
                      </button>
                      <button
                        type="button"
                        id={`compose-move-right-${item.key}`}
                        class="secondary outline"
                        aria-label={t('compose.media.moveRight', { name: item.name })}
                        disabled={index === items.length - 1}
                        onClick={() => move(item, index, 'right')}
                      >
                        <span aria-hidden="true">→</span>
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    class="secondary outline"
                    aria-label={t('compose.media.removeLabel', { name: item.name })}
                    onClick={() => props.onRemove(item)}
                  >
                    {t('compose.media.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
