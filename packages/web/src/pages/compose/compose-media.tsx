/**
 * The composer's media section wired to the draft's media: what each change does, and
 * what it tells screen readers (files refused for lack of room, media added, removed or
 * moved).
 */
import { mediaTitle } from '../../components/library-item';
import { useT } from '../../i18n';
import type { ErrorOf } from './field-note';
import { MediaSection } from './media-section';
import type { useMediaItems } from './use-media-items';

export interface ComposeMediaProps {
  media: ReturnType<typeof useMediaItems>;
  /** The kind chosen (not inferred): the library offers what fits it. */
  kind: Parameters<typeof MediaSection>[0]['kind'];
  zone: string;
  errorOf: ErrorOf;
  /** Says a sentence through the page's live region. */
  onAnnounce(text: string): void;
}

export function ComposeMedia({ media, kind, zone, errorOf, onAnnounce }: ComposeMediaProps) {
  const t = useT();
  return (
    <MediaSection
      items={media.items}
      errorOf={errorOf}
      onFiles={(files) => {
        const left = media.addFiles(files);
        onAnnounce(left > 0 ? t('compose.media.tooMany', { count: left }) : '');
      }}
      onUrl={media.addUrl}
      kind={kind}
      onLibrary={(picked) => {
        const left = media.addMedia(picked, (item) => mediaTitle(item, zone));
        onAnnounce(
          left > 0
            ? t('compose.media.tooMany', { count: left })
            : t('compose.library.added', { count: picked.length }),
        );
      }}
      onRemove={(item) => {
        media.remove(item.key);
        onAnnounce(t('compose.media.removed', { name: item.name }));
      }}
      onMove={(from, to) => {
        const item = media.items[from];
        media.move(from, to);
        if (item) {
          onAnnounce(
            t('compose.media.moved', {
              name: item.name,
              position: to + 1,
              total: media.items.length,
            }),
          );
        }
      }}
    />
  );
}
