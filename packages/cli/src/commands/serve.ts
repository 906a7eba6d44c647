/**
 * `reelay serve`: the Reelay server, started exactly as `pnpm start` starts it
 * (`packages/server/src/main.ts`): configuration from the environment through the
 * server's own `loadConfig`, `createReelay`, the same first line, a clean stop on SIGTERM
 * and SIGINT. `--port` and `--host` are the same as `PORT` and `HOST`.
 */
import { CliError } from '../cli-error';
import type { CommandContext } from '../command-context';
import { integerOption } from '../options';
import { CLI_ENV_VARS } from '../settings';
import { t } from '../i18n';

export interface ServeOptions {
  port?: string;
  host?: string;
}

/**
 * The server's environment: the process's, less the CLI's own `REELAY_*` variables (the
 * server refuses unknown `REELAY_*` names, and `REELAY_API_KEY` in a shell is not a
 * server setting), plus `--port`/`--host`.
 *
 * @example
 * ```ts
 * serverEnvironment({ REELAY_API_KEY: 'rly_…', PORT: '80' }, { port: 8080 }); // { PORT: '8080' }
 * ```
 */
export function serverEnvironment(
  env: NodeJS.ProcessEnv,
  overrides: { port?: number | undefined; host?: string | undefined },
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = { ...env };
  for (const name of CLI_ENV_VARS) delete result[name];
  if (overrides.port !== undefined) result.PORT = String(overrides.port);
  if (overrides.host !== undefined) result.HOST = overrides.host;
  return result;
}

/**
 * Starts the server and resolves after it stopped on a signal.
 *
 * @example
 * ```ts
 * await serve({ port: '8080' }, ctx);
 * ```
 */
export async function serve(options: ServeOptions, ctx: CommandContext): Promise<void> {
  const port = integerOption(options.port, '--port', { max: 65535 });
  // The server and its dependencies load only here: other commands never pay for them.
  const { ConfigError, createReelay, loadConfig } = await import('@reelay/server');
  // A configuration the server cannot start with: at load, or at start (an encryption
  // key that does not fit the database). Exit code 3 and the message naming the variable.
  const refused = (error: unknown) =>
    error instanceof ConfigError
      ? new CliError('auth', error.message, {
          code: 'SERVER_CONFIG_INVALID',
          hint: t('serve.configHint'),
        })
      : error;
  let config;
  let reelay;
  try {
    config = loadConfig(serverEnvironment(process.env, { port, host: options.host }));
    reelay = await createReelay(config);
  } catch (error) {
    throw refused(error);
  }
  const url = await reelay.listen();
  const database =
    config.database.dialect === 'sqlite'
      ? t('serve.sqliteAt', { file: config.database.filename })
      : 'PostgreSQL';
  // Listened for before the line is out: a supervisor may signal as soon as it reads it.
  const signalled = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  // The same line as `pnpm start`; with --json, the same facts as one JSON line.
  ctx.out.line({ url, database: config.database.dialect, publicUrl: config.publicUrl }, () =>
    t('serve.listening', { url, database, publicUrl: config.publicUrl }),
  );
  const signal = await signalled;
  ctx.out.note(t('serve.stopping', { signal }));
  await reelay.close();
}
