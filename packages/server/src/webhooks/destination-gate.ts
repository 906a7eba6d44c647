/**
 * Keeps one slow receiver from delaying the others (DESIGN.md "Webhooks"). Two parts:
 *
 * - An attempt holds a worker slot at most `holdSlotMs`; a slower answer is awaited in
 *   the background (see deliver-webhook.ts), so even a receiver that hangs for the whole
 *   10 s takes slots only briefly.
 * - This gate counts the attempts in flight per subscription, in this instance. Once a
 *   receiver is known to be slow (an attempt took longer than `slowAfterMs`, timed out,
 *   or is still running past it), it gets at most `slowInFlight` attempts at once; the
 *   excess waits and is tried again a moment later, spread out so a large backlog does
 *   not churn the queue. A fast answer ends the slow state.
 *
 * Times here are real (performance.now): they measure receivers, not the schedule.
 */
import { performance } from 'node:perf_hooks';

export interface DestinationGateOptions {
  /** An attempt slower than this marks its receiver slow. */
  readonly slowAfterMs: number;
  /** Attempts in flight allowed to a slow receiver. */
  readonly slowInFlight: number;
  /** First attempts sent at once by the dispatcher, in flight in this instance. */
  readonly inlineInFlight?: number;
  /** Of those, to one receiver. */
  readonly inlinePerDestination?: number;
  /** How long a receiver stays slow without a fast answer. */
  readonly slowForMs?: number;
  /** The real-time source (tests). */
  readonly now?: () => number;
}

interface DestinationState {
  inFlight: Map<number, number>;
  slowUntil: number;
  deferrals: number;
}

/** A first attempt sent at once (`ticket`), or why not: a slow receiver, or no slot now. */
export type InlineDecision = { readonly ticket: number } | { readonly refused: 'slow' | 'full' };

export type GateDecision =
  | { readonly admitted: true; readonly ticket: number }
  | { readonly admitted: false; readonly retryInMs: number };

/**
 * Creates a gate.
 *
 * @example
 * ```ts
 * const gate = createDestinationGate({ slowAfterMs: 1000, slowInFlight: 4 });
 * const decision = gate.admit(subscriptionId);
 * if (!decision.admitted) return { retryAt: clock.now() + decision.retryInMs };
 * try { await send(); } finally { gate.finish(subscriptionId, decision.ticket, durationMs, timedOut); }
 * ```
 */
export function createDestinationGate(options: DestinationGateOptions) {
  const now = options.now ?? (() => performance.now());
  const slowForMs = options.slowForMs ?? 5 * 60_000;
  const states = new Map<string, DestinationState>();
  let tickets = 0;
  const inline = new Set<number>();
  const inlineLimit = options.inlineInFlight ?? 0;
  const inlinePerDestination = options.inlinePerDestination ?? 0;

  function stateOf(destination: string): DestinationState {
    let state = states.get(destination);
    if (!state) {
      state = { inFlight: new Map(), slowUntil: 0, deferrals: 0 };
      states.set(destination, state);
    }
    return state;
  }

  function isSlow(state: DestinationState, at: number): boolean {
    if (state.slowUntil > at) return true;
    for (const started of state.inFlight.values()) {
      if (at - started > options.slowAfterMs) return true;
    }
    return false;
  }

  return {
    admit(destination: string): GateDecision {
      const at = now();
      const state = stateOf(destination);
      if (isSlow(state, at) && state.inFlight.size >= options.slowInFlight) {
        state.deferrals += 1;
        // One more second per round of deferrals, up to a minute, with jitter.
        const rounds = Math.floor((state.deferrals - 1) / options.slowInFlight);
        const retryInMs = Math.min(60_000, 1_000 * (1 + rounds)) + Math.floor(Math.random() * 250);
        return { admitted: false, retryInMs };
      }
      const ticket = ++tickets;
      state.inFlight.set(ticket, at);
      return { admitted: true, ticket };
    },

    /**
     * A slot for a first attempt the dispatcher sends at once, or `null`: none left in
     * this instance, too many to this receiver already, or the receiver is slow (then the
     * delivery goes through the queue, where the gate paces it).
     */
    admitInline(destination: string): InlineDecision {
      const state = stateOf(destination);
      if (isSlow(state, now())) return { refused: 'slow' };
      if (inline.size >= inlineLimit || state.inFlight.size >= inlinePerDestination) {
        if (state.inFlight.size === 0 && state.slowUntil === 0) states.delete(destination);
        return { refused: 'full' };
      }
      const ticket = ++tickets;
      state.inFlight.set(ticket, now());
      inline.add(ticket);
      return { ticket };
    },

    /**
     * Marks the moment a ticket's request goes out: how long it has been running is
     * measured from here, not from when its slot was reserved (database work before the
     * request must not make a receiver look slow).
     */
    begin(destination: string, ticket: number): void {
      const state = states.get(destination);
      if (state?.inFlight.has(ticket)) state.inFlight.set(ticket, now());
    },

    finish(destination: string, ticket: number, durationMs: number, timedOut: boolean): void {
      inline.delete(ticket);
      const state = states.get(destination);
      if (!state) return;
      state.inFlight.delete(ticket);
      state.deferrals = 0;
      const at = now();
      state.slowUntil = timedOut || durationMs > options.slowAfterMs ? at + slowForMs : 0;
      if (state.inFlight.size === 0 && state.slowUntil === 0) states.delete(destination);
    },

    /** Whether a receiver is slow now (tests, logs). */
    isSlow(destination: string): boolean {
      const state = states.get(destination);
      return state ? isSlow(state, now()) : false;
    },

    /** Attempts in flight to a receiver. */
    inFlight(destination: string): number {
      return states.get(destination)?.inFlight.size ?? 0;
    },
  };
}

export type DestinationGate = ReturnType<typeof createDestinationGate>;
