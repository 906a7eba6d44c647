/**
 * The Instagram client: one granular method per platform call of Instagram Login and
 * content publishing (reference §1a, §1c, §2), so the publishing pipeline can store each
 * platform id before making the next call.
 */
import { Agent, type Dispatcher } from 'undici';
import * as z from 'zod';
import { ReelayError } from '../errors/reelay-error';
import {
  containerStatusError,
  CONTAINER_STATUS_CODES,
  type ContainerStatusCode,
} from './container-status';
import type { ContainerParams } from './container-requests';
import {
  buildAuthorizationUrl,
  canRefreshToken,
  isProfessionalAccountType,
  normalizeAccountType,
  readCodeExchange,
  readTokenAnswer,
  SHORT_LIVED_TOKEN_SECONDS,
  TOKEN_REFRESH_MIN_AGE_MS,
  type AuthorizationUrlOptions,
} from './instagram-oauth';
import {
  resolveInstagramClientOptions,
  type InstagramClientOptions,
  type ResolvedInstagramClientOptions,
} from './instagram-client-options';
import { InstagramPlatformError, type PlatformErrorFacts } from './instagram-platform-error';
import {
  fetchAccountInsights,
  fetchMediaInsights,
  type AccountInsights,
  type InsightsGet,
  type MediaInsights,
  type MediaProductType,
} from './instagram-insights';
import { assertPlatformId } from './platform-id';
import { INSTAGRAM_SCOPES } from './platform-error-table';
import {
  malformedResponse,
  parseWith,
  requireText,
  sendPlatformRequest,
  type PlatformTransport,
} from './platform-http';

