/** The API keys page's data: the keys of the project chosen in the header. */
import type { ListApiKeysResponse } from '@reelay/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { session } from '../../session/session';

export type ApiKey = ListApiKeysResponse['apiKeys'][number];

/**
 * Loads the keys, active first, newest first; `reload()` loads them again.
 *
 * @example
 * ```ts
 * const { keys, error, reload } = useApiKeys(projectId);
 * ```
 */
export function useApiKeys(projectId: string) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const { apiKeys } = await session.api.apiKeys.list(projectId);
      setKeys(
        [...apiKeys].sort(
          (a, b) =>
            Number(a.revokedAt !== null) - Number(b.revokedAt !== null) ||
            b.createdAt.localeCompare(a.createdAt),
        ),
      );
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [projectId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { keys, error, reload };
}
