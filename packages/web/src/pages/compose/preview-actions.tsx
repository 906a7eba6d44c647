/**
 * The bar under a feed post: like, comment and share on the left, save on the right,
 * drawn as Instagram's outlines. A single picture for assistive technology.
 */
import { useT } from '../../i18n';

const ICONS = {
  like: 'M12 20.5 4.6 13.2a4.6 4.6 0 0 1 6.5-6.5l.9.9.9-.9a4.6 4.6 0 0 1 6.5 6.5z',
  comment: 'M20.5 11.5a8.5 8.5 0 1 1-3.7-7 8.5 8.5 0 0 1 3.7 7l.5 8.5-4.2-2.4',
  share: 'M21.5 3 10 13.5M21.5 3l-7 18-4.5-7.5L2.5 9z',
  save: 'M19 21l-7-6.2L5 21V3h14z',
} as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" />
    </svg>
  );
}

export function PreviewActions() {
  const t = useT();
  return (
    <div class="preview-actions" role="img" aria-label={t('composer.preview.actions')}>
      <Icon path={ICONS.like} />
      <Icon path={ICONS.comment} />
      <Icon path={ICONS.share} />
      <span class="spacer" />
      <Icon path={ICONS.save} />
    </div>
  );
}
