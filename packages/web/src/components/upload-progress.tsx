/**
 * The progress of one file being uploaded: a bar named after the file and its percentage,
 * as the composer and the media library both show it.
 *
 * @example
 * ```tsx
 * <UploadProgress name="bolo.jpg" progress={0.4} />
 * ```
 */
import { useT } from '../i18n';

export function UploadProgress(props: { name: string; progress: number }) {
  const t = useT();
  return (
    <>
      <progress
        value={props.progress}
        max={1}
        aria-label={t('compose.media.uploading', { name: props.name })}
      />
      <small>
        {t('compose.media.uploadingPercent', { percent: Math.round(props.progress * 100) })}
      </small>
    </>
  );
}
