/**
 * Moves the emulator's clock, so that a server on a manual clock and the platform it
 * talks to stay at the same time.
 *
 * @example
 * ```ts
 * clock.advance(60_000);
 * await advanceEmulatorClock(emulatorUrl, 60_000);
 * ```
 */
export async function advanceEmulatorClock(emulatorUrl: string, ms: number): Promise<void> {
  const answer = await fetch(`${emulatorUrl}/_emulator/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!answer.ok) throw new Error(`emulator clock: ${answer.status} ${await answer.text()}`);
}
