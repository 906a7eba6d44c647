/**
 * A free TCP port on 127.0.0.1, for servers whose address must be known before they
 * start (a public URL in their configuration, a process started later on the same port).
 *
 * Ports come from below Linux's ephemeral range (32768–60999 by default). A port the
 * system handed out for `listen(0)` is in that range, and between the probe closing and
 * the server listening, any outgoing connection of a busy test run (thousands of HTTP
 * calls) may take it as its own local port, failing the listen with EADDRINUSE.
 */
import { createServer } from 'node:net';

const LOWEST = 20_000;
const HIGHEST = 32_767;
const handedOut = new Set<number>();

function listensFreely(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, never the same twice in one process. */
export async function freePort(): Promise<number> {
  // A random start, so parallel test processes rarely probe the same port at once.
  let port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
  for (let tries = 0; tries <= HIGHEST - LOWEST; tries++) {
    if (!handedOut.has(port) && (await listensFreely(port))) {
      handedOut.add(port);
      return port;
    }
    port = port === HIGHEST ? LOWEST : port + 1;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST}`);
}
