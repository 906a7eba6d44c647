/** The API keys page's data: the keys of the project chosen in the header. */
import type { ListApiKeysResponse } from '@reelay/sdk';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type ApiKey = ListApiKeysResponse['apiKeys'][number];

/**
 * Loads the keys, active first, newest first.
 *
 * @example
 * ```ts
 * const keys = useApiKeys(projectId);
 * await keys.refresh();
 * ```
 */
export function useApiKeys(projectId: string) {
  const api = useApi();
  return useLoad(
    async (signal) => {
      const { apiKeys } = await api.apiKeys.list(projectId, { signal });
      return [...apiKeys].sort(
        (a, b) =>
          Number(a.revokedAt !== null) - Number(b.revokedAt !== null) ||
          b.createdAt.localeCompare(a.createdAt),
      );
    },
    [projectId],
  );
}
