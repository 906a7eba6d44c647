/**
 * The free posting slots the week view shows: the next free slots of each account the
 * calendar is filtered to (one account, a profile's accounts, or every account). One
 * request per account, so they are read only for a bounded number of accounts; with more,
 * the page asks the person to filter first.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { nextFreeSlots } from '../../components/posting-slots';
import { useApi } from '../../session/session-context';
import type { Integration } from './calendar-data';

/** Accounts whose free slots are read at once, at most (one request each). */
export const FREE_SLOT_ACCOUNTS_MAX = 10;
/** Free slots read per account: a few weeks of a schedule with a few slots a day. */
export const FREE_SLOTS_PER_ACCOUNT = 50;

/** A free slot of an account: where a post to it could go. */
export interface AccountFreeSlot {
  accountId: string;
  /** The instant, UTC ISO. */
  at: string;
}

/**
 * The accounts whose free slots to show for the calendar's filters, or `'too-many'`.
 *
 * @example
 * ```ts
 * slotAccounts(integrations, { profileId: 'prf_…' }); // ['int_…', 'int_…']
 * ```
 */
export function slotAccounts(
  integrations: readonly Integration[],
  filters: { accountId?: string | undefined; profileId?: string | undefined },
): string[] | 'too-many' {
  const usable = integrations.filter((account) => account.status !== 'revoked');
  let chosen = usable;
  if (filters.accountId) chosen = chosen.filter((account) => account.id === filters.accountId);
  if (filters.profileId) {
    chosen = chosen.filter((account) =>
      filters.profileId === 'null'
        ? account.profileId === null
        : account.profileId === filters.profileId,
    );
  }
  return chosen.length > FREE_SLOT_ACCOUNTS_MAX ? 'too-many' : chosen.map((account) => account.id);
}

/**
 * Reads the free slots of `accountIds` while `active` (the week view shows), again when
 * `readKey` changes. An account whose slots cannot be read adds none, and the error is
 * kept for the page to show.
 *
 * @example
 * ```ts
 * const { slots, error } = useFreeSlots(['int_…'], view === 'week', slotsKey);
 * ```
 */
export function useFreeSlots(accountIds: readonly string[], active: boolean, readKey: number) {
  const api = useApi();
  const [slots, setSlots] = useState<AccountFreeSlot[]>([]);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const key = accountIds.join(',');

  useEffect(() => {
    const request = ++latest.current;
    if (!active || accountIds.length === 0) {
      setSlots([]);
      setError(null);
      return;
    }
    void Promise.allSettled(
      accountIds.map((accountId) =>
        nextFreeSlots(api, accountId, FREE_SLOTS_PER_ACCOUNT).then((answer) =>
          answer.slots.map((slot) => ({ accountId, at: slot.at })),
        ),
      ),
    ).then((answers) => {
      if (request !== latest.current) return;
      const found: AccountFreeSlot[] = [];
      let failure: unknown = null;
      for (const answer of answers) {
        if (answer.status === 'fulfilled') found.push(...answer.value);
        else failure ??= answer.reason;
      }
      setSlots(found);
      setError(failure);
    });
  }, [key, active, readKey]);

  return { slots, error };
}
