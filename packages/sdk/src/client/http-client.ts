/**
 * The transport under every resource: builds the URL and headers of a route, sends it
 * with the injected `fetch`, applies the timeout and the caller's `AbortSignal`, turns
 * error answers into {@link ReelayError}s carrying `x-request-id`, and retries what spec
 * §7 says is safe (see `retry-policy.ts`). Credentials live in private fields and never
 * reach an error or a log line. This file keeps the credentials and the attempt loop; URLs,
 * answers, connection failures and signals are read by the modules beside it.
 */
import { createReelayError, isReelayError, type ReelayError } from '../errors';
import { PageList } from '../pagination';
import { progressFetch, toUploadBody, type MediaSource } from '../upload';
import { anySignal, defaultSleep, timeoutSignal } from './abort-signals';
import { buildUrl, normalizeBaseUrl } from './build-url';
import { describeFailure, wasSentNowhere } from './connection-failure';
import type {
  FetchLike,
  ReelayLogger,
  ReelayOptions,
  RequestOptions,
  UploadOptions,
} from './options';
import { randomId } from './random-id';
import { readError, readSuccess } from './read-answer';
import { redactText, redactValue } from './redact';
import { DEFAULT_RETRY, decideRetry, type AttemptOutcome } from './retry-policy';
import type { RouteInput, RouteMeta } from './route';

export { buildUrl } from './build-url';

/** What generated resources call. */
export interface ResourceClient {
  request<T>(route: RouteMeta, input: RouteInput, options?: RequestOptions): Promise<T>;
  list<Item, Page>(
    route: RouteMeta,
    input: RouteInput,
    options?: RequestOptions,
  ): PageList<Item, Page>;
  upload<T>(
    route: RouteMeta,
    input: RouteInput,
    source: MediaSource,
    options?: UploadOptions,
  ): Promise<T>;
}

/** Default time allowed for one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default time allowed for one upload attempt: 50 MB on a slow uplink. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 5 * 60_000;

interface EncodedBody {
  contentType: string | undefined;
  payload: BodyInit;
}

interface SendPlan {
  route: RouteMeta;
  input: RouteInput;
  body: EncodedBody | undefined;
  repeatable: boolean;
  idempotencyKey: string | undefined;
  timeoutMs: number;
  /** Sends this request instead of the client's `fetch` (an upload reporting progress). */
  fetch?: FetchLike | undefined;
}

/**
 * The HTTP client behind `Reelay`. Not meant to be used directly; resources call it.
 */
export class HttpClient implements ResourceClient {
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  #accessToken: string | undefined;
  #projectId: string | undefined;
  readonly #refreshAccessToken: (() => Promise<string>) | undefined;
  #refreshing: Promise<void> | undefined;
  readonly #fetch: FetchLike;
  readonly #customFetch: boolean;
  readonly #timeoutMs: number | undefined;
  readonly #maxRetries: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #maxRateLimitWaitMs: number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #logger: ReelayLogger | undefined;
  readonly #headers: Record<string, string>;

