/**
 * The exit codes of `reelay`, and the one place that turns an error into one. Scripts
 * rely on these numbers: change them only in a major version (docs/cli.md lists them).
 */
import { CliError } from './cli-error';

/** Every exit code `reelay` uses, by meaning. */
export const EXIT_CODES = {
  /** Done. */
  ok: 0,
  /** The operation failed: the server answered an error, or a bulk row failed. */
  failure: 1,
  /** Bad usage: unknown command or option, bad `--at`, unknown username, missing file. */
  usage: 2,
  /** No credentials or configuration, or the server refused them (`UNAUTHORIZED`, …). */
  auth: 3,
  /** `webhooks verify` (or `listen --max-events`) found a signature that does not match. */
  verification: 4,
  /** Waited too long: `accounts connect --timeout`, `posts … --wait`. */
  timeout: 5,
  /** The server could not be reached (connection refused, DNS, time-out of a request). */
  unreachable: 6,
  /** `reelay backup` on PostgreSQL without a usable `pg_dump`: run the printed command. */
  manualStep: 7,
  /** Stopped with Ctrl-C (SIGINT): 128 + 2, as a shell reports it. */
  interrupted: 130,
  /** Stopped with SIGTERM (a supervisor, `docker stop`, `timeout`): 128 + 15. */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** Server codes that mean "your credentials, your project or your role in it": exit 3, not 1. */
const AUTH_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'ROLE_REQUIRED', 'PROJECT_REQUIRED']);
/** Codes the SDK makes itself when no answer came back. */
const UNREACHABLE_CODES = new Set(['CONNECTION_ERROR', 'TIMEOUT']);

/**
 * The exit code for an error thrown by a command: a {@link CliError} carries its own
 * kind; an SDK error is judged by its code; anything else is a failure.
 *
 * @example
 * ```ts
 * exitCodeFor(new CliError('usage', 'data inválida')); // 2
 * exitCodeFor(sdkErrorWithCode('UNAUTHORIZED')); // 3
 * exitCodeFor(new Error('boom')); // 1
 * ```
 */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return EXIT_CODES[error.kind];
  const code = errorCode(error);
  if (code && AUTH_CODES.has(code)) return EXIT_CODES.auth;
  if (code && UNREACHABLE_CODES.has(code)) return EXIT_CODES.unreachable;
  return EXIT_CODES.failure;
}

/** The `code` of an SDK error (or of anything shaped like one). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
