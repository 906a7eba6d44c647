import type { Clock } from './clock';
import { OffsetClock } from './clock';
import { DEFAULT_CONFIG, type EmulatorConfig } from './emulator-config';
import { FaultRegistry } from './faults/fault-registry';
import { MediaFetcher } from './graph/media-fetcher';
import { IdFactory } from './ids';
import { RequestLog } from './state/request-log';
import { Store } from './state/store';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';

/**
 * The emulator's whole state and its collaborators, handed to every handler. One per
 * running emulator; nothing is module-global, so tests can run several side by side.
 */
export class EmulatorContext {
  readonly store = new Store();
  readonly faults = new FaultRegistry();
  readonly fetcher = new MediaFetcher();
  /** Platform requests received, for tests to inspect. */
  readonly requests = new RequestLog();
  /** Callback URLs of the apps' webhooks, and what was sent to them. */
  readonly webhooks = new WebhookDispatcher();
  readonly clock: OffsetClock;
  config: EmulatorConfig;
  ids: IdFactory;
  readonly #initial: EmulatorConfig;
  readonly #seed: string | number | undefined;

  constructor(options: {
    clock: Clock;
    seed?: string | number | undefined;
    config: Partial<EmulatorConfig>;
  }) {
    this.clock = new OffsetClock(options.clock);
    this.#initial = {
      ...DEFAULT_CONFIG,
      ...options.config,
      redirectUris: [...(options.config.redirectUris ?? [])],
    };
    this.config = { ...this.#initial, redirectUris: [...this.#initial.redirectUris] };
    this.#seed = options.seed;
    this.ids = new IdFactory(options.seed);
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * Back to the state at start: no accounts, grants, containers, media, comments, webhooks
   * or faults, the starting configuration, the clock's jumps undone and, with a seed, the
   * same ids again.
   */
  reset(): void {
    this.store.clear();
    this.faults.clear();
    this.requests.clear();
    this.webhooks.clear();
    this.config = { ...this.#initial, redirectUris: [...this.#initial.redirectUris] };
    this.clock.rewind();
    this.ids = new IdFactory(this.#seed);
  }
}