/** A token from the code exchange: valid about 1 hour, to be exchanged for a long-lived one. */
export interface ShortLivedToken {
  readonly accessToken: string;
  /** The Instagram-scoped user id, exact, as a string. */
  readonly userId: string;
  /** The permissions the user granted. */
  readonly scopes: readonly string[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** A long-lived token (about 60 days), from the exchange or a refresh. */
export interface LongLivedToken {
  readonly accessToken: string;
  readonly tokenType: string;
  /** Seconds of validity as answered, or `null` when the answer omits it. */
  readonly expiresIn: number | null;
  /** When this client received it: the clock to compare with for the 24 h refresh rule. */
  readonly issuedAt: Date;
  readonly expiresAt: Date | null;
}

export interface RefreshTokenInput {
  readonly accessToken: string;
  /** When the token was issued (or last refreshed). */
  readonly issuedAt: Date;
  /** When it expires, if known: an expired token cannot be refreshed (reference §1a). */
  readonly expiresAt?: Date | null;
}

/** The account behind a token (`GET /me`, reference §1c, §6). */
export interface InstagramAccount {
  /** The professional account id used for publishing and by webhooks (`user_id`). */
  readonly userId: string;
  /** The app-scoped id (`id`), when answered. */
  readonly id: string | null;
  readonly username: string | null;
  readonly name: string | null;
  /** `account_type` in upper case (`BUSINESS`, `MEDIA_CREATOR`, …), or `null` when absent. */
  readonly accountType: string | null;
  readonly isProfessional: boolean;
  readonly profilePictureUrl: string | null;
  readonly followersCount: number | null;
  readonly followsCount: number | null;
  readonly mediaCount: number | null;
}

export interface ContainerStatus {
  readonly id: string;
  readonly statusCode: ContainerStatusCode;
  /** The platform's free text, e.g. "Error: Media upload has failed with error code 2207026". */
  readonly status: string | null;
  /** The subcode read from `status`, when it names one. */
  readonly subcode: number | null;
  /** For `ERROR` and `EXPIRED`: the Reelay error it stands for; otherwise `null`. */
  readonly error: InstagramPlatformError | null;
}

/** A published media (`GET /{media}`, reference §2 "Published media fields"). */
export interface PublishedMedia {
  readonly id: string;
  /** Absent on carousel children and sometimes right after publishing. */
  readonly permalink: string | null;
  readonly shortcode: string | null;
  /** ISO 8601 as answered, e.g. `2019-09-26T22:36:43+0000`. */
  readonly timestamp: string | null;
  /** `IMAGE`, `VIDEO` or `CAROUSEL_ALBUM`. */
  readonly mediaType: string | null;
  /** `FEED`, `STORY`, `REELS` or `AD`; tells Reels and Stories apart. */
  readonly mediaProductType: string | null;
}

/** The account's publishing quota, read live (reference §2 "Limits": never hard-code it). */
export interface PublishingLimit {
  readonly quotaUsage: number;
  /** `config.quota_total`, or `null` when the answer has no `config`. */
  readonly quotaTotal: number | null;
  /** `config.quota_duration` in seconds, or `null`. */
  readonly quotaDurationSeconds: number | null;
}

export interface TokenAndUser {
  readonly accessToken: string;
  /** The professional account id (`user_id` of `/me`). */
  readonly igUserId: string;
}

export interface InstagramClient {
  /** The authorization window's URL. */
  authorizationUrl(options: AuthorizationUrlOptions): string;
  /** `POST {api}/oauth/access_token`: the callback's code for a short-lived token. */
  exchangeCode(code: string): Promise<ShortLivedToken>;
  /** `GET {graph}/access_token?grant_type=ig_exchange_token`: a short-lived token for a long-lived one. */
  exchangeForLongLivedToken(shortLivedToken: string): Promise<LongLivedToken>;
  /** `GET {graph}/refresh_access_token?grant_type=ig_refresh_token`; refused before 24 h. */
  refreshLongLivedToken(input: RefreshTokenInput): Promise<LongLivedToken>;
  /** `GET /me`: the account behind a token. */
  getMe(accessToken: string): Promise<InstagramAccount>;
  /** `GET /me`, refusing personal accounts with `ACCOUNT_NOT_BUSINESS`. */
  getProfessionalAccount(accessToken: string): Promise<InstagramAccount>;
  /** `POST /{ig-user-id}/media`: one container (see `buildContainerPlan`). */
  createContainer(
    input: TokenAndUser & { readonly params: ContainerParams },
  ): Promise<{ id: string }>;
  /** `GET /{container}?fields=status_code,status`. */
  getContainerStatus(input: {
    readonly accessToken: string;
    readonly containerId: string;
  }): Promise<ContainerStatus>;
  /** `POST /{ig-user-id}/media_publish` with `creation_id`: the published media id. */
  publishContainer(input: TokenAndUser & { readonly creationId: string }): Promise<{ id: string }>;
  /** `GET /{media}?fields=id,permalink,shortcode,timestamp,media_type,media_product_type`. */
  getMedia(input: {
    readonly accessToken: string;
    readonly mediaId: string;
  }): Promise<PublishedMedia>;
  /** `POST /{media}/comments` with `message`. */
  createComment(input: {
    readonly accessToken: string;
    readonly mediaId: string;
    readonly message: string;
  }): Promise<{ id: string }>;
  /** `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config`. */
  getPublishingLimit(input: TokenAndUser): Promise<PublishingLimit>;
  /**
   * `GET /{media}/insights`: the metrics in current use for the media's product type
   * (reference §9); refused metrics are dropped, "Not enough viewers" is `reason`.
   */
  getMediaInsights(input: {
    readonly accessToken: string;
    readonly mediaId: string;
    readonly productType: MediaProductType;
  }): Promise<MediaInsights>;
  /** `GET /{ig-user-id}/insights`: daily metrics and totals for `since`…`until` (UTC days). */
  getAccountInsights(
    input: TokenAndUser & { readonly since: string; readonly until: string },
  ): Promise<AccountInsights>;
  /** Closes the dispatcher the client created (an injected one is left to its owner). */
  close(): Promise<void>;
}

const idSchema = z
  .union([z.string().regex(/^[A-Za-z0-9_]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);
const countSchema = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .nullish()
  .transform((value) => value ?? null);
const textSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const createdSchema = z.object({ id: idSchema });

const meSchema = z
  .object({
    id: idSchema.optional(),
    user_id: idSchema.optional(),
    username: textSchema,
    name: textSchema,
    account_type: textSchema,
    profile_picture_url: textSchema,
    followers_count: countSchema,
    follows_count: countSchema,
    media_count: countSchema,
  })
  .refine((me) => me.user_id !== undefined || me.id !== undefined);

const containerStatusSchema = z.object({
  id: idSchema.optional(),
  status_code: z.string(),
  status: textSchema,
});

const mediaSchema = z.object({
  id: idSchema,
  permalink: textSchema,
  shortcode: textSchema,
  timestamp: textSchema,
  media_type: textSchema,
  media_product_type: textSchema,
});

const limitEntrySchema = z.object({
  quota_usage: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
  config: z
    .object({ quota_total: countSchema, quota_duration: countSchema })
    .nullish()
    .transform((value) => value ?? null),
});

/**
 * The fields Reelay reads from `/me` (reference §1c).
 *
 * @example
 * ```ts
 * ME_FIELDS.join(','); // 'user_id,username,name,account_type,…'
 * ```
 */
export const ME_FIELDS = [
  'user_id',
  'username',
  'name',
  'account_type',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
] as const;

/**
 * The fields of a published media Reelay reads (reference §2).
 *
 * @example
 * ```ts
 * MEDIA_FIELDS.join(','); // 'id,permalink,shortcode,timestamp,media_type,media_product_type'
 * ```
 */
export const MEDIA_FIELDS = [
  'id',
  'permalink',
  'shortcode',
  'timestamp',
  'media_type',
  'media_product_type',
] as const;

/** The refusal of this client itself, before anything is sent. */
function refusedLocally(
  code: 'INTERNAL_ERROR' | 'TOKEN_INVALID',
  message: string,
  details: Record<string, unknown>,
): InstagramPlatformError {
  return new InstagramPlatformError(code, {
    message,
    details,
    transient: false,
    outcome: 'not_sent',
  });
}

/**
 * Creates the Instagram client. Missing app credentials throw
 * `PLATFORM_CREDENTIALS_MISSING`. Every call has timeouts, keeps ids exact, throws
 * `InstagramPlatformError` (a `ReelayError`) and never lets a token or the app secret into
 * an error.
 *
 * @example
 * ```ts
 * const instagram = createInstagramClient({
 *   appId: process.env.INSTAGRAM_APP_ID!,
 *   appSecret: process.env.INSTAGRAM_APP_SECRET!,
 *   redirectUri: 'https://reelay.example/v1/connect/instagram/callback',
 * });
 * const url = instagram.authorizationUrl({ state });
 * // … later, on the callback:
 * const { code } = parseAuthorizationCallback(request.query);
 * const short = await instagram.exchangeCode(code);
 * const long = await instagram.exchangeForLongLivedToken(short.accessToken);
 * const account = await instagram.getProfessionalAccount(long.accessToken);
 * ```
 */
export function createInstagramClient(options: InstagramClientOptions): InstagramClient {
  const config: ResolvedInstagramClientOptions = resolveInstagramClientOptions(options);
  const { timeouts } = config;
  const ownDispatcher: Dispatcher | undefined = options.dispatcher
    ? undefined
    : new Agent({
        connect: { timeout: timeouts.connectMs },
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
  const transport: PlatformTransport = {
    dispatcher: options.dispatcher ?? (ownDispatcher as Dispatcher),
    timeouts,
    maxResponseBytes: config.maxResponseBytes,
  };
  const now = () => config.clock();

  /** A versioned Graph URL: `{graph}/{version}/{path}?{query}`. */
  function graphUrl(path: string, query: Record<string, string>): URL {
    const prefix = config.graphApiVersion ? `/${config.graphApiVersion}` : '';
    const url = new URL(`${config.graphUrl}${prefix}/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  async function graphGet(
    path: string,
    query: Record<string, string>,
    accessToken: string,
    scope: string,
    signal?: AbortSignal,
  ) {
    return sendPlatformRequest(transport, {
      method: 'GET',
      url: graphUrl(path, { ...query, access_token: accessToken }),
      secrets: [accessToken, config.appSecret],
      scope,
      ...(signal ? { signal } : {}),
    });
  }

  /** The GET of one insights read: every call shares the read's deadline. */
  function insightsGet(accessToken: string): InsightsGet {
    const deadline = AbortSignal.timeout(timeouts.insightsMs);
    return (path, query) =>
      graphGet(path, query, accessToken, INSTAGRAM_SCOPES.manageInsights, deadline);
  }

  async function graphPost(
    path: string,
    form: Record<string, string>,
    accessToken: string,
    scope: string,
  ) {
    return sendPlatformRequest(transport, {
      method: 'POST',
      url: graphUrl(path, {}),
      form: { ...form, access_token: accessToken },
      secrets: [accessToken, config.appSecret],
      scope,
    });
  }

  /** The token endpoints are documented without a version (reference §1a "Endpoints"). */
  async function tokenGet(path: string, query: Record<string, string>, token: string) {
    const url = new URL(`${config.graphUrl}/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    url.searchParams.set('access_token', token);
    const body = await sendPlatformRequest(transport, {
      method: 'GET',
      url,
      secrets: [token, config.appSecret],
      scope: INSTAGRAM_SCOPES.basic,
    });
    const answer = readTokenAnswer(body);
    if (!answer) throw malformedResponse(`${path} without access_token`);
    const issuedAt = now();
    return {
      ...answer,
      issuedAt,
      expiresAt:
        answer.expiresIn === null ? null : new Date(issuedAt.getTime() + answer.expiresIn * 1000),
    } satisfies LongLivedToken;
  }

  async function readMe(accessToken: string): Promise<InstagramAccount> {
    requireText(accessToken, 'accessToken');
    const body = await graphGet(
      'me',
      { fields: ME_FIELDS.join(',') },
      accessToken,
      INSTAGRAM_SCOPES.basic,
    );
    const me = parseWith(meSchema, body, '/me without user_id');
    const accountType = normalizeAccountType(me.account_type);
    return {
      // user_id is the professional account id; id (app-scoped) stands in if it is missing.
      userId: (me.user_id ?? me.id) as string,
      id: me.id ?? null,
      username: me.username,
      name: me.name,
      accountType,
      isProfessional: isProfessionalAccountType(accountType),
      profilePictureUrl: me.profile_picture_url,
      followersCount: me.followers_count,
      followsCount: me.follows_count,
      mediaCount: me.media_count,
    };
  }

  return {
    authorizationUrl(authorization) {
      return buildAuthorizationUrl(config, authorization);
    },

    async exchangeCode(rawCode) {
      // The redirect appends `#_` to the code (reference §1a "Success redirect").
      const code = requireText(rawCode, 'code').trim().replace(/#_?$/, '');
      const body = await sendPlatformRequest(transport, {
        method: 'POST',
        url: new URL(`${config.apiUrl}/oauth/access_token`),
        form: {
          client_id: config.appId,
          client_secret: config.appSecret,
          grant_type: 'authorization_code',
          redirect_uri: config.redirectUri,
          code,
        },
        secrets: [config.appSecret, code],
        scope: INSTAGRAM_SCOPES.basic,
      });
      const exchanged = readCodeExchange(body);
      if (!exchanged) throw malformedResponse('code exchange without access_token or user_id');
      const issuedAt = now();
      const lifetime = exchanged.expiresIn ?? SHORT_LIVED_TOKEN_SECONDS;
      return {
        accessToken: exchanged.accessToken,
        userId: exchanged.userId,
        scopes: exchanged.scopes,
        issuedAt,
        expiresAt: new Date(issuedAt.getTime() + lifetime * 1000),
      };
    },

    async exchangeForLongLivedToken(shortLivedToken) {
      requireText(shortLivedToken, 'accessToken');
      return tokenGet(
        'access_token',
        { grant_type: 'ig_exchange_token', client_secret: config.appSecret },
        shortLivedToken,
      );
    },

    async refreshLongLivedToken(input) {
      requireText(input.accessToken, 'accessToken');
      const at = now();
      if (input.expiresAt && at.getTime() >= input.expiresAt.getTime()) {
        // An expired token cannot be refreshed; only a new login helps (reference §1a).
        throw refusedLocally('TOKEN_INVALID', 'O token da conta expirou; reconecte a conta.', {
          reason: 'token_expired',
        });
      }
      if (!canRefreshToken(input.issuedAt, at)) {
        const refreshableAt = new Date(input.issuedAt.getTime() + TOKEN_REFRESH_MIN_AGE_MS);
        throw refusedLocally(
          'INTERNAL_ERROR',
          'O token só pode ser renovado 24 horas depois de emitido.',
          { reason: 'token_too_recent', refreshableAt: refreshableAt.toISOString() },
        );
      }
      return tokenGet(
        'refresh_access_token',
        { grant_type: 'ig_refresh_token' },
        input.accessToken,
      );
    },

    getMe: readMe,

    async getProfessionalAccount(accessToken) {
      const account = await readMe(accessToken);
      // Only a type we can read and that is not professional is refused: Business Login
      // serves professional accounts, and an absent field proves nothing (reference §1c).
      if (account.accountType !== null && !account.isProfessional) {
        throw new ReelayError('ACCOUNT_NOT_BUSINESS', {
          details: { reason: account.accountType.toLowerCase() },
        });
      }
      return account;
    },

    async createContainer({ accessToken, igUserId, params }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      const body = await graphPost(
        `${user}/media`,
        { ...params },
        accessToken,
        INSTAGRAM_SCOPES.contentPublish,
      );
      return { id: parseWith(createdSchema, body, 'container without id').id };
    },

    async getContainerStatus({ accessToken, containerId }) {
      requireText(accessToken, 'accessToken');
      const container = assertPlatformId(containerId, 'containerId');
      const body = await graphGet(
        container,
        { fields: 'status_code,status' },
        accessToken,
        INSTAGRAM_SCOPES.basic,
      );
      const parsed = parseWith(containerStatusSchema, body, 'container status without status_code');
      const statusCode = parsed.status_code.trim().toUpperCase();
      if (!(CONTAINER_STATUS_CODES as readonly string[]).includes(statusCode)) {
        throw malformedResponse(`unknown status_code ${statusCode.slice(0, 40)}`);
      }
      const known = statusCode as ContainerStatusCode;
      const error = containerStatusError(known, parsed.status);
      const facts: PlatformErrorFacts | undefined = error?.platform;
      return {
        id: parsed.id ?? container,
        statusCode: known,
        status: parsed.status,
        subcode: facts?.subcode ?? null,
        error,
      };
    },

    async publishContainer({ accessToken, igUserId, creationId }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      const creation = assertPlatformId(creationId, 'creationId');
      const body = await graphPost(
        `${user}/media_publish`,
        { creation_id: creation },
        accessToken,
        INSTAGRAM_SCOPES.contentPublish,
      );
      return { id: parseWith(createdSchema, body, 'media_publish without id').id };
    },

    async getMedia({ accessToken, mediaId }) {
      requireText(accessToken, 'accessToken');
      const media = assertPlatformId(mediaId, 'mediaId');
      const body = await graphGet(
        media,
        { fields: MEDIA_FIELDS.join(',') },
        accessToken,
        INSTAGRAM_SCOPES.basic,
      );
      const parsed = parseWith(mediaSchema, body, 'media without id');
      return {
        id: parsed.id,
        permalink: parsed.permalink,
        shortcode: parsed.shortcode,
        timestamp: parsed.timestamp,
        mediaType: parsed.media_type,
        mediaProductType: parsed.media_product_type,
      };
    },

    async createComment({ accessToken, mediaId, message }) {
      requireText(accessToken, 'accessToken');
      const media = assertPlatformId(mediaId, 'mediaId');
      requireText(message, 'message');
      const body = await graphPost(
        `${media}/comments`,
        { message },
        accessToken,
        INSTAGRAM_SCOPES.manageComments,
      );
      return { id: parseWith(createdSchema, body, 'comment without id').id };
    },

    async getPublishingLimit({ accessToken, igUserId }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      const body = await graphGet(
        `${user}/content_publishing_limit`,
        { fields: 'quota_usage,config' },
        accessToken,
        INSTAGRAM_SCOPES.contentPublish,
      );
      // Documented as `{"data":[{…}]}`; a bare object is read the same way.
      const entry =
        typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { data?: unknown }).data)
          ? (body as { data: unknown[] }).data[0]
          : body;
      const parsed = parseWith(
        limitEntrySchema,
        entry,
        'content_publishing_limit without quota_usage',
      );
      return {
        quotaUsage: parsed.quota_usage,
        quotaTotal: parsed.config?.quota_total ?? null,
        quotaDurationSeconds: parsed.config?.quota_duration ?? null,
      };
    },

    async getMediaInsights({ accessToken, mediaId, productType }) {
      requireText(accessToken, 'accessToken');
      const media = assertPlatformId(mediaId, 'mediaId');
      return fetchMediaInsights(insightsGet(accessToken), { mediaId: media, productType });
    },

    async getAccountInsights({ accessToken, igUserId, since, until }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      return fetchAccountInsights(insightsGet(accessToken), { igUserId: user, since, until });
    },

    async close() {
      await ownDispatcher?.close();
    },
  };
}
