import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock';
import {
  containerView,
  forceContainer,
  mediaView,
  mintToken,
  revoke,
  sendCallback,
  type CallbackKind,
  type CallbackResult,
  type ContainerView,
  type MediaView,
  type MintedToken,
} from './control/control-actions';
import {
  addCommentAction,
  addMentionAction,
  commentsAction,
  deleteCommentAction,
  webhooksView,
  type CommentInput,
  type CommentView,
  type MentionInput,
  type MentionResult,
  type WebhooksView,
} from './control/comment-control';
import { CONFIG_KEYS, parseConfigPatch, type EmulatorConfig } from './emulator-config';
import {
  createFacebookUser,
  revokeFacebookUser,
  sendFacebookCallback,
  updatePage,
  type FacebookUserInput,
  type FacebookUserView,
  type PageView,
} from './facebook/facebook-control';
import type { PageTask } from './facebook/facebook-types';
import { EmulatorContext } from './emulator-context';
import { parseFaultSpec, type Fault, type FaultSpec } from './faults/fault-registry';
import { createRequestHandler } from './request-handler';
import { accountView, createAccount, type AccountInput, type AccountView } from './state/accounts';
import type { LoggedRequest } from './state/request-log';
import type {
  WebhookDelivery,
  WebhookInput,
  WebhookRegistration,
} from './webhooks/webhook-dispatcher';

/**
 * Options of {@link startEmulator}: where to listen, determinism, time, and any setting.
 *
 * @example
 * ```ts
 * const options: EmulatorOptions = { port: 8090, seed: 'demo', videoProcessingMs: 10_000 };
 * ```
 */
export interface EmulatorOptions extends Partial<EmulatorConfig> {
  /** TCP port; default 0 (any free port). */
  readonly port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  readonly host?: string;
  /** Seed for ids, tokens and codes: the same seed and requests give the same values. */
  readonly seed?: string | number;
  /** Source of time; default the wall clock. Pass `createManualClock()` to drive it by hand. */
  readonly clock?: Clock;
}

/**
 * A running emulator.
 *
 * @example
 * ```ts
 * const emulator: Emulator = await startEmulator();
 * console.log(emulator.url);
 * await emulator.close();
 * ```
 */
export interface Emulator {
  /**
   * Base URL, e.g. `http://127.0.0.1:53412`; serves the OAuth window, both token hosts and
   * Graph of Instagram Login, under `/facebook` the Facebook Login dialog and Graph host, and
   * under `/rupload` the resumable upload host.
   */
  readonly url: string;
  readonly port: number;
  /** Current settings (live; change them with `configure`). */
  readonly config: Readonly<EmulatorConfig>;
  /** The emulator's time, in ms. */
  now(): number;
  /** Moves the emulator's time forward, whatever clock it runs on. */
  advance(ms: number): void;
  /** Changes settings; unknown keys are refused. */
  configure(patch: Partial<EmulatorConfig>): void;
  /** Forgets everything: accounts, tokens, containers, media, faults, settings and clock jumps. */
  reset(): void;
  createAccount(input: AccountInput): AccountView;
  /** A token for an account without the OAuth dance; long-lived unless `kind: 'short'`. */
  mintToken(
    accountId: string,
    options?: { kind?: 'long' | 'short'; scopes?: readonly string[] },
  ): MintedToken;
  /** Revokes an account's tokens: their use then answers 190/458 (or 460). */
  revokeTokens(accountId: string, subcode?: 458 | 460): number;
  addFault(spec: FaultSpec): Fault;
  faults(): Fault[];
  clearFaults(): void;
  /** Forces a container's state; see `POST /_emulator/containers/:id`. */
  forceContainer(
    id: string,
    state: { status: 'IN_PROGRESS' | 'FINISHED' | 'EXPIRED' | 'ERROR'; subcode?: number },
  ): void;
  containers(): ContainerView[];
  /** Every published media, in publication order, as `GET /_emulator/media` lists it. */
  published(): MediaView[];
  /**
   * A comment by someone else on a media, at the emulator's time, as
   * `POST /_emulator/comments` adds it; subscribed apps hear of it by webhook.
   */
  addComment(input: CommentInput): { id: string };
  /**
   * The comments of a media, oldest first, each with its replies, `hidden`, `deleted`,
   * author and private reply (`GET /_emulator/comments?mediaId=`); without a media, every
   * comment, replies on their own.
   */
  comments(mediaId?: string): CommentView[];
  /** Deletes a comment as its author would (with its replies). */
  deleteComment(id: string): CommentView;
  /** @mentions or tags an account from outside the emulator (`POST /_emulator/mentions`). */
  addMention(input: MentionInput): MentionResult;
  /**
   * Registers an app's webhook callback URL after Meta's verification handshake
   * (`POST /_emulator/webhooks`); rejects when the receiver does not echo the challenge.
   */
  registerWebhook(input: WebhookInput): Promise<WebhookRegistration[]>;
  /** Registrations, subscriptions, pending changes and deliveries (`GET /_emulator/webhooks`). */
  webhooks(): WebhooksView;
  /** Every webhook delivery so far, oldest first, with its exact body, signature and attempts. */
  webhookDeliveries(): WebhookDelivery[];
  /**
   * Sends the changes kept by `webhookBatching`, retries failed deliveries and resolves
   * once none is in flight, with what it sent (`POST /_emulator/webhooks/flush`).
   */
  flushWebhooks(): Promise<WebhookDelivery[]>;
  /** Creates a Facebook user and their Pages, for Facebook Login (reference §1b). */
  createFacebookUser(input: FacebookUserInput): FacebookUserView;
  /** Links a Page to an Instagram account, unlinks it (`null`), or changes its tasks. */
  updatePage(
    pageId: string,
    change: { instagramAccountId?: string | null; tasks?: readonly PageTask[] },
  ): PageView;
  /** Revokes a Facebook user's tokens, Page tokens included: 190/458 (or 460) afterwards. */
  revokeFacebookTokens(userId: string, subcode?: 458 | 460): number;
  /** Sends the Facebook app's deauthorize or data-deletion `signed_request` for a person. */
  sendFacebookCallback(
    kind: CallbackKind,
    input: { url: string; userId: string },
  ): Promise<CallbackResult>;
  /** Sends a deauthorize or data-deletion `signed_request` to `url` for an account. */
  sendCallback(
    kind: CallbackKind,
    input: { url: string; accountId: string },
  ): Promise<CallbackResult>;
  /**
   * The platform requests received (control requests aside), oldest first; with `path`,
   * only those whose path contains it. Secrets are left out of `params`.
   */
  requests(filter?: { path?: string }): LoggedRequest[];
  /** Forgets the recorded requests. */
  clearRequests(): void;
  /** Resolves once no media fetch and no webhook delivery is running. */
  idle(): Promise<void>;
  /** Stops listening, cuts hung and idle connections, cancels media fetches and deliveries. */
  close(): Promise<void>;
}

