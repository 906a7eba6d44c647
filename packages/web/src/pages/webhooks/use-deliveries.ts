/**
 * One subscription's deliveries, newest first: the first page is read through the shared
 * loader (when opened, when `version` changes, and on `refresh()`); `more()` appends the
 * next page to what is shown.
 */
import type { ListDeliveriesResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type Delivery = ListDeliveriesResponse['deliveries'][number];

const PAGE = 10;

/**
 * @example
 * ```ts
 * const { deliveries, total, busy, more } = useDeliveries(subscription.id, version);
 * ```
 */
export function useDeliveries(subscriptionId: string, version: number) {
  const api = useApi();
  const [moreBusy, setMoreBusy] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const first = useLoad(
    async (signal) => {
      // The list starts over: a failure to read further than before no longer applies.
      setMoreError(null);
      const page = await api.notifications.deliveries(
        subscriptionId,
        { limit: PAGE, offset: 0 },
        { signal },
      );
      return { deliveries: page.deliveries, total: page.total };
    },
    [subscriptionId, version],
  );

  async function more() {
    const offset = first.data?.deliveries.length ?? 0;
    setMoreBusy(true);
    try {
      const page = await api.notifications.deliveries(subscriptionId, { limit: PAGE, offset });
      first.update((current) => ({
        deliveries: [...current.deliveries, ...page.deliveries],
        total: page.total,
      }));
      setMoreError(null);
    } catch (caught) {
      setMoreError(caught);
    } finally {
      setMoreBusy(false);
    }
  }

  return {
    deliveries: first.data?.deliveries ?? null,
    total: first.data?.total ?? 0,
    error: first.error ?? moreError,
    busy: first.loading || moreBusy,
    refresh: () => void first.refresh(),
    more: () => void more(),
  };
}
