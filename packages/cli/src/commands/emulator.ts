/**
 * `reelay emulator`: the local Instagram emulator (`@reelay/emulator`), with the options
 * of its own `reelay-emulator` command, read by the emulator's own parser; stops on Ctrl-C
 * or SIGTERM.
 */
import type { EmulatorCliFlag, EmulatorCliValues } from '@reelay/emulator';
import type { CommandContext } from '../command-context';
import { integerOption } from '../options';
import { t } from '../i18n';

/** Commander's values for the emulator's flags: camelCase, `--no-x` as `x: false`. */
export type EmulatorCommandOptions = Readonly<Record<string, string | boolean | undefined>>;

/** The emulator's flags from commander's camelCase attributes (`latencyMs` → `latency-ms`). */
function emulatorValues(options: EmulatorCommandOptions, flags: readonly EmulatorCliFlag[]) {
  const values: Record<string, string | boolean> = {};
  for (const flag of flags) {
    const negated = flag.startsWith('no-');
    const attribute = (negated ? flag.slice(3) : flag).replace(/-([a-z])/g, (_, letter: string) =>
      letter.toUpperCase(),
    );
    const value = options[attribute];
    if (negated) {
      if (value === false) values[flag] = true;
    } else if (typeof value === 'string') {
      values[flag] = value;
    }
  }
  return values as EmulatorCliValues;
}

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
  const { EMULATOR_CLI_OPTIONS, EmulatorOptionError, emulatorOptionsFromValues, startEmulator } =
    await import('@reelay/emulator');
  const flags = Object.keys(EMULATOR_CLI_OPTIONS) as EmulatorCliFlag[];
  let startOptions;
  try {
    startOptions = emulatorOptionsFromValues(emulatorValues(options, flags));
  } catch (error) {
    if (!(error instanceof EmulatorOptionError)) throw error;
    // The same usage error as every other number option of the CLI.
    integerOption(error.value, `--${error.flag}`, {
      min: error.min,
      ...(error.max !== undefined ? { max: error.max } : {}),
    });
    throw error;
  }
  const emulator = await startEmulator(startOptions);
  // Listened for before the lines are out: a supervisor may signal as soon as it reads them.
  const signalled = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  // The lines of `reelay-emulator`, in the user's language; with --json, one JSON line.
  ctx.out.line(
    {
      url: emulator.url,
      controlUrl: `${emulator.url}/_emulator`,
      appId: emulator.config.appId,
      facebookUrl: `${emulator.url}/facebook`,
      facebookAppId: emulator.config.facebookAppId,
    },
    () =>
      t('emulator.listening', {
        url: emulator.url,
        appId: emulator.config.appId,
        facebookAppId: emulator.config.facebookAppId,
      }),
  );
  const signal = await signalled;
  ctx.out.note(t('serve.stopping', { signal }));
  await emulator.close();
}
