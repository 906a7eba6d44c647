/**
 * Uploading to the library: files picked or dropped go through the composer's upload
 * code (progress, the checks of type and size before sending), and each leaves the list
 * once the server has it, announced, for the library to show. A refused file stays,
 * with the reason, until dismissed.
 */
import { MEDIA_LIMITS } from '@reelay/core';
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { useT } from '../../i18n';
import { useMediaItems } from '../compose/use-media-items';

const ACCEPT = [...MEDIA_LIMITS.image.mimes, ...MEDIA_LIMITS.video.mimes].join(',');

export interface LibraryUploadProps {
  /** A file reached the library. */
  onAdded(name: string): void;
  /** Something to announce (files left out). */
  onNotice(text: string): void;
}

export function LibraryUpload({ onAdded, onNotice }: LibraryUploadProps) {
  const t = useT();
  const uploads = useMediaItems();
  const [dragging, setDragging] = useState(false);

  // A finished upload leaves the list: the library shows it from now on.
  useEffect(() => {
    for (const item of uploads.items) {
      if (item.status !== 'ready') continue;
      uploads.remove(item.key);
      onAdded(item.name);
    }
  }, [uploads.items]);

  function send(files: File[]) {
    if (files.length === 0) return;
    const left = uploads.addFiles(files);
    onNotice(left > 0 ? t('library.tooMany', { count: left }) : '');
  }

  return (
    <section class="library-upload" aria-labelledby="library-upload-title">
      <h2 id="library-upload-title">{t('library.uploadTitle')}</h2>
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
          send([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        <p aria-hidden="true">{t('compose.media.dropHere')}</p>
        <label for="library-files">{t('library.choose')}</label>
        <input
          id="library-files"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby="library-files-hint"
          onChange={(event) => {
            const input = event.currentTarget;
            send([...(input.files ?? [])]);
            input.value = '';
          }}
        />
        <small id="library-files-hint">{t('library.uploadHint')}</small>
      </div>
      {uploads.items.length > 0 && (
        <ul class="library-uploads" aria-label={t('library.uploadsLabel')}>
          {uploads.items.map((item) => (
            <li key={item.key}>
              <span class="media-name">{item.name}</span>
              {item.status === 'uploading' ? (
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
              ) : (
                <>
                  <small class="field-error">
                    {typeof item.error === 'string'
                      ? t(`compose.problems.${item.error}`)
                      : describeError(item.error)}
                  </small>
                  <button
                    type="button"
                    class="secondary outline"
                    aria-label={t('library.dismissLabel', { name: item.name })}
                    onClick={() => uploads.remove(item.key)}
                  >
                    {t('library.dismiss')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
