import { describe, expect, it } from 'vitest';
import { createDestinationGate } from './destination-gate';

function gateAt(start = 0) {
  let time = start;
  const gate = createDestinationGate({
    slowAfterMs: 1000,
    slowInFlight: 2,
    inlineInFlight: 3,
    inlinePerDestination: 2,
    now: () => time,
  });
  return { gate, advance: (ms: number) => (time += ms) };
}

describe('the destination gate', () => {
  it('lets a receiver that answers fast take as many attempts as asked', () => {
    const { gate } = gateAt();
    const tickets = Array.from({ length: 10 }, () => gate.admit('ntf_fast'));
    expect(tickets.every((decision) => decision.admitted)).toBe(true);
  });

  it('caps a receiver whose attempt runs past the threshold, and defers the excess', () => {
    const { gate, advance } = gateAt();
    const first = gate.admit('ntf_slow');
    const second = gate.admit('ntf_slow');
    expect(first.admitted && second.admitted).toBe(true);
    advance(1001);
    expect(gate.isSlow('ntf_slow')).toBe(true);
    const third = gate.admit('ntf_slow');
    expect(third).toMatchObject({ admitted: false });
    expect((third as { retryInMs: number }).retryInMs).toBeGreaterThanOrEqual(1000);
    // Another receiver is not affected.
    expect(gate.admit('ntf_other').admitted).toBe(true);
  });

  it('keeps a receiver slow after a timeout, until a fast answer', () => {
    const { gate } = gateAt();
    const ticket = gate.admit('ntf_x');
    gate.finish('ntf_x', (ticket as { ticket: number }).ticket, 10_000, true);
    expect(gate.isSlow('ntf_x')).toBe(true);
    const again = gate.admit('ntf_x') as { ticket: number };
    gate.finish('ntf_x', again.ticket, 20, false);
    expect(gate.isSlow('ntf_x')).toBe(false);
  });

  it('measures from the moment the request goes out, not from the reservation', () => {
    const { gate, advance } = gateAt();
    const decision = gate.admitInline('ntf_db_busy') as { ticket: number };
    advance(5_000);
    gate.begin('ntf_db_busy', decision.ticket);
    expect(gate.isSlow('ntf_db_busy')).toBe(false);
  });

  it('bounds first attempts sent at once per receiver and per instance', () => {
    const { gate } = gateAt();
    expect(gate.admitInline('ntf_a')).toHaveProperty('ticket');
    expect(gate.admitInline('ntf_a')).toHaveProperty('ticket');
    expect(gate.admitInline('ntf_a')).toEqual({ refused: 'full' });
    expect(gate.admitInline('ntf_b')).toHaveProperty('ticket');
    expect(gate.admitInline('ntf_c')).toEqual({ refused: 'full' });
  });
});
