import { describe, expect, it } from 'vitest';
import { createInFlightRequests } from './in-flight';

const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('routes in flight', () => {
  it('settles at once when none runs', async () => {
    expect(await createInFlightRequests().settled(1_000)).toBe(0);
  });

  it('settles when the last running route ends, whether it succeeded or failed', async () => {
    const inFlight = createInFlightRequests();
    inFlight.track(later(30, 'answered'));
    inFlight.track(later(60, null).then(() => Promise.reject(new Error('route failed'))));
    expect(await inFlight.settled(0)).toBe(2);
    const started = Date.now();
    expect(await inFlight.settled(5_000)).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(await inFlight.settled(0)).toBe(0);
  });

  it('gives up after the wait with how many still run', async () => {
    const inFlight = createInFlightRequests();
    inFlight.track(new Promise(() => {}));
    inFlight.track(later(10, 'answered'));
    expect(await inFlight.settled(100)).toBe(1);
  });
});
