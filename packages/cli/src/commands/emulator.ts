/**
 * `reelay emulator`: the local Instagram emulator (`@reelay/emulator`), with the options
 * of its own `reelay-emulator` command; stops on Ctrl-C or SIGTERM.
 */
import type { CommandContext } from '../command-context';
import { integerOption } from '../options';

export interface EmulatorCommandOptions {
  port?: string;
  host?: string;
  seed?: string;
  latencyMs?: string;
  containerProcessingMs?: string;
  videoProcessingMs?: string;
  quotaTotal?: string;
  appId?: string;
  appSecret?: string;
  /** `false` with `--no-fetch-media`. */
  fetchMedia?: boolean;
}

/** The emulator's port when none is given (as `reelay-emulator`). */
export const DEFAULT_EMULATOR_PORT = 8090;

/**
 * Starts the emulator and resolves after it stopped on a signal.
 *
 * @example
 * ```ts
 * await startEmulatorCommand({ port: '8090', seed: 'demo' }, ctx);
 * ```
 */
export async function startEmulatorCommand(
  options: EmulatorCommandOptions,
  ctx: CommandContext,
): Promise<void> {
  const settings = {
    port: integerOption(options.port, '--port', { max: 65535 }) ?? DEFAULT_EMULATOR_PORT,
    host: options.host,
    seed: options.seed,
    latencyMs: integerOption(options.latencyMs, '--latency-ms'),
    containerProcessingMs: integerOption(
      options.containerProcessingMs,
      '--container-processing-ms',
    ),
    videoProcessingMs: integerOption(options.videoProcessingMs, '--video-processing-ms'),
    quotaTotal: integerOption(options.quotaTotal, '--quota-total', { min: 1 }),
    appId: options.appId,
    appSecret: options.appSecret,
    fetchMedia: options.fetchMedia === false ? false : undefined,
  };
  const startOptions = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  );
  const { startEmulator } = await import('@reelay/emulator');
  const emulator = await startEmulator(startOptions);
  // The same lines as `reelay-emulator`; with --json, one JSON line.
  ctx.out.line(
    { url: emulator.url, controlUrl: `${emulator.url}/_emulator`, appId: emulator.config.appId },
    () =>
      `Reelay Instagram emulator listening on ${emulator.url}\nControl API: ${emulator.url}/_emulator (app id ${emulator.config.appId})`,
  );
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  ctx.out.note(`${signal} recebido: encerrando…`);
  await emulator.close();
}
