/**
 * The library's "Keep" switch: a media no post uses is deleted after some days unless
 * kept. The change is sent at once and the switch shows the state asked for meanwhile;
 * the page is then read again, so the card shows what the server holds, and the outcome
 * is announced.
 */
import { keepMedia, type LibraryMedia } from '../../components/media-library';
import { mediaTitle } from '../../components/library-item';
import type { Feedback } from '../../components/page-feedback';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

export interface MediaKeepOptions {
  zone: string;
  /** Reads the page again. */
  refresh(): Promise<unknown>;
  feedback: Feedback;
}

/**
 * @example
 * ```ts
 * const keeping = useMediaKeep({ zone, refresh: library.refresh, feedback });
 * await keeping.setKeep(media, true);
 * ```
 */
export function useMediaKeep({ zone, refresh, feedback }: MediaKeepOptions) {
  const api = useApi();
  const t = useT();
  /** The state asked for, by media, until the server's answer is read back. */
  const [pending, setPending] = useState<Readonly<Record<string, boolean>>>({});

  async function setKeep(media: LibraryMedia, keep: boolean) {
    const title = mediaTitle(media, zone);
    setPending((current) => ({ ...current, [media.id]: keep }));
    feedback.say('');
    try {
      await keepMedia(api, media.id, keep);
      await refresh();
      feedback.say(t(keep ? 'mediaUpkeep.kept' : 'mediaUpkeep.unkept', { title }));
    } catch (caught) {
      // The switch shows the old state again once the page is read back.
      await refresh().catch(() => undefined);
      feedback.fail(caught);
    } finally {
      setPending((current) => {
        const next = { ...current };
        delete next[media.id];
        return next;
      });
    }
  }

  /** The state asked for while the server has not answered, else undefined. */
  const pendingKeep = (id: string): boolean | undefined => pending[id];

  return { setKeep, pendingKeep };
}
