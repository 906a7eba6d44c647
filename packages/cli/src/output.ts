/**
 * Where a command's answer goes. With `--json`, stdout gets the answer as JSON and nothing
 * else; without it, stdout gets text for people. Notes, prompts, spinners and progress go
 * to stderr in both modes, so `reelay … --json | jq` always reads clean JSON.
 */

export interface Output {
  /** Whether `--json` was given. */
  readonly json: boolean;
  /**
   * Prints a command's answer: `value` as JSON with `--json`, else what `human` returns.
   * Call it once per command (or once per event for streaming commands, with `line`).
   */
  result(value: unknown, human: () => string): void;
  /** One compact JSON line (streaming: `webhooks listen --json`), or the human text. */
  line(value: unknown, human: () => string): void;
  /** A note for the person at the terminal, on stderr. */
  note(text: string): void;
}

/**
 * The output of one command.
 *
 * @example
 * ```ts
 * const out = createOutput({ json: true });
 * out.result({ success: true, profile }, () => `Perfil criado: ${profile.id}\n`);
 * ```
 */
export function createOutput(options: {
  json?: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}): Output {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const json = options.json === true;
  const withNewline = (text: string) => (text.endsWith('\n') || text === '' ? text : `${text}\n`);
  return {
    json,
    result(value, human) {
      stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : withNewline(human()));
    },
    line(value, human) {
      stdout.write(json ? `${JSON.stringify(value)}\n` : withNewline(human()));
    },
    note(text) {
      stderr.write(withNewline(text));
    },
  };
}