  constructor(options: ReelayOptions) {
    if (!options || typeof options.baseUrl !== 'string') {
      throw new TypeError('new Reelay({ baseUrl }) exige a URL do servidor Reelay.');
    }
    const baseUrl = normalizeBaseUrl(options.baseUrl);
    if (options.apiKey !== undefined && options.accessToken !== undefined) {
      // Spec §5: both together are refused with 401; say so before sending anything.
      throw new TypeError('Informe apiKey ou accessToken, não os dois.');
    }
    if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || !options.apiKey)) {
      throw new TypeError('apiKey deve ser um texto não vazio.');
    }
    this.baseUrl = baseUrl;
    this.#apiKey = options.apiKey;
    this.#accessToken = options.accessToken;
    this.#projectId = options.projectId;
    this.#refreshAccessToken = options.refreshAccessToken;
    const fetchImpl = options.fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (typeof fetchImpl !== 'function') {
      throw new TypeError('fetch indisponível neste ambiente: passe { fetch } a new Reelay().');
    }
    // Calling the global fetch as a method of another object throws "Illegal invocation".
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#customFetch = options.fetch !== undefined;
    this.#timeoutMs = options.timeoutMs;
    this.#maxRetries = options.retry?.maxRetries ?? DEFAULT_RETRY.maxRetries;
    this.#baseDelayMs = options.retry?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
    this.#maxDelayMs = options.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
    this.#maxRateLimitWaitMs =
      options.retry?.maxRateLimitWaitMs ?? DEFAULT_RETRY.maxRateLimitWaitMs;
    this.#sleep = options.retry?.sleep ?? defaultSleep;
    this.#logger = options.logger;
    this.#headers = { ...options.headers };
  }

  /** Which credential requests carry. */
  get mode(): 'apiKey' | 'accessToken' | 'none' {
    if (this.#apiKey !== undefined) return 'apiKey';
    return this.#accessToken !== undefined ? 'accessToken' : 'none';
  }

  get projectId(): string | undefined {
    return this.#projectId;
  }

  setAccessToken(token: string | undefined): void {
    if (this.#apiKey !== undefined) {
      throw new TypeError('Este cliente usa apiKey; crie outro Reelay para o modo Bearer.');
    }
    this.#accessToken = token;
  }

  setProjectId(projectId: string | undefined): void {
    this.#projectId = projectId;
  }

  request<T>(route: RouteMeta, input: RouteInput, options: RequestOptions = {}): Promise<T> {
    let body = input.body;
    let idempotencyKey: string | undefined;
    if (route.idempotent && body !== null && typeof body === 'object') {
      // Chosen once, before the first attempt, so every retry carries the same key.
      const given = (body as { idempotencyKey?: unknown }).idempotencyKey;
      idempotencyKey = typeof given === 'string' && given !== '' ? given : randomId();
      body = { ...(body as object), idempotencyKey };
    }
    return this.#send<T>(
      {
        route,
        input,
        body:
          body === undefined
            ? undefined
            : { contentType: 'application/json', payload: JSON.stringify(body) },
        repeatable: route.method !== 'POST' || idempotencyKey !== undefined,
        idempotencyKey,
        timeoutMs: options.timeoutMs ?? this.#timeoutMs ?? DEFAULT_TIMEOUT_MS,
      },
      options,
    );
  }

  list<Item, Page>(
    route: RouteMeta,
    input: RouteInput,
    options: RequestOptions = {},
  ): PageList<Item, Page> {
    const query = (input.query ?? {}) as { offset?: number; limit?: number };
    return new PageList<Item, Page>(
      ({ offset, limit }) =>
        this.request<Page>(
          route,
          { ...input, query: { ...query, offset, ...(limit === undefined ? {} : { limit }) } },
          options,
        ),
      route.itemsKey ?? 'items',
      query,
    );
  }

  async upload<T>(
    route: RouteMeta,
    input: RouteInput,
    source: MediaSource,
    options: UploadOptions = {},
  ): Promise<T> {
    const upload = await toUploadBody(source, options);
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;
    if (upload.kind === 'json') {
      return this.request<T>(route, { ...input, body: upload.body }, { ...options, timeoutMs });
    }
    const { onProgress } = options;
    let last = { loaded: 0, total: upload.size };
    const report = (progress: { loaded: number; total: number }) => {
      last = progress;
      onProgress?.(progress);
    };
    // XMLHttpRequest follows redirects, so it never carries an API key; a custom fetch
    // stays the one every request goes through.
    const viaXhr =
      onProgress && this.#apiKey === undefined && !this.#customFetch
        ? progressFetch(report)
        : undefined;
    report(last);
    const answer = await this.#send<T>(
      {
        route,
        input,
        // fetch writes the multipart boundary into content-type itself.
        body: { contentType: undefined, payload: upload.form },
        repeatable: false,
        idempotencyKey: undefined,
        timeoutMs,
        fetch: viaXhr,
      },
      options,
    );
    if (last.loaded < last.total) report({ loaded: last.total, total: last.total });
    return answer;
  }

  #secrets(): string[] {
    return [this.#apiKey, this.#accessToken].filter((value): value is string => !!value);
  }

  #log(level: 'debug' | 'warn', message: string, data: Record<string, unknown>): void {
    const write = this.#logger?.[level];
    if (typeof write !== 'function') return;
    try {
      write.call(this.#logger, message, redactValue(data, this.#secrets()));
    } catch {
      // A broken logger must not break the call it describes.
    }
  }

  #requestHeaders(plan: SendPlan, options: RequestOptions, token: string | undefined) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.#headers,
      ...options.headers,
    };
    if (plan.body?.contentType) headers['content-type'] = plan.body.contentType;
    // Credentials last, so extra headers cannot replace or duplicate them; public routes
    // (login, liveness) get none at all.
    for (const name of Object.keys(headers)) {
      if (/^(x-access-key|authorization|x-project-id)$/i.test(name)) delete headers[name];
    }
    if (plan.route.auth !== 'public') {
      if (this.#apiKey !== undefined) {
        headers['x-access-key'] = this.#apiKey;
      } else if (token !== undefined) {
        headers.authorization = `Bearer ${token}`;
        const projectId = options.projectId ?? this.#projectId;
        // Spec §4: project routes need x-project-id in Bearer mode; account routes do not.
        if (plan.route.auth === 'key' && projectId) headers['x-project-id'] = projectId;
      }
    }
    return headers;
  }

  async #send<T>(plan: SendPlan, options: RequestOptions): Promise<T> {
    const { route } = plan;
    const url = buildUrl(this.baseUrl, route.path, plan.input.params, plan.input.query);
    const path = url.slice(this.baseUrl.length).split('?')[0];
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const errorContext = { method: route.method, path, idempotencyKey: plan.idempotencyKey };
    let attempt = 0;
    let refreshed = false;

    for (;;) {
      attempt += 1;
      options.signal?.throwIfAborted();
      const token = this.#accessToken;
      const timeout = timeoutSignal(plan.timeoutMs);
      const signal = options.signal ? anySignal([options.signal, timeout]) : timeout;
      const started = Date.now();
      let outcome: AttemptOutcome;
      let error: ReelayError;
      let requestId: string | undefined;

      try {
        const response = await (plan.fetch ?? this.#fetch)(url, {
          method: route.method,
          headers: this.#requestHeaders(plan, options, token),
          body: plan.body?.payload ?? null,
          signal,
          // A redirect would carry x-access-key to wherever it points: never follow one.
          redirect: 'manual',
        });
        requestId = response.headers.get('x-request-id') ?? undefined;
        this.#log('debug', 'reelay: answer', {
          method: route.method,
          path,
          attempt,
          status: response.status,
          requestId,
          durationMs: Date.now() - started,
        });
        if (response.status >= 200 && response.status < 300) {
          return (await readSuccess(response, errorContext, requestId)) as T;
        }
        ({ error, outcome } = await readError(response, errorContext, requestId, this.#secrets()));
      } catch (thrown) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (isReelayError(thrown)) throw thrown;
        const timedOut = timeout.aborted;
        outcome = timedOut
          ? { kind: 'timeout' }
          : { kind: 'network', beforeSending: wasSentNowhere(thrown) };
        error = createReelayError({
          code: timedOut ? 'TIMEOUT' : 'CONNECTION_ERROR',
          statusCode: 0,
          message: redactText(
            timedOut
              ? `${route.method} ${path} não respondeu em ${plan.timeoutMs} ms.`
              : `Falha de conexão em ${route.method} ${path}: ${describeFailure(thrown)}`,
            this.#secrets(),
          ),
          ...errorContext,
          cause: timedOut ? undefined : thrown,
        });
      }

      // An expired access token: refresh once and send again, outside the retry budget.
      if (
        error.code === 'UNAUTHORIZED' &&
        !refreshed &&
        route.auth !== 'public' &&
        this.#apiKey === undefined &&
        this.#refreshAccessToken
      ) {
        refreshed = true;
        attempt -= 1;
        if (this.#accessToken === token) await this.#refresh();
        continue;
      }

      const decision = decideRetry(outcome, {
        attempt,
        maxRetries,
        repeatable: plan.repeatable,
        baseDelayMs: this.#baseDelayMs,
        maxDelayMs: this.#maxDelayMs,
        maxRateLimitWaitMs: this.#maxRateLimitWaitMs,
        random: Math.random,
      });
      if (!decision.retry) {
        this.#log('debug', 'reelay: not retrying', {
          method: route.method,
          path,
          attempt,
          code: error.code,
          requestId,
          reason: decision.reason,
        });
        throw error;
      }
      this.#log('warn', 'reelay: retrying', {
        method: route.method,
        path,
        attempt,
        code: error.code,
        requestId,
        delayMs: decision.delayMs,
        reason: decision.reason,
      });
      await this.#sleep(decision.delayMs, options.signal);
    }
  }

  async #refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      try {
        this.#accessToken = await this.#refreshAccessToken!();
      } finally {
        this.#refreshing = undefined;
      }
    })();
    await this.#refreshing;
  }
}
