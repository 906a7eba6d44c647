#!/usr/bin/env node
/**
 * Starts the Reelay server (`pnpm start`, `reelay-server`): configuration from the
 * environment, SQLite under ./data unless DATABASE_URL says otherwise, graceful shutdown
 * on SIGTERM and SIGINT.
 */
import { ConfigError, loadConfig } from './config';
import { createReelay } from './create-reelay';

async function main(): Promise<void> {
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
