/**
 * The rows with an action under way (a check, a pause), so each row shows its own
 * progress while the others stay usable.
 */
import { useState } from 'preact/hooks';

export function useBusyIds() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  return {
    has: (id: string) => ids.has(id),
    add: (id: string) => setIds((current) => new Set(current).add(id)),
    remove: (id: string) =>
      setIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      }),
  };
}
