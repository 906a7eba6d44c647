/**
 * Deleting a media from the library, after the person confirms. The server refuses while
 * a scheduled post uses it: the card then names those posts (their ids at once, their
 * status and time once the media's detail is read).
 */
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { deleteMedia, readMedia, type LibraryMedia } from '../../components/media-library';
import { mediaTitle } from '../../components/library-item';
import type { Feedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { Blocked } from './media-card';

export interface MediaRemovalOptions {
  zone: string;
  /** Media on the page shown, before the deletion. */
  shown: number;
  /** The page shown, from 1. */
  page: number;
  /** Reads the page again. */
  refresh(): Promise<unknown>;
  goToPage(page: number): void;
  feedback: Feedback;
  /** The deletion is over, done or refused: dialogs about the media close. */
  onSettled(): void;
}

/**
 * @example
 * ```ts
 * const removal = useMediaRemoval({ zone, shown, page, refresh, goToPage, feedback, onSettled });
 * removal.setConfirming(media);
 * ```
 */
export function useMediaRemoval(options: MediaRemovalOptions) {
  const api = useApi();
  const t = useT();
  const [confirming, setConfirming] = useState<LibraryMedia | null>(null);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<Record<string, Blocked>>({});

  function block(media: LibraryMedia, postIds: string[]) {
    setBlocked((current) => ({ ...current, [media.id]: { postIds, posts: null } }));
    // The detail names each post's status and time; the ids alone still link.
    readMedia(api, media.id).then(
      ({ media: detail }) =>
        setBlocked((current) => ({ ...current, [media.id]: { postIds, posts: detail.posts } })),
      () => undefined,
    );
  }

  async function confirmDelete() {
    const media = confirming;
    if (!media) return;
    const { zone, shown, page, refresh, goToPage, feedback, onSettled } = options;
    const title = mediaTitle(media, zone);
    setBusy(true);
    feedback.say('');
    try {
      await deleteMedia(api, media.id);
      setConfirming(null);
      onSettled();
      await refresh();
      // The last media of a later page gone: the page before it.
      if (shown === 1 && page > 1) goToPage(page - 1);
      feedback.say(t('library.deleted', { title }));
    } catch (caught) {
      setConfirming(null);
      onSettled();
      const ids = isReelayError(caught, 'MEDIA_IN_USE') ? caught.details?.postIds : undefined;
      if (Array.isArray(ids))
        block(
          media,
          ids.filter((id): id is string => typeof id === 'string'),
        );
      else feedback.fail(caught);
    } finally {
      setBusy(false);
    }
  }

  return { confirming, setConfirming, busy, blocked, confirmDelete };
}
