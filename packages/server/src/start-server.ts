/**
 * The server program behind `reelay-server` and `pnpm start`: configuration from the
 * environment, the default data folder unless REELAY_DATA_DIR or DATABASE_URL says
 * otherwise, graceful shutdown on SIGTERM and SIGINT. Loaded by `main.ts` once the Node
 * version is known to be supported. What it prints follows the locale (start-up-texts.ts).
 */
import { userLanguage } from '@reelay/core/runtime';
import { ConfigError, loadConfig } from './config';
import { createReelay } from './create-reelay';
import { keepOutputFailuresFromEndingTheProcess } from './logger';
import { configErrorText, listeningText, startFailureText, stoppingText } from './start-up-texts';

async function serve(): Promise<void> {
  keepOutputFailuresFromEndingTheProcess();
  const config = loadConfig();
  const reelay = await createReelay(config);
  const url = await reelay.listen();

  let stopping = false;
  const shutdown = (signal: string) => {
    // Ctrl-C reaches the whole process group: under `pnpm start`, pnpm forwards the same
    // SIGINT once more. One clean shutdown answers both, ending with exit code 0.
    if (stopping) return;
    stopping = true;
    console.log(stoppingText(config.language, signal));
    reelay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Only now: a supervisor may signal as soon as it reads this line, and a signal that
  // arrives before the handlers exist kills the process without a clean shutdown.
  console.log(
    listeningText(config.language, {
      url,
      sqliteFile: config.database.dialect === 'sqlite' ? config.database.filename : undefined,
      publicUrl: config.publicUrl,
      metricsUrl: reelay.metricsUrl,
    }),
  );
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
    console.error(
      error instanceof ConfigError
        ? configErrorText(userLanguage(), error.message)
        : (startFailureText(userLanguage(), error) ?? error),
    );
    process.exit(1);
  });
}
