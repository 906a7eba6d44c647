/**
 * Where media files come in: dropped on the zone or picked with the file input, images
 * and videos of the types the server takes. The composer and the media library both use
 * it, so dropping behaves the same in both.
 */
import { MEDIA_LIMITS } from '@reelay/sdk';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useT } from '../i18n';

const ACCEPT = [...MEDIA_LIMITS.image.mimes, ...MEDIA_LIMITS.video.mimes].join(',');

export interface FileDropZoneProps {
  /** The file input's id (its label points at it). */
  inputId: string;
  /** The label of the file input. */
  chooseLabel: string;
  /** The hint under the input, and its id. */
  hint: { id: string; text: string };
  /** Files dropped or picked; never called with none. */
  onFiles(files: File[]): void;
  /** The input's `aria-describedby` when more than the hint describes it. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Shown inside the zone, after the hint (a field's error note). */
  children?: ComponentChildren;
}

/**
 * @example
 * <FileDropZone inputId="library-files" chooseLabel={t('library.choose')}
 *   hint={{ id: 'library-files-hint', text: t('library.uploadHint') }} onFiles={send} />
 */
export function FileDropZone(props: FileDropZoneProps) {
  const t = useT();
  const [dragging, setDragging] = useState(false);
  const take = (files: File[]) => {
    if (files.length > 0) props.onFiles(files);
  };

  return (
    <div
      class={`drop-zone${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer?.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take([...(event.dataTransfer?.files ?? [])]);
      }}
    >
      <p aria-hidden="true">{t('compose.media.dropHere')}</p>
      <label for={props.inputId}>{props.chooseLabel}</label>
      <input
        id={props.inputId}
        type="file"
        multiple
        accept={ACCEPT}
        aria-invalid={props.invalid ? 'true' : undefined}
        aria-describedby={props.describedBy ?? props.hint.id}
        onChange={(event) => {
          const input = event.currentTarget;
          take([...(input.files ?? [])]);
          input.value = '';
        }}
      />
      <small id={props.hint.id}>{props.hint.text}</small>
      {props.children}
    </div>
  );
}
