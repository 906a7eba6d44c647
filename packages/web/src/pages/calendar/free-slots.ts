/**
 * The free posting slots the week view shows: the next free slots of each account the
 * calendar is filtered to (one account, a profile's accounts, or every account). One
 * request per account, so they are read only for a bounded number of accounts; with more,
 * the page asks the person to filter first.
 */
import { nextFreeSlots } from '../../components/posting-slots';
import { useLoad } from '../../components/use-load';
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
 * they change and on `refresh()`. An account whose slots cannot be read adds none, and the
 * error is kept for the page to show.
 *
 * @example
 * ```ts
 * const { slots, error, refresh } = useFreeSlots(['int_…'], view === 'week');
 * ```
 */
export function useFreeSlots(accountIds: readonly string[], active: boolean) {
  const api = useApi();
  const load = useLoad(async (): Promise<{ slots: AccountFreeSlot[]; error: unknown }> => {
    if (!active || accountIds.length === 0) return { slots: [], error: null };
    const answers = await Promise.allSettled(
      accountIds.map((accountId) =>
        nextFreeSlots(api, accountId, FREE_SLOTS_PER_ACCOUNT).then((answer) =>
          answer.slots.map((slot) => ({ accountId, at: slot.at })),
        ),
      ),
    );
    const slots: AccountFreeSlot[] = [];
    let error: unknown = null;
    for (const answer of answers) {
      if (answer.status === 'fulfilled') slots.push(...answer.value);
      else error ??= answer.reason;
    }
    return { slots, error };
  }, [accountIds.join(','), active]);
  return {
    slots: load.data?.slots ?? NO_SLOTS,
    error: load.data?.error ?? null,
    refresh: load.refresh,
  };
}

/** One empty list, so the calendar is not told of a change when there was none. */
const NO_SLOTS: readonly AccountFreeSlot[] = [];
