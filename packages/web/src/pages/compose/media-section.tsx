/**
 * Adding media (a drop zone with a file picker, the project's library, or an address the
 * server imports), each
 * item with its upload progress and what the server measured (type, size, dimensions),
 * and the order of the items: "move left/right" buttons for the keyboard, drag and drop
 * for the mouse.
 */
import { useEffect, useState } from 'preact/hooks';
import { FileDropZone } from '../../components/file-drop-zone';
import { useT } from '../../i18n';
import { MEDIA_LIMITS, type PostKind } from '@reelay/sdk';
import type { LibraryMedia } from '../../components/media-library';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';
import { LibraryPicker } from './library-picker';
import { MediaListItem } from './media-list-item';
import { UrlImport } from './url-import';
import type { MediaItem } from './use-media-items';

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

export function MediaSection(props: MediaSectionProps) {
  const t = useT();
  const { items, errorOf } = props;
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

      <UrlImport onUrl={props.onUrl} />

      {items.length > 0 && (
        <ol class="media-list" aria-label={t('compose.media.listLabel')}>
          {items.map((item, index) => (
            <MediaListItem
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              errorOf={errorOf}
              onDrop={(from) => props.onMove(from, index)}
              onStep={(direction) => move(item, index, direction)}
              onRemove={() => props.onRemove(item)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
