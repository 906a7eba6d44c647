/**
 * Meta webhooks (reference §10.5): an app's callback URL, verified by the handshake, then
 * signed notifications of `object: "instagram"` with `entry[].changes[]`, one POST per
 * change or, with `webhookBatching`, several changes per POST when flushed. A failed
 * delivery is retried at once, then on every flush for 36 hours of emulator time.
 */
import { createHmac } from 'node:crypto';
import { ControlError } from '../control/control-error';
import type { EmulatorConfig } from '../emulator-config';
import { isHttpUrl } from '../http/is-http-url';

/**
 * What the dispatcher reads of the emulator at each call: the settings (secrets,
 * batching), the clock, and the challenge source. The emulator's context is one.
 */
export interface WebhookContext {
  readonly config: Pick<
    EmulatorConfig,
    'appSecret' | 'facebookAppSecret' | 'instagramWebhookSecret' | 'webhookBatching'
  >;
  readonly ids: { challenge(): string };
  now(): number;
}

/** Which app a webhook belongs to: the Instagram Login app or the Facebook Login (Meta) app. */
export type WebhookApp = 'instagram' | 'facebook';

/** The fields an app subscribes to when none are named. */
export const DEFAULT_WEBHOOK_FIELDS: readonly string[] = ['comments', 'mentions'];
/** Meta gives up on a notification 36 hours after the first attempt (reference §10.5). */
export const WEBHOOK_RETRY_MS = 36 * 60 * 60 * 1000;
/** At most 1000 changes travel in one POST (reference §10.5). */
export const WEBHOOK_BATCH_MAX = 1000;
const DELIVERY_TIMEOUT_MS = 10_000;
const DELIVERY_LOG_LIMIT = 2000;

/**
 * A callback URL to register, as posted to `POST /_emulator/webhooks`.
 *
 * @example
 * ```ts
 * const input: WebhookInput = { callbackUrl: 'http://127.0.0.1:8080/v1/meta/webhooks', verifyToken: 'abc' };
 * ```
 */
export interface WebhookInput {
  readonly callbackUrl: string;
  readonly verifyToken: string;
  /** The app whose dashboard this is; default both apps, each verified on its own. */
  readonly app?: WebhookApp | undefined;
  /** Fields the app subscribes to; default `comments` and `mentions`. */
  readonly fields?: readonly string[] | undefined;
}

/**
 * A verified callback URL of one app.
 *
 * @example
 * ```ts
 * const [registration]: WebhookRegistration[] = await emulator.registerWebhook({ callbackUrl, verifyToken });
 * ```
 */
export interface WebhookRegistration {
  readonly app: WebhookApp;
  readonly callbackUrl: string;
  readonly verifyToken: string;
  readonly fields: readonly string[];
  /** The `hub.challenge` the receiver echoed. */
  readonly challenge: string;
  readonly verifiedAt: string;
}

/** One change of a notification: `{ field, value }`. */
export interface WebhookChange {
  readonly field: string;
  // Read by tests and apps field by field: `value.from.self_ig_scoped_id`, `value.media.id`…
  readonly value: Record<string, any>;
}

/**
 * A notification's body (reference §10.5): `object: "instagram"`, one entry per account
 * (`id` the account, `time` when it was sent, in Unix seconds) with its changes.
 *
 * @example
 * ```ts
 * const payload: WebhookPayload = JSON.parse(rawBody);
 * const ownReply = payload.entry[0]?.changes[0]?.value.from;
 * ```
 */
export interface WebhookPayload {
  readonly object: 'instagram';
  readonly entry: readonly {
    readonly id: string;
    readonly time: number;
    readonly changes: readonly WebhookChange[];
  }[];
}

/**
 * One attempt at delivering a notification.
 *
 * @example
 * ```ts
 * const failed = emulator.webhookDeliveries().flatMap((d) => d.attempts).filter((a: WebhookAttempt) => a.status !== 200);
 * ```
 */
export interface WebhookAttempt {
  /** Emulator time, ISO 8601. */
  readonly at: string;
  /** What the receiver answered; absent when it could not be reached. */
  readonly status?: number | undefined;
  readonly error?: string | undefined;
}

/**
 * A notification sent (or being sent) to an app's callback URL: the exact body and its
 * signature, and each attempt.
 *
 * @example
 * ```ts
 * const [delivery]: WebhookDelivery[] = await emulator.flushWebhooks();
 * delivery.payload.entry[0].changes[0].field; // 'comments'
 * ```
 */
export interface WebhookDelivery {
  readonly id: string;
  readonly app: WebhookApp;
  readonly callbackUrl: string;
  /** The raw JSON body, byte for byte what was signed. */
  readonly body: string;
  /** The body parsed. */
  readonly payload: WebhookPayload;
  /** `X-Hub-Signature-256`: `sha256=<hex HMAC-SHA256 of the body with the app secret>`. */
  readonly signature: string;
  readonly state: 'sending' | 'delivered' | 'failed' | 'dropped';
  readonly attempts: readonly WebhookAttempt[];
}

