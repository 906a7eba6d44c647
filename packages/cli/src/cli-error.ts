/**
 * The error commands throw for everything that is not an API answer: bad usage, missing
 * credentials, a failed verification, a time-out. Its `kind` picks the exit code in
 * `exit-codes.ts`; its `code` is what `--json` error output carries.
 */

export type CliErrorKind =
  | 'failure'
  | 'usage'
  | 'auth'
  | 'verification'
  | 'timeout'
  | 'manualStep'
  | 'interrupted'
  | 'terminated';

/** Stable codes of the CLI's own errors, next to the server's (`VALIDATION_ERROR`, …). */
const DEFAULT_CODES: Record<CliErrorKind, string> = {
  failure: 'CLI_FAILURE',
  usage: 'USAGE_ERROR',
  auth: 'CREDENTIALS_MISSING',
  verification: 'VERIFICATION_FAILED',
  timeout: 'TIMEOUT',
  manualStep: 'MANUAL_STEP',
  interrupted: 'INTERRUPTED',
  terminated: 'INTERRUPTED',
};

export interface CliErrorOptions {
  /** A stable code for scripts; defaults by kind (`USAGE_ERROR`, `CREDENTIALS_MISSING`, …). */
  code?: string;
  /** A next step for the person, printed under the message. */
  hint?: string;
  /** Context for `--json` output. */
  details?: Record<string, unknown>;
}

/**
 * A failure of the command line itself, with text for people in their language (`t`).
 *
 * @example
 * ```ts
 * throw new CliError('usage', 'data inválida em --at: "amanhã"', {
 *   hint: 'use 2026-12-01T10:00-03:00, 2026-12-01T10:00 com --timezone, ou +2h',
 * });
 * ```
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly kind: CliErrorKind;
  readonly code: string;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: CliErrorKind, message: string, options: CliErrorOptions = {}) {
    super(message);
    this.kind = kind;
    this.code = options.code ?? DEFAULT_CODES[kind];
    this.hint = options.hint;
    this.details = options.details;
  }
}

/**
 * Shorthand for the most common error: the command was used wrongly (exit 2).
 *
 * @example
 * ```ts
 * if (!existsSync(path)) throw usageError(`arquivo não encontrado: ${path}`);
 * ```
 */
export function usageError(message: string, hint?: string): CliError {
  return new CliError('usage', message, hint === undefined ? {} : { hint });
}
