/**
 * The project's saved replies, read once for a page and shared by its reply boxes and the
 * dialog that manages them: texts the team reuses, by title. Creating or deleting one
 * changes the list at once.
 */
import type { SavedReply } from '@reelay/sdk';
import { useLoad } from '../use-load';
import { useApi } from '../../session/session-context';

/**
 * @example
 * ```ts
 * const saved = useSavedReplies();
 * await saved.create({ title: 'Price', text: 'Prices are in the link in our bio.' });
 * ```
 */
export function useSavedReplies() {
  const api = useApi();
  const load = useLoad(
    async (signal) => (await api.savedReplies.list({ signal })).savedReplies,
    [api],
  );
  const byTitle = (list: SavedReply[]) => [...list].sort((a, b) => a.title.localeCompare(b.title));
  return {
    /** By title; null until read. */
    list: load.data,
    error: load.error,
    retry: load.retry,
    /** Saves a new reply; the server's refusal is thrown. */
    async create(body: { title: string; text: string }): Promise<SavedReply> {
      const { savedReply } = await api.savedReplies.create(body);
      load.update((current) => byTitle([...current, savedReply]));
      return savedReply;
    },
    /** Deletes one; the server's refusal is thrown. */
    async remove(reply: SavedReply): Promise<void> {
      await api.savedReplies.delete(reply.id);
      load.update((current) => current.filter((item) => item.id !== reply.id));
    },
  };
}

export type SavedReplies = ReturnType<typeof useSavedReplies>;
