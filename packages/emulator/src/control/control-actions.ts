import type { EmulatorContext } from '../emulator-context';
import { containerStatus, statusText } from '../graph/container-status';
import { allComments } from '../graph/comment-threads';
import { graphTimestamp } from '../graph/timestamp';
import { isHttpUrl } from '../http/is-http-url';
import { issueToken, revokeTokens, secondsLeft } from '../oauth/tokens';
import {
  createSignedRequest,
  deliverSignedRequest,
  type SignedRequestDelivery,
} from '../signed-request';
import { isScopeList } from '../oauth/scopes';
import {
  SCOPES,
  type Container,
  type ContainerStatusCode,
  type ForcedState,
  type Media,
} from '../state/types';
import { ControlError } from './control-error';

/**
 * What the control API (`/_emulator/*`) and the in-process `Emulator` handle can do. Both
 * call these, so a test driving the emulator over HTTP and one holding the handle see the
 * same behaviour.
 */

/**
 * A token minted without the OAuth dance, as the App Dashboard's "Generate token" does.
 *
 * @example
 * ```ts
 * const { access_token }: MintedToken = emulator.mintToken(accountId);
 * ```
 */
export interface MintedToken {
  readonly access_token: string;
  readonly token_type: 'bearer';
  readonly expires_in: number;
  readonly user_id: string;
  readonly permissions: string;
}

function record(input: unknown, what: string): Record<string, unknown> {
  if (input === undefined) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, `${what} must be a JSON object`);
  }
  return input as Record<string, unknown>;
}

function accountIdOf(ctx: EmulatorContext, data: Record<string, unknown>): string {
  const id = data.accountId;
  if (typeof id !== 'string') throw new ControlError(400, 'accountId (a string) is required');
  if (!ctx.store.accounts.has(id)) throw new ControlError(404, `no account ${id}`);
  return id;
}

/**
 * Issues a token for an account: long-lived (default, 60 days, like a dashboard token) or
 * short-lived (1 h), with the account's scopes or the given ones.
 */
export function mintToken(ctx: EmulatorContext, input: unknown): MintedToken {
  const data = record(input, 'the token request');
  const accountId = accountIdOf(ctx, data);
  const kind = data.kind ?? 'long';
  if (kind !== 'long' && kind !== 'short')
    throw new ControlError(400, "kind must be 'long' or 'short'");
  const scopes = data.scopes;
  if (scopes !== undefined && !isScopeList(scopes)) {
    throw new ControlError(400, `scopes must be a list of: ${SCOPES.join(', ')}`);
  }
  const token = issueToken(ctx, accountId, kind, scopes);
  return {
    access_token: token.token,
    token_type: 'bearer',
    expires_in: secondsLeft(ctx, token),
    user_id: accountId,
    permissions: token.scopes.join(','),
  };
}

/** Revokes an account's tokens (or one token): their use then answers 190/458 (or 460). */
export function revoke(ctx: EmulatorContext, input: unknown): { revoked: number } {
  const data = record(input, 'the revocation');
  const subcode = data.subcode ?? 458;
  if (subcode !== 458 && subcode !== 460) throw new ControlError(400, 'subcode must be 458 or 460');
  if (typeof data.token === 'string') {
    const token = ctx.store.tokens.get(data.token);
    if (!token) throw new ControlError(404, 'no such token');
    token.revokedSubcode = subcode;
    return { revoked: 1 };
  }
  return { revoked: revokeTokens(ctx, accountIdOf(ctx, data), subcode) };
}

/** Makes a token (or every token of an account) expired now: its use answers 190/463. */
export function expireTokens(ctx: EmulatorContext, input: unknown): { expired: number } {
  const data = record(input, 'the expiry');
  const now = ctx.now();
  if (typeof data.token === 'string') {
    const token = ctx.store.tokens.get(data.token);
    if (!token) throw new ControlError(404, 'no such token');
    token.expiresAt = Math.min(token.expiresAt, now);
    return { expired: 1 };
  }
  const accountId = accountIdOf(ctx, data);
  let expired = 0;
  for (const token of ctx.store.tokens.values()) {
    if (token.accountId === accountId) {
      token.expiresAt = Math.min(token.expiresAt, now);
      expired++;
    }
  }
  return { expired };
}

/**
 * Forces a container's state: stuck `IN_PROGRESS`, `ERROR` with a subcode (default
 * 2207001), `EXPIRED`, or `FINISHED` (which also clears a failed media fetch).
 */
