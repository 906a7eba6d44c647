/**
 * Spinners and progress bars, on stderr and only for a person at a terminal: never when
 * stderr is a pipe or a file, never in CI. `REELAY_PROGRESS=1` asks for progress anyway,
 * written as plain lines (for logs, and for the tests that check it). A terminal that
 * reports no width (0 columns: `script`, some `docker exec`, CI and agent harnesses) gets
 * plain lines too: redrawing needs the width, and ora divides by it.
 */

import { currentLanguage } from './i18n';

type Stream = NodeJS.WriteStream;

/** How progress is shown: redrawn in place, as plain lines, or not at all. */
export type ProgressMode = 'live' | 'lines' | 'silent';

/**
 * The width of a terminal in columns, or `undefined` when it reports none usable (0,
 * negative, not a number): such a terminal cannot be redrawn in place.
 *
 * @example
 * ```ts
 * terminalWidth(process.stderr); // 120, or undefined under `stty cols 0`
 * ```
 */
export function terminalWidth(stream: Stream = process.stderr): number | undefined {
  const columns = stream.columns;
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

function isPersonAtTerminal(stream: Stream): boolean {
  return stream.isTTY === true && !process.env.CI;
}

/** Whether stderr is a terminal a person watches, with a width to redraw in. */
export function isInteractive(stream: Stream = process.stderr): boolean {
  return isPersonAtTerminal(stream) && terminalWidth(stream) !== undefined;
}

function progressForced(): boolean {
  return ['1', 'true', 'always'].includes(process.env.REELAY_PROGRESS ?? '');
}

/**
 * How progress goes to `stream`: `live` on a terminal with a width, `lines` on a
 * terminal without one or with `REELAY_PROGRESS=1`, `silent` otherwise.
 *
 * @example
 * ```ts
 * progressMode(process.stderr); // 'lines' under `script` with `stty cols 0`
 * ```
 */
export function progressMode(stream: Stream = process.stderr): ProgressMode {
  if (isInteractive(stream)) return 'live';
  if (isPersonAtTerminal(stream) || progressForced()) return 'lines';
  return 'silent';
}

export interface Spinner {
  update(text: string): void;
  succeed(text: string): void;
  fail(text: string): void;
  stop(): void;
}

const SILENT: Spinner = { update() {}, succeed() {}, fail() {}, stop() {} };

/** A spinner of plain lines: the first text, each new text once, and the outcome. */
function lineSpinner(text: string, stream: Stream): Spinner {
  let last = text;
  stream.write(`${text}\n`);
  let stopped = false;
  const line = (next: string) => {
    if (!stopped) stream.write(`${next}\n`);
  };
  return {
    update: (next) => {
      // Only changes: a wait that polls every second must not write a line a second.
      if (next === last) return;
      last = next;
      line(next);
    },
    succeed: (done) => {
      line(done);
      stopped = true;
    },
    fail: (failed) => {
      line(failed);
      stopped = true;
    },
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Starts a spinner with ora when stderr is a terminal with a width; plain lines on a
 * terminal without one (or with `REELAY_PROGRESS=1`); otherwise a spinner that says
 * nothing. ora is loaded only when shown, and is stopped for plain lines if the terminal
 * loses its width while spinning.
 *
 * @example
 * ```ts
 * const spinner = await startSpinner('Aguardando a autorização no Instagram…');
 * spinner.succeed('Conta conectada: @cafe.aurora');
 * ```
 */
export async function startSpinner(
  text: string,
  stream: Stream = process.stderr,
): Promise<Spinner> {
  const mode = progressMode(stream);
  if (mode === 'silent') return SILENT;
  if (mode === 'lines') return lineSpinner(text, stream);
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream, isEnabled: true }).start();
  let current: Spinner = {
    update: (next) => void (spinner.text = next),
    succeed: (done) => void spinner.succeed(done),
    fail: (failed) => void spinner.fail(failed),
    stop: () => void spinner.stop(),
  };
  // ora redraws on a timer and computes the lines to clear from the width: a resize to
  // 0 columns would make that an endless synchronous loop. Node updates `columns` and
  // emits 'resize' in the same tick, before any timer can redraw.
  const onResize = () => {
    if (terminalWidth(stream) !== undefined) return;
    stream.off('resize', onResize);
    spinner.stop();
    current = lineSpinner(spinner.text, stream);
  };
  stream.on('resize', onResize);
  const finish = (end: (spinner: Spinner) => void) => {
    stream.off('resize', onResize);
    end(current);
  };
  return {
    update: (next) => current.update(next),
    succeed: (done) => finish((s) => s.succeed(done)),
    fail: (failed) => finish((s) => s.fail(failed)),
    stop: () => finish((s) => s.stop()),
  };
}

export interface ProgressBar {
  /** Reports how much is done, out of the total given at the start. */
  update(done: number): void;
  /** Marks the work done and ends the line. */
  finish(): void;
  /** Ends the line where it is (the work failed). */
  stop(): void;
}

const NO_PROGRESS: ProgressBar = { update() {}, finish() {}, stop() {} };

const BAR_WIDTH = 24;

/**
 * A progress bar for `total` units (bytes of an upload, rows of a CSV). On a terminal with
 * a width it redraws one line; on a terminal without one, or with `REELAY_PROGRESS=1`, it
 * writes a line at each quarter; otherwise it says nothing.
 *
 * @example
 * ```ts
 * const bar = createProgressBar('cafe.jpg', file.size, formatBytes);
 * bar.update(sent);
 * bar.finish();
 * ```
 */
export function createProgressBar(
  label: string,
  total: number,
  format: (value: number) => string = String,
  stream: Stream = process.stderr,
): ProgressBar {
  const mode = progressMode(stream);
  if (mode === 'silent') return NO_PROGRESS;
  const interactive = mode === 'live';
  let lastQuarter = -1;
  let lastDraw = 0;
  let finished = false;
  const draw = (done: number, force: boolean) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const percent = Math.floor(ratio * 100);
    if (interactive) {
      const now = Date.now();
      if (!force && now - lastDraw < 80) return;
      lastDraw = now;
      const filled = Math.round(ratio * BAR_WIDTH);
      stream.write(
        `\r${label} [${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${format(Math.min(done, total))}/${format(total)}\x1b[K`,
      );
      return;
    }
    const quarter = Math.floor(percent / 25);
    if (quarter === lastQuarter) return;
    lastQuarter = quarter;
    stream.write(
      `${label}: ${quarter * 25}% (${format(Math.min(done, total))}/${format(total)})\n`,
    );
  };
  draw(0, true);
  return {
    update: (done) => {
      if (!finished) draw(done, false);
    },
    finish: () => {
      if (finished) return;
      draw(total, true);
      finished = true;
      if (interactive) stream.write('\n');
    },
    stop: () => {
      if (finished) return;
      finished = true;
      if (interactive) stream.write('\n');
    },
  };
}

/**
 * Bytes for people: `1,5 MB` (1 MB = 2^20 bytes, as the platform counts).
 *
 * @example
 * ```ts
 * formatBytes(1_572_864); // '1,5 MB'
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(currentLanguage(), { maximumFractionDigits: 1 })} ${units[unit]}`;
}
