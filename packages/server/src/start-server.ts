/**
 * The server program behind `reelay-server` and `pnpm start`: configuration from the
 * environment, the default data folder unless REELAY_DATA_DIR or DATABASE_URL says
 * otherwise, graceful shutdown on SIGTERM and SIGINT. Loaded by `main.ts` once the Node
 * version is known to be supported.
 */
import { ConfigError, loadConfig } from './config';
import { createReelay } from './create-reelay';

async function serve(): Promise<void> {
  const config = loadConfig();
  const reelay = await createReelay(config);
  const url = await reelay.listen();
  const database =
    config.database.dialect === 'sqlite' ? `SQLite em ${config.database.filename}` : 'PostgreSQL';
  console.log(`Reelay ouvindo em ${url} (${database}); endereço público ${config.publicUrl}`);

  const shutdown = (signal: string) => {
    console.log(`${signal} recebido: encerrando…`);
    reelay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Starts the server; a configuration it cannot run with ends the process with exit code
 * 1 and the message alone.
 *
 * @example
 * ```ts
 * const { startServer } = await import('./start-server');
 * startServer();
 * ```
 */
export function startServer(): void {
  serve().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
