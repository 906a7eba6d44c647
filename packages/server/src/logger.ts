/**
 * A small structured logger: one JSON object per line on stderr, so log collectors can
 * parse it. Values under keys that name secrets are redacted before writing.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};
const SECRET_KEY = /token|secret|password|authorization|access[-_]?key|cookie|signature/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      ...(value.cause ? { cause: redact(value.cause, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1),
    ]),
  );
}

let guarded = false;

/**
 * Keeps a failed write to the process's own output from ending it. Standard error or
 * output may be a file on a disk that fills up, or a pipe whose reader went away; Node
 * reports that as an 'error' event on the stream, which ends the process when nobody
 * listens. The line is lost, which is all a full disk can mean for a log, and later
 * lines are written again once there is room.
 *
 * @example
 * ```ts
 * keepOutputFailuresFromEndingTheProcess(); // before the first console.log or log line
 * ```
 */
export function keepOutputFailuresFromEndingTheProcess(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

function writeToStandardError(line: string): void {
  try {
    process.stderr.write(`${line}\n`);
  } catch {
    // A stream already destroyed throws: the line is lost, the process goes on.
  }
}

/**
 * Creates a logger writing JSON lines at or above `level`.
 *
 * @example
 * ```ts
 * const logger = createLogger('info');
 * logger.info('server started', { port: 8080 });
 * ```
 */
export function createLogger(
  level: LogLevel | 'silent',
  write: (line: string) => void = writeToStandardError,
): Logger {
  if (write === writeToStandardError) keepOutputFailuresFromEndingTheProcess();
  const threshold = ORDER[level];
  const log =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < threshold) return;
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: at,
          message,
          ...(redact(fields) as object),
        }),
      );
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
