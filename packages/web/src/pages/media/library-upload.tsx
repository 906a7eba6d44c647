/**
 * Uploading to the library: files picked or dropped go through the composer's upload
 * code (progress, the checks of type and size before sending), and each leaves the list
 * once the server has it, announced, for the library to show. A refused file stays,
 * with the reason, until dismissed.
 */
import { useEffect } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { FileDropZone } from '../../components/file-drop-zone';
import { UploadProgress } from '../../components/upload-progress';
import { useT } from '../../i18n';
import { useMediaItems } from '../compose/use-media-items';

export interface LibraryUploadProps {
  /** A file reached the library. */
  onAdded(name: string): void;
  /** Something to announce (files left out). */
  onNotice(text: string): void;
}

export function LibraryUpload({ onAdded, onNotice }: LibraryUploadProps) {
  const t = useT();
  const uploads = useMediaItems();

  // A finished upload leaves the list: the library shows it from now on.
  useEffect(() => {
    for (const item of uploads.items) {
      if (item.status !== 'ready') continue;
      uploads.remove(item.key);
      onAdded(item.name);
    }
  }, [uploads.items]);

  function send(files: File[]) {
    const left = uploads.addFiles(files);
    onNotice(left > 0 ? t('library.tooMany', { count: left }) : '');
  }

  return (
    <section class="library-upload" aria-labelledby="library-upload-title">
      <h2 id="library-upload-title">{t('library.uploadTitle')}</h2>
      <FileDropZone
        inputId="library-files"
        chooseLabel={t('library.choose')}
        hint={{ id: 'library-files-hint', text: t('library.uploadHint') }}
        onFiles={send}
      />
      {uploads.items.length > 0 && (
        <ul class="library-uploads" aria-label={t('library.uploadsLabel')}>
          {uploads.items.map((item) => (
            <li key={item.key}>
              <span class="media-name">{item.name}</span>
              {item.status === 'uploading' ? (
                <UploadProgress name={item.name} progress={item.progress} />
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
