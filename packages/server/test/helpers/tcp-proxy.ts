/**
 * A TCP proxy in front of a server (PostgreSQL), which a test cuts to make the server
 * behind it vanish for its clients as a stopped database does: every open connection is
 * ended and new ones are refused, until the proxy is restored on the same port.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '@reelay/test-support/free-port';

export interface TcpProxy {
  /** The port clients connect to, on 127.0.0.1. */
  readonly port: number;
  /** Connections passed through so far. */
  readonly connections: number;
  /** Ends every connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `targetHost:targetPort`.
 *
 * @example
 * ```ts
 * const proxy = await startTcpProxy('127.0.0.1', 5432);
 * await proxy.cut(); // the database is "down"
 * await proxy.restore();
 * ```
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let connections = 0;
  let server: Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        connections++;
        const upstream = connect(targetPort, targetHost);
        open.add(client).add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    open.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port,
    get connections() {
      return connections;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
