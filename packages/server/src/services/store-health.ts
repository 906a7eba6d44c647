/**
 * Whether the database works, as the server last found it: up, away (`unavailable`) or out
 * of room (`full`). Every part of the server reports the failures it meets here (through
 * {@link StoreHealth.observe}, or the logger {@link StoreHealth.logger} wraps); the first
 * one of a fault is logged with its real cause, the rest are not, and the server checks on
 * its own every few seconds until the fault has passed, which it logs once too.
 *
 * Requests that meet a fault answer 503 in the envelope (`DATABASE_UNAVAILABLE`,
 * `STORAGE_FULL`), `/healthz` answers the same while it lasts, and jobs wait for it to
 * pass without counting it against them (`queue/worker.ts`).
 */
import { ReelayError } from '@reelay/core';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { Db } from '../store/schema';
import { checkReads, checkWrites } from '../store/store-checks';
import { storeFaultOf, type StoreFault } from '../store/store-faults';

export type { StoreFault } from '../store/store-faults';

/** What `/healthz` reports. */
export type StoreHealthStatus = { ok: true } | { ok: false; fault: StoreFault };

/** How long a check may take before the database counts as away. */
export const STORE_CHECK_TIMEOUT_MS = 3_000;
/** How often the server checks on its own while a fault lasts. */
export const STORE_RECHECK_MS = 2_000;
const FAULT_CODES = {
  unavailable: 'DATABASE_UNAVAILABLE',
  full: 'STORAGE_FULL',
} as const satisfies Record<StoreFault, string>;

const FAULT_LOGS: Record<StoreFault, string> = {
  unavailable:
    'banco de dados indisponível: requisições respondem 503 DATABASE_UNAVAILABLE e as tarefas esperam até ele voltar',
  full: 'sem espaço para gravar (disco ou banco cheio): requisições respondem 503 STORAGE_FULL e as tarefas esperam até haver espaço',
};

export interface StoreHealthOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Default {@link STORE_RECHECK_MS}. */
  recheckMs?: number;
  /** Default {@link STORE_CHECK_TIMEOUT_MS}. */
  checkTimeoutMs?: number;
}

/**
 * The error a request answers for a fault: 503 with the fault's code.
 *
 * @example
 * ```ts
 * faultError('full').code; // 'STORAGE_FULL'
 * ```
 */
export function faultError(fault: StoreFault): ReelayError {
  return new ReelayError(FAULT_CODES[fault]);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error('o banco de dados não respondeu a tempo'), { code: 'ETIMEDOUT' }),
        ),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Creates the health of one server's store.
 *
 * @example
 * ```ts
 * const health = createStoreHealth({ db, clock, logger });
 * const logger = health.logger(baseLogger); // faults in logged errors are reported
 * await health.check(); // { ok: true } or { ok: false, fault: 'unavailable' }
 * ```
 */
export function createStoreHealth(options: StoreHealthOptions) {
  const { db, clock, logger } = options;
  const recheckMs = options.recheckMs ?? STORE_RECHECK_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? STORE_CHECK_TIMEOUT_MS;
  let current: StoreFault | null = null;
  let recheck: NodeJS.Timeout | null = null;
  let checking: Promise<StoreHealthStatus> | null = null;
  let closed = false;

  function enter(fault: StoreFault, error: unknown): void {
    if (current === fault) return;
    current = fault;
    logger.error(FAULT_LOGS[fault], { error });
    if (!recheck && !closed) {
      recheck = setInterval(() => void check(), recheckMs);
      recheck.unref();
    }
  }

  function leave(): void {
    if (current === null) return;
    logger.warn(
      current === 'full'
        ? 'há espaço para gravar de novo; o serviço voltou ao normal'
        : 'banco de dados de volta; o serviço voltou ao normal',
    );
    current = null;
    if (recheck) clearInterval(recheck);
    recheck = null;
  }

  /** Notes a failure; answers its fault, or `null` when it is not one. */
  function observe(error: unknown): StoreFault | null {
    const fault = storeFaultOf(error);
    if (fault && !closed) enter(fault, error);
    return fault;
  }

  async function runCheck(): Promise<StoreHealthStatus> {
    try {
      // A full disk still answers reads: only a write tells that room came back.
      await withTimeout(
        current === 'full' ? checkWrites(db, clock.now()) : checkReads(db),
        checkTimeoutMs,
      );
      leave();
      return { ok: true };
    } catch (error) {
      const fault = storeFaultOf(error) ?? 'unavailable';
      if (!closed) enter(fault, error);
      return { ok: false, fault };
    }
  }

  /** Checks the database now (one check at a time, shared by whoever asks meanwhile). */
  function check(): Promise<StoreHealthStatus> {
    checking ??= runCheck().finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    observe,
    check,
    /** The fault found last, or `null` while the database works. */
    get fault(): StoreFault | null {
      return current;
    },
    /**
     * The error to answer instead of `error`: a 503 for a fault, `null` otherwise.
     *
     * @example
     * ```ts
     * const answer = health.translate(error) ?? error;
     * ```
     */
    translate(error: unknown): ReelayError | null {
      const fault = observe(error);
      return fault ? faultError(fault) : null;
    },
    /**
     * A logger that reports the faults in the errors it is given: such a line is written
     * at `debug`, since the fault itself is logged once, when it starts.
     */
    logger(base: Logger): Logger {
      const quietOnFault =
        (level: 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
          if (fields && 'error' in fields && observe(fields.error)) base.debug(message, fields);
          else base[level](message, fields);
        };
      return { ...base, warn: quietOnFault('warn'), error: quietOnFault('error') };
    },
    close(): void {
      closed = true;
      if (recheck) clearInterval(recheck);
      recheck = null;
    },
  };
}

export type StoreHealth = ReturnType<typeof createStoreHealth>;
