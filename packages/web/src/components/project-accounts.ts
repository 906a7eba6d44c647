/**
 * The project's profiles and connected accounts, read the same way by the accounts page,
 * the composer and the calendar.
 */
import type { ListIntegrationsResponse, ListProfilesResponse, Reelay } from '@reelay/sdk';

export type Integration = ListIntegrationsResponse['integrations'][number];
export type Profile = ListProfilesResponse['profiles'][number];

/** A project's profiles and accounts. */
export interface ProjectAccounts {
  profiles: Profile[];
  integrations: Integration[];
}

/**
 * Reads both lists at once.
 *
 * @example
 * ```ts
 * const { profiles, integrations } = await readProjectAccounts(api, signal);
 * ```
 */
export async function readProjectAccounts(
  api: Reelay,
  signal?: AbortSignal,
): Promise<ProjectAccounts> {
  const options = signal ? { signal } : {};
  const [{ profiles }, integrations] = await Promise.all([
    api.profiles.list(options),
    api.accounts.list({ limit: 100 }, options).toArray({ max: 1000 }),
  ]);
  return { profiles, integrations };
}
