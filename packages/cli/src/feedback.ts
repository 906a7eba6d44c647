/**
 * Spinners and progress bars, on stderr and only for a person at a terminal: never when
 * stderr is a pipe or a file, never in CI. `REELAY_PROGRESS=1` asks for progress anyway,
 * written as plain lines (for logs, and for the tests that check it).
 */

type Stream = NodeJS.WriteStream;

/** Whether stderr is a terminal a person watches. */
export function isInteractive(stream: Stream = process.stderr): boolean {
  return stream.isTTY === true && !process.env.CI;
}

function progressForced(): boolean {
  return ['1', 'true', 'always'].includes(process.env.REELAY_PROGRESS ?? '');
}

export interface Spinner {
  update(text: string): void;
  succeed(text: string): void;
  fail(text: string): void;
  stop(): void;
}

const SILENT: Spinner = { update() {}, succeed() {}, fail() {}, stop() {} };

/**
 * Starts a spinner with ora when stderr is a terminal; otherwise a spinner that says
 * nothing (or plain lines with `REELAY_PROGRESS=1`). ora is loaded only when shown.
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
  if (isInteractive(stream)) {
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream, isEnabled: true }).start();
    return {
      update: (next) => void (spinner.text = next),
      succeed: (done) => void spinner.succeed(done),
      fail: (failed) => void spinner.fail(failed),
      stop: () => void spinner.stop(),
    };
  }
  if (!progressForced()) return SILENT;
  stream.write(`${text}\n`);
  return {
    update: () => {},
    succeed: (done) => void stream.write(`${done}\n`),
    fail: (failed) => void stream.write(`${failed}\n`),
    stop: () => {},
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
 * A progress bar for `total` units (bytes of an upload, rows of a CSV). On a terminal it
 * redraws one line; with `REELAY_PROGRESS=1` and no terminal it writes a line at each
 * quarter; otherwise it says nothing.
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
  const interactive = isInteractive(stream);
  if (!interactive && !progressForced()) return NO_PROGRESS;
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
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
