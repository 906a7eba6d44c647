/**
 * The Instagram client: one granular method per platform call of Instagram Login and
 * content publishing (reference §1a, §1c, §2), so the publishing pipeline can store each
 * platform id before making the next call. The shapes it answers with live in
 * `instagram-client-types.ts` and the reading of each answer in `instagram-responses.ts`;
 * both are re-exported here, the path importers use.
 */
import { Agent, type Dispatcher } from 'undici';
import { ReelayError } from '../errors/reelay-error';
import {
  buildAuthorizationUrl,
  canRefreshToken,
  readCodeExchange,
  readTokenAnswer,
  SHORT_LIVED_TOKEN_SECONDS,
  TOKEN_REFRESH_MIN_AGE_MS,
} from './instagram-oauth';
import {
  resolveInstagramClientOptions,
  type InstagramClientOptions,
  type ResolvedInstagramClientOptions,
} from './instagram-client-options';
import type { InstagramAccount, InstagramClient, LongLivedToken } from './instagram-client-types';
import { InstagramPlatformError } from './instagram-platform-error';
import {
  fetchAccountInsights,
  fetchMediaInsights,
  fetchOnlineFollowers,
  type InsightsGet,
} from './instagram-insights';
import { commentCalls, type CommentTransport } from './instagram-comments';
import {
  ME_FIELDS,
  MEDIA_FIELDS,
  readAccount,
  readContainerStatus,
  readCreatedId,
  readPublishedMedia,
  readPublishingLimit,
} from './instagram-responses';
import { assertPlatformId } from './platform-id';
import { uploadAddress, uploadVideoBytes } from './resumable-upload';
import { INSTAGRAM_SCOPES } from './platform-error-table';
import {
  malformedResponse,
  requireText,
  sendPlatformRequest,
  type PlatformRequest,
  type PlatformTransport,
} from './platform-http';

export type {
  ContainerStatus,
  InstagramAccount,
  InstagramClient,
  LongLivedToken,
  PublishedMedia,
  PublishingLimit,
  RefreshTokenInput,
  ShortLivedToken,
  TokenAndUser,
} from './instagram-client-types';
export { ME_FIELDS, MEDIA_FIELDS } from './instagram-responses';

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
    ...(options.onCall ? { observe: options.onCall } : {}),
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
    onHeaders?: PlatformRequest['onHeaders'],
  ) {
    return sendPlatformRequest(transport, {
      method: 'GET',
      url: graphUrl(path, { ...query, access_token: accessToken }),
      secrets: [accessToken, config.appSecret],
      scope,
      ...(signal ? { signal } : {}),
      ...(onHeaders ? { onHeaders } : {}),
    });
  }

  /** The comment calls of one token (reference §10: the same paths on both hosts). */
  function commentTransport(accessToken: string): CommentTransport {
    requireText(accessToken, 'accessToken');
    const secrets = [accessToken, config.appSecret];
    return {
      get: (path, query, scope, onHeaders) =>
        graphGet(path, query, accessToken, scope, undefined, onHeaders),
      post: (path, form, scope) => graphPost(path, form, accessToken, scope),
      postJson: (path, json, scope) =>
        sendPlatformRequest(transport, {
          method: 'POST',
          url: graphUrl(path, { access_token: accessToken }),
          json,
          secrets,
          scope,
        }),
      delete: (path, scope) =>
        sendPlatformRequest(transport, {
          method: 'DELETE',
          url: graphUrl(path, { access_token: accessToken }),
          secrets,
          scope,
        }),
    };
  }
  const commentScopes = options.commentScopes ?? {
    comments: INSTAGRAM_SCOPES.manageComments,
    messages: 'instagram_business_manage_messages',
  };
  /** Binds a comment call to the token it is made with. */
  function withToken<Input extends object, Output>(
    call: (calls: ReturnType<typeof commentCalls>) => (input: Input) => Promise<Output>,
  ) {
    return (input: Input & { readonly accessToken: string }) =>
      call(commentCalls(commentTransport(input.accessToken), commentScopes))(input);
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
    return readAccount(body);
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
      return { id: readCreatedId(body, 'container without id') };
    },

    async uploadVideo(input) {
      requireText(input.accessToken, 'accessToken');
      const container = assertPlatformId(input.containerId, 'containerId');
      const address = uploadAddress(config.uploadUrl, config.graphApiVersion, container);
      return uploadVideoBytes(transport, address, { ...input, containerId: container });
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
      return readContainerStatus(body, container);
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
      return { id: readCreatedId(body, 'media_publish without id') };
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
      return readPublishedMedia(body);
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
      return { id: readCreatedId(body, 'comment without id') };
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
      return readPublishingLimit(body);
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

    async getOnlineFollowers({ accessToken, igUserId, since, until }) {
      requireText(accessToken, 'accessToken');
      const user = assertPlatformId(igUserId, 'igUserId');
      return fetchOnlineFollowers(insightsGet(accessToken), { igUserId: user, since, until });
    },

    listComments: withToken((calls) => calls.listComments),
    listReplies: withToken((calls) => calls.listReplies),
    listMediaCommentCounts: withToken((calls) => calls.listMediaCommentCounts),
    getComment: withToken((calls) => calls.getComment),
    replyToComment: withToken((calls) => calls.replyToComment),
    setCommentHidden: withToken((calls) => calls.setCommentHidden),
    deleteComment: withToken((calls) => calls.deleteComment),
    setCommentsEnabled: withToken((calls) => calls.setCommentsEnabled),
    sendPrivateReply: withToken((calls) => calls.sendPrivateReply),
    subscribeToWebhooks: withToken((calls) => calls.subscribeToWebhooks),
    getMention: withToken((calls) => calls.getMention),

    async close() {
      await ownDispatcher?.close();
    },
  };
}