interface Pending {
  readonly app: WebhookApp;
  readonly accountId: string;
  readonly change: WebhookChange;
}

interface DeliveryRecord {
  readonly id: string;
  readonly app: WebhookApp;
  readonly callbackUrl: string;
  readonly body: string;
  readonly signature: string;
  readonly sha1: string;
  readonly firstAt: number;
  state: WebhookDelivery['state'];
  readonly attempts: WebhookAttempt[];
}

/** Registrations, changes waiting for a flush, deliveries and the sends in flight. */
export class WebhookDispatcher {
  readonly #registrations = new Map<WebhookApp, WebhookRegistration>();
  #pending: Pending[] = [];
  #deliveries: DeliveryRecord[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #next = 1;
  #closing = new AbortController();

  registrations(): WebhookRegistration[] {
    return [...this.#registrations.values()];
  }

  registration(app: WebhookApp): WebhookRegistration | undefined {
    return this.#registrations.get(app);
  }

  /** Changes waiting for `flush` (with `webhookBatching`). */
  pending(): number {
    return this.#pending.length;
  }

  deliveries(): WebhookDelivery[] {
    return this.#deliveries.map(deliveryView);
  }

  /**
   * Verifies a callback URL as Meta does (reference §10.5): `GET callbackUrl?hub.mode=
   * subscribe&hub.challenge=<n>&hub.verify_token=<token>`, which must answer 2xx with the
   * challenge as its body. Only then is the URL kept.
   */
  async register(ctx: WebhookContext, input: unknown): Promise<WebhookRegistration[]> {
    const data = parseWebhookInput(input);
    const apps: WebhookApp[] = data.app ? [data.app] : ['instagram', 'facebook'];
    const verified: WebhookRegistration[] = [];
    for (const app of apps) {
      const challenge = ctx.ids.challenge();
      const url = new URL(data.callbackUrl);
      url.searchParams.set('hub.mode', 'subscribe');
      url.searchParams.set('hub.challenge', challenge);
      url.searchParams.set('hub.verify_token', data.verifyToken);
      let status: number;
      let text: string;
      try {
        const response = await fetch(url, {
          redirect: 'manual',
          signal: AbortSignal.any([AbortSignal.timeout(DELIVERY_TIMEOUT_MS), this.#closing.signal]),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        throw new ControlError(
          502,
          `the callback URL could not be verified: ${(error as Error).message}`,
        );
      }
      if (status < 200 || status > 299 || text.trim() !== challenge) {
        throw new ControlError(
          422,
          `the callback URL did not echo hub.challenge ${challenge}: it answered ${status} "${text.slice(0, 200)}"`,
        );
      }
      verified.push({
        app,
        callbackUrl: data.callbackUrl,
        verifyToken: data.verifyToken,
        fields: data.fields ?? DEFAULT_WEBHOOK_FIELDS,
        challenge,
        verifiedAt: new Date(ctx.now()).toISOString(),
      });
    }
    for (const registration of verified) this.#registrations.set(registration.app, registration);
    return verified;
  }

  /** Forgets the callback URLs, changes and deliveries. */
  clear(): void {
    this.#registrations.clear();
    this.#pending = [];
    this.#deliveries = [];
  }

  /**
   * A change for an account, to the app's callback URL: sent now, or kept for the next
   * flush with `webhookBatching`. Ignored unless the app has a callback URL subscribed to
   * the field.
   */
  enqueue(ctx: WebhookContext, app: WebhookApp, accountId: string, change: WebhookChange): void {
    const registration = this.#registrations.get(app);
    if (!registration || !registration.fields.includes(change.field)) return;
    const pending = { app, accountId, change };
    if (ctx.config.webhookBatching) this.#pending.push(pending);
    else this.#start(ctx, this.#record(ctx, registration, [pending]));
  }

  /**
   * Sends the changes kept so far, batched (one POST per app, one entry per account, at
   * most 1000 changes each), retries failed deliveries younger than 36 hours (older ones
   * are dropped), and resolves once nothing is in flight, with the deliveries it sent.
   */
  async flush(ctx: WebhookContext): Promise<WebhookDelivery[]> {
    const sent: DeliveryRecord[] = [];
    const pending = this.#pending;
    this.#pending = [];
    for (const app of ['instagram', 'facebook'] as const) {
      const registration = this.#registrations.get(app);
      const mine = pending.filter((p) => p.app === app);
      if (!registration) continue;
      for (let i = 0; i < mine.length; i += WEBHOOK_BATCH_MAX) {
        const record = this.#record(ctx, registration, mine.slice(i, i + WEBHOOK_BATCH_MAX));
        sent.push(record);
        this.#start(ctx, record);
      }
    }
    const now = ctx.now();
    for (const record of this.#deliveries) {
      if (record.state !== 'failed' || sent.includes(record)) continue;
      if (now - record.firstAt > WEBHOOK_RETRY_MS) {
        record.state = 'dropped';
        continue;
      }
      sent.push(record);
      this.#start(ctx, record, 1);
    }
    await this.idle();
    return sent.map(deliveryView);
  }

  /** Resolves once no delivery is in flight. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Cancels the deliveries in flight; for shutdown. */
  close(): void {
    this.#closing.abort();
  }

  #record(
    ctx: WebhookContext,
    registration: WebhookRegistration,
    changes: readonly Pending[],
  ): DeliveryRecord {
    const time = Math.floor(ctx.now() / 1000);
    const entries = new Map<string, WebhookChange[]>();
    for (const { accountId, change } of changes) {
      const list = entries.get(accountId);
      if (list) list.push(change);
      else entries.set(accountId, [change]);
    }
    const body = JSON.stringify({
      object: 'instagram',
      entry: [...entries].map(([id, list]) => ({ id, time, changes: list })),
    });
    const secret = webhookSecret(ctx, registration.app);
    const record: DeliveryRecord = {
      id: `delivery_${this.#next++}`,
      app: registration.app,
      callbackUrl: registration.callbackUrl,
      body,
      signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      sha1: `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`,
      firstAt: ctx.now(),
      state: 'sending',
      attempts: [],
    };
    this.#deliveries.push(record);
    if (this.#deliveries.length > DELIVERY_LOG_LIMIT) this.#deliveries.shift();
    return record;
  }

  /** Posts a delivery; a failure is retried at once (`tries` attempts in all). */
  #start(ctx: WebhookContext, record: DeliveryRecord, tries = 2): void {
    record.state = 'sending';
    const run = (async () => {
      for (let attempt = 0; attempt < tries; attempt++) {
        if (await this.#attempt(ctx, record)) {
          record.state = 'delivered';
          return;
        }
        if (this.#closing.signal.aborted) break;
      }
      record.state = 'failed';
    })();
    this.#inFlight.add(run);
    void run.finally(() => this.#inFlight.delete(run));
  }

  async #attempt(ctx: WebhookContext, record: DeliveryRecord): Promise<boolean> {
    const at = new Date(ctx.now()).toISOString();
    try {
      const response = await fetch(record.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': record.signature,
          'x-hub-signature': record.sha1,
        },
        body: record.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(DELIVERY_TIMEOUT_MS), this.#closing.signal]),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.attempts.push({ at, status: response.status });
      return response.status >= 200 && response.status <= 299;
    } catch (error) {
      record.attempts.push({ at, error: (error as Error).message });
      return false;
    }
  }
}

/**
 * The secret that signs an app's webhooks: the Meta app's for Facebook Login; for
 * Instagram Login the Instagram app's, or with `instagramWebhookSecret: 'facebook'` the
 * Meta app's (which one Meta uses is not documented, reference §10.5 [UNCERTAIN]).
 */
export function webhookSecret(ctx: WebhookContext, app: WebhookApp): string {
  if (app === 'instagram' && ctx.config.instagramWebhookSecret === 'instagram') {
    return ctx.config.appSecret;
  }
  return ctx.config.facebookAppSecret;
}

function deliveryView(record: DeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    app: record.app,
    callbackUrl: record.callbackUrl,
    body: record.body,
    payload: JSON.parse(record.body) as WebhookPayload,
    signature: record.signature,
    state: record.state,
    attempts: [...record.attempts],
  };
}

const KNOWN_FIELDS = ['comments', 'live_comments', 'mentions', 'messages', 'story_insights'];

function parseWebhookInput(input: unknown): WebhookInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, 'the webhook must be a JSON object');
  }
  const data = input as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!['callbackUrl', 'verifyToken', 'app', 'fields'].includes(key)) {
      throw new ControlError(400, `unknown webhook setting "${key}"`);
    }
  }
  if (typeof data.callbackUrl !== 'string' || !isHttpUrl(data.callbackUrl)) {
    throw new ControlError(400, 'callbackUrl (an http or https URL) is required');
  }
  if (typeof data.verifyToken !== 'string' || data.verifyToken === '') {
    throw new ControlError(400, 'verifyToken (a non-empty string) is required');
  }
  if (data.app !== undefined && data.app !== 'instagram' && data.app !== 'facebook') {
    throw new ControlError(400, "app must be 'instagram' or 'facebook'");
  }
  if (
    data.fields !== undefined &&
    (!Array.isArray(data.fields) ||
      data.fields.length === 0 ||
      !data.fields.every((f) => typeof f === 'string' && KNOWN_FIELDS.includes(f)))
  ) {
    throw new ControlError(400, `fields must be a non-empty list of: ${KNOWN_FIELDS.join(', ')}`);
  }
  return data as unknown as WebhookInput;
}
