import { parseArgs } from 'node:util';
import type { EmulatorOptions } from './start-emulator';

/** The port `reelay-emulator` listens on when none is given. */
export const DEFAULT_CLI_PORT = 8090;

/** Help text of `reelay-emulator`. */
export const CLI_USAGE = `Usage: reelay-emulator [options]

A local emulator of the Instagram Graph API subset Reelay uses.

Options:
  --port <n>                     port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <address>               interface to bind (default 127.0.0.1)
  --seed <text>                  seed for ids and tokens, for reproducible runs
  --latency-ms <n>               delay added to every platform request
  --container-processing-ms <n>  processing time of image and carousel containers
  --video-processing-ms <n>      processing time of video containers
  --quota-total <n>              posts per rolling 24 h (content_publishing_limit)
  --app-id <id>                  Instagram App ID expected as client_id
  --app-secret <secret>          Instagram App Secret
  --facebook-app-id <id>         Meta App ID of the Facebook Login app (served under /facebook)
  --facebook-app-secret <secret> Meta App Secret of the Facebook Login app
  --no-fetch-media               accept media URLs without fetching them
  -h, --help                     show this help
`;

/** What the command line asked for: options to start with, or help. */
export type CliRequest =
  { help: true } | { help: false; options: EmulatorOptions & { port: number } };

/**
 * Every option of `reelay-emulator`, by flag (without `--`): whether it takes a value and,
 * for numbers, their bounds. `reelay emulator` declares the same flags from this table.
 *
 * @example
 * ```ts
 * EMULATOR_CLI_OPTIONS['quota-total']; // { type: 'integer', min: 1 }
 * ```
 */
export const EMULATOR_CLI_OPTIONS = {
  port: { type: 'integer', min: 0, max: 65535 },
  host: { type: 'string' },
  seed: { type: 'string' },
  'latency-ms': { type: 'integer', min: 0 },
  'container-processing-ms': { type: 'integer', min: 0 },
  'video-processing-ms': { type: 'integer', min: 0 },
  'quota-total': { type: 'integer', min: 1 },
  'app-id': { type: 'string' },
  'app-secret': { type: 'string' },
  'facebook-app-id': { type: 'string' },
  'facebook-app-secret': { type: 'string' },
  'no-fetch-media': { type: 'boolean' },
} as const satisfies Record<
  string,
  { type: 'integer'; min: number; max?: number } | { type: 'string' } | { type: 'boolean' }
>;

/** A flag of {@link EMULATOR_CLI_OPTIONS}. */
export type EmulatorCliFlag = keyof typeof EMULATOR_CLI_OPTIONS;

/** The values of the flags given, as read from a command line. */
export type EmulatorCliValues = {
  readonly [Flag in EmulatorCliFlag]?: (typeof EMULATOR_CLI_OPTIONS)[Flag]['type'] extends 'boolean'
    ? boolean
    : string;
};

/**
 * A flag whose value is not a whole number within its bounds. The fields let a caller
 * word the message in its own language.
 */
export class EmulatorOptionError extends TypeError {
  constructor(
    readonly flag: EmulatorCliFlag,
    readonly value: string,
    readonly min: number,
    readonly max: number | undefined,
  ) {
    super(
      max !== undefined && /^\d+$/.test(value) && Number(value) > max
        ? `--${flag} must be at most ${max}`
        : `--${flag} must be an integer >= ${min}, not "${value}"`,
    );
    this.name = 'EmulatorOptionError';
  }
}

/**
 * The emulator's start options from flag values already split by a parser (`node:util`
 * `parseArgs` here, commander in `reelay emulator`). Numbers must be whole numbers within
 * their bounds (else {@link EmulatorOptionError}); absent flags stay absent; the port
 * defaults to {@link DEFAULT_CLI_PORT}.
 *
 * @example
 * ```ts
 * emulatorOptionsFromValues({ port: '0', seed: 'demo', 'no-fetch-media': true });
 * // { port: 0, seed: 'demo', fetchMedia: false }
 * ```
 */
export function emulatorOptionsFromValues(
  values: EmulatorCliValues,
): EmulatorOptions & { port: number } {
  const integer = (flag: EmulatorCliFlag & keyof typeof INTEGER_FLAGS): number | undefined => {
    const text = values[flag];
    if (text === undefined) return undefined;
    const { min, max }: { min: number; max?: number } = INTEGER_FLAGS[flag];
    const number = Number(text);
    if (!/^\d+$/.test(text) || number < min || (max !== undefined && number > max)) {
      throw new EmulatorOptionError(flag, text, min, max);
    }
    return number;
  };
  const options: Record<string, unknown> = {
    port: integer('port') ?? DEFAULT_CLI_PORT,
    host: values.host,
    seed: values.seed,
    latencyMs: integer('latency-ms'),
    containerProcessingMs: integer('container-processing-ms'),
    videoProcessingMs: integer('video-processing-ms'),
    quotaTotal: integer('quota-total'),
    appId: values['app-id'],
    appSecret: values['app-secret'],
    facebookAppId: values['facebook-app-id'],
    facebookAppSecret: values['facebook-app-secret'],
    fetchMedia: values['no-fetch-media'] ? false : undefined,
  };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  return options as unknown as EmulatorOptions & { port: number };
}

const INTEGER_FLAGS = {
  port: EMULATOR_CLI_OPTIONS.port,
  'latency-ms': EMULATOR_CLI_OPTIONS['latency-ms'],
  'container-processing-ms': EMULATOR_CLI_OPTIONS['container-processing-ms'],
  'video-processing-ms': EMULATOR_CLI_OPTIONS['video-processing-ms'],
  'quota-total': EMULATOR_CLI_OPTIONS['quota-total'],
} as const satisfies Partial<Record<EmulatorCliFlag, { min: number; max?: number }>>;

/**
 * Reads `reelay-emulator`'s arguments. Numbers must be non-negative integers; anything
 * unknown is refused with a message, so a typo does not start a misconfigured emulator.
 *
 * @example
 * ```ts
 * parseCliArgs(['--port', '8090', '--seed', 'demo']);
 * // { help: false, options: { port: 8090, seed: 'demo' } }
 * ```
 */
export function parseCliArgs(args: readonly string[]): CliRequest {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      ...Object.fromEntries(
        Object.entries(EMULATOR_CLI_OPTIONS).map(([flag, option]) => [
          flag,
          { type: option.type === 'boolean' ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  return { help: false, options: emulatorOptionsFromValues(values as EmulatorCliValues) };
}
