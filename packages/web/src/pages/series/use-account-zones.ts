/**
 * The zones of the posting schedules of a post's accounts (`GET /v1/integrations/{id}/slots`),
 * accounts of one zone together: the zones their audiences are reached in. Accounts
 * without a schedule, or whose schedule cannot be read, name no zone.
 */
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export interface AccountZone {
  /** The accounts' names, joined. */
  names: string;
  zone: string;
}

/**
 * @example
 * ```ts
 * const zones = useAccountZones([{ id: 'int_1', name: '@cafe.aurora' }]);
 * // [{ names: '@cafe.aurora', zone: 'America/New_York' }]
 * ```
 */
export function useAccountZones(
  accounts: ReadonlyArray<{ id: string; name: string }>,
): AccountZone[] {
  const api = useApi();
  const load = useLoad(
    async (signal) => {
      const found = await Promise.all(
        accounts.map(async (account) => {
          const answer = await api.accounts.slots(account.id, { signal }).catch(() => null);
          return { name: account.name, zone: answer?.schedule.timezone ?? null };
        }),
      );
      const byZone = new Map<string, string[]>();
      for (const { name, zone } of found) {
        if (zone) byZone.set(zone, [...(byZone.get(zone) ?? []), name]);
      }
      return [...byZone].map(([zone, names]) => ({ zone, names: names.join(', ') }));
    },
    [accounts.map((account) => account.id).join()],
  );
  return load.data ?? [];
}
