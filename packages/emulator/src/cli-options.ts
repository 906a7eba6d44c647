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
  --no-fetch-media               accept media URLs without fetching them
  -h, --help                     show this help
`;

/** What the command line asked for: options to start with, or help. */
export type CliRequest =
  { help: true } | { help: false; options: EmulatorOptions & { port: number } };

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
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'latency-ms': { type: 'string' },
      'container-processing-ms': { type: 'string' },
      'video-processing-ms': { type: 'string' },
      'quota-total': { type: 'string' },
      'app-id': { type: 'string' },
      'app-secret': { type: 'string' },
      'no-fetch-media': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const integer = (flag: string, text: string | undefined, min = 0): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min) {
      throw new TypeError(`--${flag} must be an integer >= ${min}, not "${text}"`);
    }
    return Number(text);
  };
  const port = integer('port', values.port) ?? DEFAULT_CLI_PORT;
  if (port > 65535) throw new TypeError(`--port must be at most 65535`);
  const options: Record<string, unknown> = {
    port,
    host: values.host,
    seed: values.seed,
    latencyMs: integer('latency-ms', values['latency-ms']),
    containerProcessingMs: integer('container-processing-ms', values['container-processing-ms']),
    videoProcessingMs: integer('video-processing-ms', values['video-processing-ms']),
    quotaTotal: integer('quota-total', values['quota-total'], 1),
    appId: values['app-id'],
    appSecret: values['app-secret'],
    fetchMedia: values['no-fetch-media'] ? false : undefined,
  };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  return { help: false, options: options as unknown as EmulatorOptions & { port: number } };
}
