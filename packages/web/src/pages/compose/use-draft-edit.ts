/**
 * A saved draft opened in the composer (`/app/compose?draft=<id>`, from the draft's page):
 * read with its media records (the rules need their type, size and dimensions), then
 * poured once into the composer's media and choices. A media no longer in the library is
 * left out: the draft's problems already name it. A post that is no longer a draft
 * (submitted meanwhile) is not filled in; the page says so.
 */
import type { Media, Post } from '@reelay/sdk';
import { useEffect, useRef } from 'preact/hooks';
import { mediaTitle } from '../../components/library-item';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';
import { choicesOfDraft, type useComposeChoices } from './use-compose-draft';
import type { useMediaItems } from './use-media-items';

/**
 * @param draftId - The draft to edit; null composes a new post (nothing is read).
 * @example
 * ```ts
 * const editing = useDraftEdit(query.draft ?? null, media, choices, zone);
 * if (editing.post) accountsChanged = !sameIds(choices.accountIds, editing.accountIds);
 * ```
 */
export function useDraftEdit(
  draftId: string | null,
  media: ReturnType<typeof useMediaItems>,
  choices: ReturnType<typeof useComposeChoices>,
  zone: string,
) {
  const api = useApi();
  const load = useLoad(
    async (signal) => {
      if (!draftId) return null;
      const { post } = await api.posts.get(draftId, { signal });
      const records = await Promise.all(
        post.mediaItems.map(async (item): Promise<Media | null> =>
          item.mediaId
            ? api.media.get(item.mediaId, { signal }).then(
                ({ media: { posts: _, ...record } }) => record,
                () => null,
              )
            : null,
        ),
      );
      return { post, media: records.filter((record): record is Media => record !== null) };
    },
    [draftId],
  );
  const filled = useRef<string | null>(null);
  const post: Post | null = load.data?.post ?? null;

  useEffect(() => {
    const data = load.data;
    if (!data || data.post.status !== 'draft' || filled.current === data.post.id) return;
    filled.current = data.post.id;
    media.clear();
    media.addMedia(data.media, (item) => mediaTitle(item, zone));
    choices.fill(choicesOfDraft(data.post));
  }, [load.data]);

  return {
    /** Editing a saved draft (as opposed to composing a new post). */
    active: draftId !== null,
    post,
    error: load.error,
    retry: load.retry,
    /** The draft's accounts as saved, in order. */
    accountIds: post?.platforms.map((target) => target.integrationId) ?? [],
  };
}
