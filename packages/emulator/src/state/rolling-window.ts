/**
 * Events per key over a rolling window: the publishing quota and the container limit
 * both count "how many in the last 24 h", per account (reference §2 "Limits").
 */
export class RollingWindow {
  readonly #events = new Map<string, number[]>();

  constructor(readonly windowMs: number) {}

  record(key: string, at: number): void {
    const list = this.#events.get(key);
    if (list) list.push(at);
    else this.#events.set(key, [at]);
  }

  /** Events for `key` after `since` (default: the start of the window ending `now`). */
  count(key: string, now: number, since = now - this.windowMs): number {
    const list = this.#events.get(key);
    if (!list) return 0;
    // Events are recorded in clock order, so the stale ones are a prefix to drop.
    const cutoff = now - this.windowMs;
    let stale = 0;
    while (stale < list.length && (list[stale] as number) <= cutoff) stale++;
    if (stale > 0) list.splice(0, stale);
    if (since <= cutoff) return list.length;
    let n = 0;
    for (const at of list) if (at > since) n++;
    return n;
  }

  /** When the oldest event still in the window happened. */
  oldest(key: string, now: number): number | undefined {
    return this.count(key, now) === 0 ? undefined : this.#events.get(key)?.[0];
  }

  clear(): void {
    this.#events.clear();
  }
}