/**
 * Starts an emulator of the Instagram Graph API subset Reelay uses, on a real HTTP port.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator({ seed: 1, clock: createManualClock() });
 * const { id } = emulator.createAccount({ username: 'cafe.aurora' });
 * const { access_token } = emulator.mintToken(id);
 * const res = await fetch(`${emulator.url}/v21.0/me?fields=username&access_token=${access_token}`);
 * await emulator.close();
 * ```
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options))
    if (CONFIG_KEYS.has(key)) settings[key] = value;
  const ctx = new EmulatorContext({
    clock: options.clock ?? systemClock,
    seed: options.seed,
    config: parseConfigPatch(settings),
  });
  const closing = new AbortController();
  const hanging = new Set<ServerResponse>();
  const server = createServer(
    { keepAliveTimeout: 5000 },
    createRequestHandler(ctx, { hanging, closing: closing.signal }),
  );
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    get config() {
      return ctx.config;
    },
    now: () => ctx.now(),
    advance: (ms) => ctx.clock.advance(ms),
    configure: (patch) => Object.assign(ctx.config, parseConfigPatch(patch)),
    reset: () => ctx.reset(),
    createAccount: (input) => accountView(createAccount(ctx, input)),
    mintToken: (accountId, tokenOptions = {}) => mintToken(ctx, { accountId, ...tokenOptions }),
    revokeTokens: (accountId, subcode = 458) => revoke(ctx, { accountId, subcode }).revoked,
    addFault: (spec) => ctx.faults.add(parseFaultSpec(spec)),
    faults: () => ctx.faults.list(),
    clearFaults: () => ctx.faults.clear(),
    forceContainer: (id, state) => void forceContainer(ctx, id, state),
    containers: () => [...ctx.store.containers.values()].map((c) => containerView(ctx, c)),
    published: () => [...ctx.store.media.values()].map((m) => mediaView(ctx, m)),
    addComment: (input) => addCommentAction(ctx, input),
    comments: (mediaId) => commentsAction(ctx, mediaId),
    deleteComment: (id) => deleteCommentAction(ctx, id),
    addMention: (input) => addMentionAction(ctx, input),
    registerWebhook: (input) => ctx.webhooks.register(ctx, input),
    webhooks: () => webhooksView(ctx),
    webhookDeliveries: () => ctx.webhooks.deliveries(),
    flushWebhooks: () => ctx.webhooks.flush(ctx),
    sendCallback: (kind, input) => sendCallback(ctx, kind, input),
    createFacebookUser: (input) => createFacebookUser(ctx, input),
    updatePage: (pageId, change) => updatePage(ctx, pageId, change),
    revokeFacebookTokens: (userId, subcode = 458) =>
      revokeFacebookUser(ctx, { userId, subcode }).revoked,
    sendFacebookCallback: (kind, input) => sendFacebookCallback(ctx, kind, input),
    requests: (filter) => ctx.requests.list(filter),
    clearRequests: () => ctx.requests.clear(),
    idle: async () => {
      await ctx.fetcher.idle();
      await ctx.webhooks.idle();
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        ctx.fetcher.close();
        ctx.webhooks.close();
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
