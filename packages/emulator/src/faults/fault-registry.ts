import { describeCode, GraphError, PUBLISHING_SUBCODES } from '../graph-error';

/**
 * Injected failures. A fault waits for requests whose path contains its `path` (and, when
 * given, that act for its `account` and use its `method`); each match consumes one of its
 * `times`. It can answer any Graph error or any text (a proxy's error page), add latency,
 * hang or drop the connection, either
 * before the request does anything or, with `after`, once the real work is done: the case
 * where a client cannot know whether its `media_publish` went through.
 */

/**
 * How to make requests fail, as posted to `POST /_emulator/faults`.
 *
 * @example
 * ```ts
 * emulator.addFault({ path: '/media_publish', after: true, drop: true } satisfies FaultSpec);
 * ```
 */
export interface FaultSpec {
  /** Substring of the request path (`/media_publish`, `/oauth/access_token`, an id…). */
  readonly path: string;
  /** Only requests acting for this account id. */
  readonly account?: string | undefined;
  /** Only requests with this HTTP method. */
  readonly method?: string | undefined;
  /** How many matching requests fail; default 1. */
  readonly times?: number | undefined;
  /** HTTP status of the error answer; default 400. */
  readonly status?: number | undefined;
  /** Graph error code; default from the subcode's table entry, else 2. */
  readonly code?: number | undefined;
  readonly subcode?: number | undefined;
  readonly message?: string | undefined;
  readonly type?: string | undefined;
  readonly isTransient?: boolean | undefined;
  readonly userTitle?: string | undefined;
  readonly userMsg?: string | undefined;
  /** Delay before answering (or before failing). Alone, the request then succeeds. */
  readonly latencyMs?: number | undefined;
  /** Never answer; the connection stays open until the client gives up or the emulator closes. */
  readonly hang?: boolean | undefined;
  /** Destroy the connection without an answer. */
  readonly drop?: boolean | undefined;
  /**
   * Answer this text as `text/html` with `status` (default 502) instead of a Graph error:
   * a proxy's error page, or with 200 an answer that is not JSON.
   */
  readonly body?: string | undefined;
  /** Do the real work first, then fail the answer. */
  readonly after?: boolean | undefined;
  /**
   * A ready-made error, which the keys above may still adjust: `rate-limit` (the throttling
   * error with `X-Business-Use-Case-Usage` at 100 %), `comment-deleted` (the answer about a
   * deleted comment, for the id in the path), `comment-hidden` (a reply refused because the
   * comment is hidden).
   */
  readonly kind?: FaultKind | undefined;
  /** `rate-limit`: minutes in `estimated_time_to_regain_access`; default 60. */
  readonly regainAccessMinutes?: number | undefined;
  /**
   * Upload host only (`path: '/ig-api-upload'`): keep the first `keepBytes` bytes of the
   * chunk, then close the connection without an answer, as a connection lost mid-upload.
   */
  readonly keepBytes?: number | undefined;
}

/**
 * The ready-made errors of {@link FaultSpec.kind}.
 *
 * @example
 * ```ts
 * emulator.addFault({ path: '/comments', kind: 'rate-limit' satisfies FaultKind });
 * ```
 */
export type FaultKind = 'rate-limit' | 'comment-deleted' | 'comment-hidden';

/** Every {@link FaultKind}. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'rate-limit',
  'comment-deleted',
  'comment-hidden',
];

/**
 * A pending fault.
 *
 * @example
 * ```ts
 * const [first]: Fault[] = emulator.faults();
 * first?.remaining; // uses left
 * ```
 */
export interface Fault extends FaultSpec {
  readonly id: string;
  /** Matches left before the fault is used up. */
  remaining: number;
}

/** What to do with a request once a fault matched it. */
export type FaultEffect = 'error' | 'latency' | 'hang' | 'drop' | 'body' | 'truncate';

/**
 * What a fault does: hang and drop win, then `keepBytes` (a chunk cut short), then a text `body`; a fault that names nothing but
 * latency only delays; anything else answers an error.
 */
export function faultEffect(fault: FaultSpec): FaultEffect {
  if (fault.hang) return 'hang';
  if (fault.drop) return 'drop';
  if (fault.keepBytes !== undefined) return 'truncate';
  if (fault.body !== undefined) return 'body';
  const namesError =
    fault.kind !== undefined ||
    fault.status !== undefined ||
    fault.code !== undefined ||
    fault.subcode !== undefined ||
    fault.message !== undefined ||
    fault.type !== undefined;
  if (!namesError && fault.latencyMs !== undefined) return 'latency';
  return 'error';
}

