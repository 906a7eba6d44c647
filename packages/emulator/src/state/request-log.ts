/**
 * The platform requests the emulator received, newest last, so a test can prove what a
 * client asked for (or did not): how often it called, with which parameters. Control
 * requests are not recorded, and secrets (tokens, app secrets, codes) are left out.
 */

/**
 * One recorded platform request.
 *
 * @example
 * ```ts
 * const [first]: LoggedRequest[] = emulator.requests({ path: '/insights' });
 * first?.params.metric; // 'views,reach,…'
 * ```
 */
export interface LoggedRequest {
  readonly method: string;
  /** The path as sent, version prefix included: `/v25.0/1789…/insights`. */
  readonly path: string;
  /** Text parameters of the query and body, secrets removed. */
  readonly params: Readonly<Record<string, string>>;
  /** Emulator time of arrival, in ms. */
  readonly at: number;
}

/** How many requests are kept; older ones are forgotten first. */
export const REQUEST_LOG_LIMIT = 2000;

const SECRET_PARAMETER = /token|secret|^code$|signed_request|password/i;

/** The requests received, bounded; `clear()` forgets them. */
export class RequestLog {
  #entries: LoggedRequest[] = [];

  record(method: string, path: string, params: Readonly<Record<string, unknown>>, at: number) {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      if (SECRET_PARAMETER.test(name)) continue;
      if (typeof value === 'string') kept[name] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') kept[name] = String(value);
      else if (value !== undefined && value !== null) kept[name] = JSON.stringify(value);
    }
    this.#entries.push({ method, path, params: kept, at });
    if (this.#entries.length > REQUEST_LOG_LIMIT) this.#entries.shift();
  }

  /** The requests whose path contains `path` (all without it), oldest first. */
  list(filter: { path?: string | undefined } = {}): LoggedRequest[] {
    const { path } = filter;
    return this.#entries.filter((entry) => path === undefined || entry.path.includes(path));
  }

  clear(): void {
    this.#entries = [];
  }
}
