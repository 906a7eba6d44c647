/**
 * The world the CLI's end-to-end suite talks to: a real Reelay server (SQLite) wired to a
 * real Instagram emulator, and a local server of real image files for URL imports, all
 * started with the server's own test helpers. The clock is the wall clock plus an offset
 * the test can move: the `reelay` subprocess reads the real time (`--at +2h`), and the
 * server can still be pushed forward to finish its background work quickly.
 */
import type { ManualClock } from '../../../server/src';
import { testDialects } from '@reelay/test-support/dialects';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { startWithEmulator, type Platform } from '@reelay/test-support/with-emulator';

export interface CliPlatform extends Platform {
  media: MediaServer;
  clock: ManualClock;
  /** Runs due jobs, and moves the clock a little, until `done` says so (60 s at most). */
  settleUntil(done: () => Promise<boolean>, stepMs?: number): Promise<void>;
}

/**
 * The wall clock plus an offset: `advance` moves the offset, time keeps flowing.
 *
 * @example
 * ```ts
 * const clock = createLiveClock();
 * clock.advance(60_000); // a minute ahead of the wall clock from now on
 * ```
 */
export function createLiveClock(): ManualClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (time) => {
      offset = (typeof time === 'number' ? time : time.getTime()) - Date.now();
    },
  };
}

/**
 * Starts the emulator, the server (SQLite, sign-up open, private URLs allowed for the
 * media server on loopback) and the media server.
 *
 * @example
 * ```ts
 * const platform = await startCliPlatform();
 * afterAll(() => platform.close());
 * ```
 */
export async function startCliPlatform(): Promise<CliPlatform> {
  // SQLite is always first; the CLI's behaviour does not depend on the dialect.
  const sqlite = testDialects()[0]!;
  const clock = createLiveClock();
  const media = await startMediaServer();
  const platform = await startWithEmulator(sqlite, {
    clock,
    env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
  });
  const tasks = platform.server.reelay.tasks;
  return {
    ...platform,
    media,
    clock,
    async settleUntil(done, stepMs = 100) {
      // Time flows for real; each step also nudges the server ahead a little, to pass the
      // pipeline's polling waits sooner, but not so far that signatures made on the
      // server's clock fall outside a receiver's 300 s tolerance.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        await tasks.runDueJobs();
        if (await done()) return;
        clock.advance(stepMs);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the server did not settle in 60 s');
    },
    async close() {
      await platform.close();
      await media.close();
    },
  };
}
