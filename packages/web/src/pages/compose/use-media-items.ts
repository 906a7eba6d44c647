/**
 * The composer's media: files sent to `POST /v1/media` with their progress, addresses
 * imported by the server, media taken from the project's library, the order of a
 * carousel, and the local previews (object URLs of the files, released when an item
 * goes). The media library page sends its uploads through the same hook.
 */
import { MEDIA_LIMITS } from '@reelay/sdk';
import type { Media } from '@reelay/sdk';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { sameOriginUrl } from '../../components/media-facts';
import { useSessionClient } from '../../session/session-context';
import type { DraftItem } from './compose-rules';

export interface MediaItem extends DraftItem {
  /** The file's name, or the imported address. */
  name: string;
  origin: 'file' | 'url' | 'library';
  /** What the browser may show: an object URL of the file, or the server's own URL. */
  previewUrl: string | null;
  /** Image or video, known from the file before the server answers. */
  localType: 'image' | 'video' | null;
  /** Share of the bytes sent, 0 to 1, while uploading. */
  progress: number;
  media: Media | null;
  /** Why the file was refused: a thrown API error, or a text key of `compose.problems`. */
  error: unknown;
}

let counter = 0;
function newKey(): string {
  counter += 1;
  return `item-${counter}`;
}

function typeOfMime(mime: string): 'image' | 'video' | null {
  if ((MEDIA_LIMITS.image.mimes as readonly string[]).includes(mime)) return 'image';
  if ((MEDIA_LIMITS.video.mimes as readonly string[]).includes(mime)) return 'video';
  return null;
}

/** Why a file cannot be sent at all, before trying: its type or its size. */
function refusalOf(file: File): string | null {
  const type = typeOfMime(file.type);
  if (!type) return 'fileType';
  const max = type === 'image' ? MEDIA_LIMITS.image.maxBytes : MEDIA_LIMITS.directUploadMaxBytes;
  return file.size > max ? 'fileTooLarge' : null;
}

/**
 * @example
 * ```ts
 * const media = useMediaItems();
 * media.addFiles(input.files);
 * ```
 */
export function useMediaItems() {
  const session = useSessionClient();
  const [items, setItems] = useState<MediaItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: string, change: Partial<MediaItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  // Object URLs live until their item goes or the page does.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) {
        if (item.origin === 'file' && item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      }
    },
    [],
  );

  /** Sends files; answers how many did not fit in the post (10 items at most). */
  const addFiles = useCallback(
    (files: Iterable<File>): number => {
      const room = MEDIA_LIMITS.itemsPerPost.max - itemsRef.current.length;
      const all = [...files];
      const taken = all.slice(0, Math.max(0, room));
      const added: MediaItem[] = taken.map((file) => {
        const refusal = refusalOf(file);
        return {
          key: newKey(),
          name: file.name,
          origin: 'file',
          previewUrl: refusal ? null : URL.createObjectURL(file),
          localType: typeOfMime(file.type),
          status: refusal ? 'failed' : 'uploading',
          progress: 0,
          media: null,
          error: refusal,
        };
      });
      setItems((current) => [...current, ...added]);
      added.forEach((item, index) => {
        if (item.status !== 'uploading') return;
        session.api.media
          .upload(taken[index]!, {
            onProgress: ({ loaded, total }) =>
              update(item.key, { progress: total > 0 ? loaded / total : 0 }),
          })
          .then(({ media }) => update(item.key, { status: 'ready', progress: 1, media }))
          .catch((error: unknown) => update(item.key, { status: 'failed', error }));
      });
      return all.length - taken.length;
    },
    [update],
  );

  /** Asks the server to import an address; throws the API's refusal. */
  const addUrl = useCallback(async (url: string): Promise<void> => {
    const { media } = await session.api.media.upload({ url });
    setItems((current) => [
      ...current,
      {
        key: newKey(),
        name: url,
        origin: 'url',
        previewUrl: sameOriginUrl(media.url),
        localType: media.type,
        status: 'ready',
        progress: 1,
        media,
        error: null,
      },
    ]);
  }, []);

  /**
   * Adds media the server already keeps (chosen in the library), as ready items; answers
   * how many did not fit in the post.
   */
  const addMedia = useCallback((list: readonly Media[], nameOf: (media: Media) => string) => {
    const room = MEDIA_LIMITS.itemsPerPost.max - itemsRef.current.length;
    const taken = list.slice(0, Math.max(0, room));
    setItems((current) => [
      ...current,
      ...taken.map((media): MediaItem => ({
        key: newKey(),
        name: nameOf(media),
        origin: 'library',
        previewUrl: sameOriginUrl(media.url),
        localType: media.type,
        status: 'ready',
        progress: 1,
        media,
        error: null,
      })),
    ]);
    return list.length - taken.length;
  }, []);

  const remove = useCallback((key: string) => {
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone?.origin === 'file' && gone.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((item) => item.key !== key);
    });
  }, []);

  /** Moves an item to another position (a carousel's order is the post's order). */
  const move = useCallback((from: number, to: number) => {
    setItems((current) => {
      if (from === to || to < 0 || to >= current.length || !current[from]) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    for (const item of itemsRef.current) {
      if (item.origin === 'file' && item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    }
    setItems([]);
  }, []);

  return { items, addFiles, addUrl, addMedia, remove, move, clear };
}
