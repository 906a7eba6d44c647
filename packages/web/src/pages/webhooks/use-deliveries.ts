/**
 * One subscription's deliveries, newest first, a page at a time: read when opened, when
 * `version` changes and on `refresh()`; `more()` appends the next page.
 */
import type { ListDeliveriesResponse } from '@reelay/sdk';
import { usePagedLoad } from '../../components/use-paged-load';
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
  const list = usePagedLoad<Delivery>(
    async (offset, signal) => {
      const page = await api.notifications.deliveries(
        subscriptionId,
        { limit: PAGE, offset },
        signal ? { signal } : {},
      );
      return { items: page.deliveries, total: page.total, read: page.deliveries.length };
    },
    [subscriptionId, version],
  );
  return {
    deliveries: list.items,
    total: list.total,
    error: list.error,
    busy: list.busy,
    refresh: () => void list.refresh(),
    more: () => void list.more(),
  };
}