export function forceContainer(ctx: EmulatorContext, id: string, input: unknown): ContainerView {
  const container = ctx.store.containers.get(id);
  if (!container) throw new ControlError(404, `no container ${id}`);
  const data = record(input, 'the container state');
  let forced: ForcedState;
  switch (data.status) {
    case 'IN_PROGRESS':
    case 'FINISHED':
    case 'EXPIRED':
      forced = { status: data.status };
      break;
    case 'ERROR': {
      const subcode = data.subcode ?? 2207001;
      if (typeof subcode !== 'number' || !Number.isInteger(subcode)) {
        throw new ControlError(400, 'subcode must be an integer');
      }
      forced = { status: 'ERROR', subcode };
      break;
    }
    default:
      throw new ControlError(400, "status must be 'IN_PROGRESS', 'FINISHED', 'ERROR' or 'EXPIRED'");
  }
  if (container.publishedMediaId !== undefined) {
    throw new ControlError(409, `container ${id} is already published`);
  }
  container.forced = forced;
  if (forced.status === 'FINISHED') container.fetch = { state: 'ok' };
  return containerView(ctx, container);
}

/**
 * A container as the control API lists it.
 *
 * @example
 * ```ts
 * const stuck = emulator.containers().filter((c: ContainerView) => c.statusCode === 'IN_PROGRESS');
 * ```
 */
export interface ContainerView {
  readonly id: string;
  readonly accountId: string;
  readonly kind: Container['kind'];
  readonly statusCode: ContainerStatusCode;
  readonly status: string;
  readonly imageUrl?: string | undefined;
  readonly videoUrl?: string | undefined;
  readonly caption?: string | undefined;
  readonly children?: readonly string[] | undefined;
  /** The options the creation request carried, as the emulator read them. */
  readonly userTags?: Container['userTags'];
  readonly collaborators?: readonly string[] | undefined;
  readonly shareToFeed?: boolean | undefined;
  readonly audioName?: string | undefined;
  readonly trialGraduation?: Container['trialGraduation'];
  readonly isAiGenerated?: boolean | undefined;
  readonly productTags?: Container['productTags'];
  /** The media it became, once published. */
  readonly mediaId?: string | undefined;
  /**
   * A resumable container's upload: bytes received, the file's size, the offset each
   * chunk started at, and the SHA-256 of the bytes once complete.
   */
  readonly upload?:
    | {
        readonly offset: number;
        readonly fileSize: number | null;
        readonly chunkOffsets: readonly number[];
        readonly sha256: string | null;
        readonly fileUrl: string | null;
      }
    | undefined;
  readonly createdAt: string;
}

/** A container as the control API lists it. */
export function containerView(ctx: EmulatorContext, container: Container): ContainerView {
  const status = containerStatus(ctx, container);
  return {
    id: container.id,
    accountId: container.accountId,
    kind: container.kind,
    statusCode: status.code,
    status: statusText(status),
    imageUrl: container.imageUrl,
    videoUrl: container.videoUrl,
    caption: container.caption,
    children: container.children,
    userTags: container.userTags,
    collaborators: container.collaborators,
    shareToFeed: container.shareToFeed,
    audioName: container.audioName,
    trialGraduation: container.trialGraduation,
    isAiGenerated: container.isAiGenerated,
    productTags: container.productTags,
    mediaId: container.publishedMediaId,
    upload: container.upload && {
      offset: container.upload.offset,
      fileSize: container.upload.fileSize,
      chunkOffsets: [...container.upload.chunkOffsets],
      sha256: container.upload.sha256,
      fileUrl: container.upload.fileUrl,
    },
    createdAt: graphTimestamp(container.createdAt),
  };
}

/**
 * A published media as the control API lists it: everything a test needs to prove what
 * was published, by whom, from which container, exactly once.
 *
 * @example
 * ```ts
 * const mine = emulator.published().filter((m: MediaView) => m.containerId === containerId);
 * expect(mine).toHaveLength(1);
 * ```
 */
