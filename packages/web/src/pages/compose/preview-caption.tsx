/**
 * A caption under a post as Instagram shows it: the handle, then the first two lines or
 * 125 characters and "… more", which opens the rest (and "less" folds it again).
 */
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { foldCaption } from './compose-rules';

export function PreviewCaption({ name, caption }: { name: string; caption: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { shown, folded } = foldCaption(caption);
  return (
    <p class="preview-caption">
      <strong>{name}</strong> {folded && !open ? shown : caption}
      {folded && (
        <>
          {open ? ' ' : '… '}
          <button
            type="button"
            class="caption-more"
            aria-expanded={open ? 'true' : 'false'}
            onClick={() => setOpen(!open)}
          >
            {open ? t('composer.preview.less') : t('compose.preview.more')}
          </button>
        </>
      )}
    </p>
  );
}
