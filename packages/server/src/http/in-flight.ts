/**
 * The requests whose route is still running. A closing server must wait for them, not
 * only for their connections: a client that hangs up (a timeout, a load generator
 * stopping) closes its connection at once, while its route may still be reading or
 * writing the database. Closing the store under it would fail that route half-way.
 */

/**
 * How long a closing server waits for routes still running. Routes end in milliseconds
 * unless a platform call is slow (those may take up to 45 s); the wait stays well under
 * the 30 s a process manager usually grants after SIGTERM. A route still running then
 * fails when the store closes, and its transaction rolls back: nothing is half-written.
 */
export const CLOSE_ROUTES_WAIT_MS = 10_000;

export interface InFlightRequests {
  /** Counts `work` as running until it settles; its outcome is handled by the caller. */
  track(work: Promise<unknown>): void;
  /**
   * Resolves once none is running, or after `timeoutMs` with how many still were, so a
   * route stuck on something outside its control cannot keep a server from stopping.
   */
  settled(timeoutMs: number): Promise<number>;
}

/**
 * @example
 * ```ts
 * const inFlight = createInFlightRequests();
 * inFlight.track(route(req, res));
 * const left = await inFlight.settled(10_000);
 * ```
 */
export function createInFlightRequests(): InFlightRequests {
  let count = 0;
  let waiters: Array<() => void> = [];
  const finished = () => {
    count -= 1;
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  return {
    track(work) {
      count += 1;
      work.then(finished, finished);
    },
    settled(timeoutMs) {
      if (count === 0) return Promise.resolve(0);
      return new Promise<number>((resolve) => {
        const wake = () => {
          clearTimeout(giveUp);
          resolve(0);
        };
        const giveUp = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== wake);
          resolve(count);
        }, timeoutMs);
        waiters.push(wake);
      });
    },
  };
}