export interface MediaView {
  readonly id: string;
  readonly accountId: string;
  readonly username: string | undefined;
  readonly containerId: string;
  readonly mediaType: Media['mediaType'];
  readonly productType: Media['productType'];
  readonly caption?: string | undefined;
  readonly mediaUrl: string;
  readonly thumbnailUrl?: string | undefined;
  readonly children: Media['children'];
  readonly locationId?: string | undefined;
  readonly userTags?: Media['userTags'];
  readonly collaborators?: readonly string[] | undefined;
  readonly altText?: string | undefined;
  readonly shareToFeed?: boolean | undefined;
  readonly audioName?: string | undefined;
  readonly trialGraduation?: Media['trialGraduation'];
  readonly isAiGenerated?: boolean | undefined;
  readonly productTags?: Media['productTags'];
  readonly permalink: string;
  readonly shortcode: string;
  readonly timestamp: string;
  /** Publication time in milliseconds (the Graph `timestamp` has whole seconds only). */
  readonly publishedAtMs: number;
  /** Every comment on it, replies and deleted ones included, oldest first. */
  readonly comments: readonly {
    readonly id: string;
    readonly text: string;
    readonly timestamp: string;
  }[];
}

/** A published media as the control API lists it. */
export function mediaView(ctx: EmulatorContext, media: Media): MediaView {
  return {
    id: media.id,
    accountId: media.accountId,
    username: ctx.store.accounts.get(media.accountId)?.username,
    containerId: media.containerId,
    mediaType: media.mediaType,
    productType: media.productType,
    caption: media.caption,
    mediaUrl: media.mediaUrl,
    thumbnailUrl: media.thumbnailUrl,
    children: media.children,
    locationId: media.locationId,
    userTags: media.userTags,
    collaborators: media.collaborators,
    altText: media.altText,
    shareToFeed: media.shareToFeed,
    audioName: media.audioName,
    trialGraduation: media.trialGraduation,
    isAiGenerated: media.isAiGenerated,
    productTags: media.productTags,
    permalink: media.permalink,
    shortcode: media.shortcode,
    timestamp: graphTimestamp(media.publishedAt),
    publishedAtMs: media.publishedAt,
    comments: allComments(ctx, media.id).map(({ id, text, createdAt }) => ({
      id,
      text,
      timestamp: graphTimestamp(createdAt),
    })),
  };
}

/**
 * Which Meta callback to send.
 *
 * @example
 * ```ts
 * const kind: CallbackKind = 'data-deletion';
 * ```
 */
export type CallbackKind = 'deauthorize' | 'data-deletion';

/**
 * The answer of `POST /_emulator/deauthorize` and `POST /_emulator/data-deletion`.
 *
 * @example
 * ```ts
 * const result: CallbackResult = await emulator.sendCallback('deauthorize', { url, accountId });
 * result.status; // what the receiver answered
 * ```
 */
export interface CallbackResult extends SignedRequestDelivery {
  readonly signedRequest: string;
  readonly payload: Record<string, unknown>;
  /** Tokens revoked by a deauthorization. */
  readonly revoked?: number;
}

/**
 * Sends a deauthorize or data-deletion callback for an account to `url`, signed with the
 * app secret, and reports what the receiver answered. Deauthorizing also revokes the
 * account's tokens (190/458 afterwards): the person removed the app.
 */
export async function sendCallback(
  ctx: EmulatorContext,
  kind: CallbackKind,
  input: unknown,
): Promise<CallbackResult> {
  const data = record(input, 'the callback request');
  if (typeof data.url !== 'string' || !isHttpUrl(data.url)) {
    throw new ControlError(400, 'url (an http or https URL) is required');
  }
  const accountId = accountIdOf(ctx, data);
  const issuedAt = Math.floor(ctx.now() / 1000);
  const payload: Record<string, unknown> =
    kind === 'data-deletion'
      ? {
          algorithm: 'HMAC-SHA256',
          expires: issuedAt + 3600,
          issued_at: issuedAt,
          user_id: accountId,
        }
      : { algorithm: 'HMAC-SHA256', issued_at: issuedAt, user_id: accountId };
  const revoked = kind === 'deauthorize' ? revokeTokens(ctx, accountId, 458) : undefined;
  const signedRequest = createSignedRequest(payload, ctx.config.appSecret);
  let delivery: SignedRequestDelivery;
  try {
    delivery = await deliverSignedRequest(data.url, signedRequest);
  } catch (error) {
    throw new ControlError(
      502,
      `the ${kind} callback could not be delivered: ${(error as Error).message}`,
    );
  }
  return { ...delivery, signedRequest, payload, ...(revoked === undefined ? {} : { revoked }) };
}
