/**
 * The composer's media section wired to the draft's media: what each change does, and
 * what it tells screen readers (files refused for lack of room, media added, removed or
 * moved). A picked image whose shape or width the kind refuses (core's rules) is offered
 * for cropping first, and the cropped file is what is uploaded.
 */
import { checkImage, type PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { mediaTitle } from '../../components/library-item';
import { useT } from '../../i18n';
import { CropDialog, readImage, type CropSource } from './crop-dialog';
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

/** Whether a picked image needs cropping for the kind: its shape or width is refused. */
function needsCrop(source: CropSource, kind: PostKind): boolean {
  if (kind === 'reel') return false; // a Reel takes no image: cropping would not help
  const { file, width, height } = source;
  const found = checkImage(
    { type: 'image', mime: file.type, size: file.size, width, height },
    kind,
  );
  return found?.reason === 'aspect' || found?.reason === 'width';
}

export function ComposeMedia({ media, kind, zone, errorOf, onAnnounce }: ComposeMediaProps) {
  const t = useT();
  // A single image is a feed post when no kind is chosen.
  const cropKind: PostKind = kind ?? 'feed';
  const [cropping, setCropping] = useState<CropSource | null>(null);

  function upload(files: File[]) {
    const left = media.addFiles(files);
    onAnnounce(left > 0 ? t('compose.media.tooMany', { count: left }) : '');
  }

  async function pick(files: File[]) {
    const image = files.length === 1 && files[0]!.type.startsWith('image/') ? files[0]! : null;
    const source = image ? await readImage(image) : null;
    if (source && needsCrop(source, cropKind)) setCropping(source);
    else {
      if (source) URL.revokeObjectURL(source.url);
      upload(files);
    }
  }

  return (
    <>
      {cropping && (
        <CropDialog
          source={cropping}
          kind={cropKind}
          onDone={(file) => {
            setCropping(null);
            upload([file]);
          }}
        />
      )}
      <MediaSection
        items={media.items}
        errorOf={errorOf}
        onFiles={(files) => void pick(files)}
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
    </>
  );
}