const INTEGER_KEYS = [
  'times',
  'status',
  'code',
  'subcode',
  'latencyMs',
  'regainAccessMinutes',
  'keepBytes',
] as const;
const STRING_KEYS = [
  'path',
  'account',
  'method',
  'message',
  'type',
  'userTitle',
  'userMsg',
  'body',
  'kind',
] as const;
const BOOLEAN_KEYS = ['isTransient', 'hang', 'drop', 'after'] as const;

/**
 * Checks a fault posted to the control API; unknown keys and ill-typed values are refused.
 *
 * @example
 * ```ts
 * parseFaultSpec({ path: '/media_publish', subcode: 2207042 });
 * ```
 */
export function parseFaultSpec(input: unknown): FaultSpec {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError('a fault must be a JSON object');
  }
  const spec: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if ((INTEGER_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        throw new TypeError(`fault "${key}" must be an integer`);
      }
    } else if ((STRING_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'string') throw new TypeError(`fault "${key}" must be a string`);
    } else if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') throw new TypeError(`fault "${key}" must be a boolean`);
    } else {
      throw new TypeError(`unknown fault setting "${key}"`);
    }
    spec[key] = value;
  }
  if (typeof spec.path !== 'string' || spec.path === '') {
    throw new TypeError('fault "path" is required (a substring of the request path)');
  }
  const times = spec.times as number | undefined;
  if (times !== undefined && times < 1) throw new TypeError('fault "times" must be at least 1');
  const status = spec.status as number | undefined;
  if (status !== undefined && (status < 200 || status > 599)) {
    throw new TypeError('fault "status" must be an HTTP status (200-599)');
  }
  const latency = spec.latencyMs as number | undefined;
  if (latency !== undefined && latency < 0) throw new TypeError('fault "latencyMs" must be >= 0');
  if (typeof spec.method === 'string') spec.method = spec.method.toUpperCase();
  if (spec.kind !== undefined && !FAULT_KINDS.includes(spec.kind as FaultKind)) {
    throw new TypeError(`fault "kind" must be one of ${FAULT_KINDS.join(', ')}`);
  }
  const keep = spec.keepBytes as number | undefined;
  if (keep !== undefined && keep < 0) throw new TypeError('fault "keepBytes" must be >= 0');
  const regain = spec.regainAccessMinutes as number | undefined;
  if (regain !== undefined && regain < 0) {
    throw new TypeError('fault "regainAccessMinutes" must be >= 0');
  }
  return spec as unknown as FaultSpec;
}

/** Pending faults, matched in the order they were added. */
export class FaultRegistry {
  #faults: Fault[] = [];
  #next = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault_${this.#next++}`, remaining: spec.times ?? 1 };
    this.#faults.push(fault);
    return fault;
  }

  /** True when no fault is pending, so a request can skip working out who it acts for. */
  get empty(): boolean {
    return this.#faults.length === 0;
  }

  /**
   * Consumes one use of the first fault matching this request. `actor` is asked only when
   * a fault filters by account.
   */
  take(method: string, path: string, actor: () => string | undefined): Fault | undefined {
    for (const fault of this.#faults) {
      if (!path.includes(fault.path)) continue;
      if (fault.method !== undefined && fault.method !== method) continue;
      if (fault.account !== undefined && fault.account !== actor()) continue;
      fault.remaining--;
      if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
      return fault;
    }
    return undefined;
  }

  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  remove(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  clear(): void {
    this.#faults = [];
  }
}

/**
 * The Graph error a fault answers. Missing parts come from the subcode's table entry, then
 * from the code's generic meaning; the user title and message are always filled, as they
 * are on Instagram's publishing errors.
 *
 * @example
 * ```ts
 * faultError({ path: '/media_publish', subcode: 2207042 }).code; // 9
 * ```
 */
export function faultError(fault: FaultSpec): GraphError {
  const entry = fault.subcode === undefined ? undefined : PUBLISHING_SUBCODES[fault.subcode];
  const code = fault.code ?? entry?.code ?? 2;
  const generic = describeCode(code);
  const fromEntry = entry !== undefined && entry.code === code ? entry : undefined;
  const message = fault.message ?? fromEntry?.message ?? generic.message;
  return new GraphError({
    message,
    code,
    subcode: fault.subcode,
    type: fault.type ?? 'OAuthException',
    isTransient: fault.isTransient ?? fromEntry?.isTransient ?? generic.isTransient,
    userTitle: fault.userTitle ?? fromEntry?.userTitle ?? message,
    userMsg: fault.userMsg ?? fromEntry?.userMsg ?? message,
    status: fault.status ?? 400,
  });
}
